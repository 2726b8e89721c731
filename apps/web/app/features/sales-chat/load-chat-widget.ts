import type { PublicConfig } from "@bakery/shared/config";

type ChatProvider = Exclude<PublicConfig["CHAT_PROVIDER"], "none">;

type ChatWindow = Window & {
  $crisp?: unknown[][];
  CRISP_WEBSITE_ID?: string;
  Intercom?: (command: string) => void;
  intercomSettings?: { app_id: string };
};

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Could not load ${src}`));
    document.head.append(script);
  });
}

let loading: Promise<void> | undefined;

/**
 * Loads the configured sales-chat widget on first use and opens a session.
 * The widget's script never loads with the page: only when asked for.
 */
export async function openSalesChat(provider: ChatProvider, chatId: string): Promise<void> {
  const chatWindow = window as ChatWindow;
  if (provider === "crisp") {
    chatWindow.$crisp ??= [];
    chatWindow.CRISP_WEBSITE_ID = chatId;
    loading ??= loadScript("https://client.crisp.chat/l.js");
    await loading;
    chatWindow.$crisp.push(["do", "chat:open"]);
    return;
  }
  chatWindow.intercomSettings = { app_id: chatId };
  loading ??= loadScript(`https://widget.intercom.io/widget/${encodeURIComponent(chatId)}`);
  await loading;
  chatWindow.Intercom?.("show");
}
