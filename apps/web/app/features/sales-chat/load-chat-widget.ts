import type { PublicConfig } from "@bakery/shared/config";
import { withTimeLimit } from "#app/lib/time-limit.ts";

type ChatProvider = Exclude<PublicConfig["CHAT_PROVIDER"], "none">;

type ChatWindow = Window & {
  $crisp?: unknown[][];
  CRISP_WEBSITE_ID?: string;
  Intercom?: (command: string) => void;
  intercomSettings?: { app_id: string };
};

/** A widget that has not loaded by then is unavailable: the button offers the demo booking. */
const loadLimitMs = 15_000;

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error(`Could not load ${src}`));
    };
    document.head.append(script);
  });
}

let loading: Promise<void> | undefined;

/** The widget's script, loaded once; after a failure the next click tries again. */
function loadOnce(src: string): Promise<void> {
  // A script that arrives after the limit may still run: harmless, the widget then waits for
  // its next "open".
  loading ??= withTimeLimit(loadScript(src), loadLimitMs, "The chat widget").catch(
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Loads the configured sales-chat widget on first use and opens a session.
 * The widget's script never loads with the page: only when asked for. Rejects when the
 * script fails or takes longer than 15 s, so the wait always ends.
 */
export async function openSalesChat(provider: ChatProvider, chatId: string): Promise<void> {
  const chatWindow = window as ChatWindow;
  if (provider === "crisp") {
    chatWindow.$crisp ??= [];
    chatWindow.CRISP_WEBSITE_ID = chatId;
    await loadOnce("https://client.crisp.chat/l.js");
    chatWindow.$crisp.push(["do", "chat:open"]);
    return;
  }
  chatWindow.intercomSettings = { app_id: chatId };
  await loadOnce(`https://widget.intercom.io/widget/${encodeURIComponent(chatId)}`);
  chatWindow.Intercom?.("show");
}
