import MessageCircle from "lucide-react/icons/message-circle";
import { useState } from "react";
import { Link } from "react-router";
import { siteConfig } from "#app/site-config.ts";
import { AnnouncedWhenShown } from "#app/ui/announced-when-shown.tsx";
import { opensElsewhere } from "#app/ui/opens-elsewhere.ts";

/** Its look, and data-floating-button: the footer leaves room for it on a phone (site-footer.tsx). */
const floatingButton = {
  className:
    "fixed right-4 bottom-4 z-30 inline-flex h-14 items-center gap-2 rounded-full bg-brand-700 pr-5 pl-4 font-semibold text-white shadow-lg ring-4 ring-white/60 hover:bg-brand-800 sm:right-6 sm:bottom-6",
  "data-floating-button": "",
};

const chatButtonText = {
  idle: "Chat with sales",
  loading: "Starting chat…",
  failed: "Chat is unavailable. Book a Demo",
} as const;

/**
 * The floating "talk to sales" button. With a chat provider configured it
 * starts a live chat (loading the widget on the first click); without one it
 * takes the visitor to the demo booking, so it is never a dead button. It is
 * a link to the demo booking in either case, which is what it does before the
 * app can load the widget, and again once the widget has failed to load: then
 * it says so, and a screen reader announces it. It stays the same element
 * through all of this, so a keyboard that pressed it is still on it.
 */
export function ChatButton() {
  const [state, setState] = useState<keyof typeof chatButtonText>("idle");
  const provider = siteConfig.CHAT_PROVIDER;

  if (provider === "none") {
    return (
      <Link to="/book-demo" {...floatingButton}>
        <MessageCircle aria-hidden="true" className="size-6" />
        Talk to sales
      </Link>
    );
  }

  async function startChat() {
    if (provider === "none") return;
    setState("loading");
    try {
      await import("./load-chat-widget.ts").then(({ openSalesChat }) =>
        openSalesChat(provider, siteConfig.CHAT_ID),
      );
      setState("idle");
    } catch {
      setState("failed");
    }
  }

  return (
    <>
      <Link
        to="/book-demo"
        onClick={(event) => {
          // Once the chat has failed, the link goes to the demo booking like any other.
          if (state === "failed" || opensElsewhere(event)) return;
          event.preventDefault();
          void startChat();
        }}
        aria-busy={state === "loading"}
        {...floatingButton}
      >
        <MessageCircle aria-hidden="true" className="size-6" />
        {chatButtonText[state]}
      </Link>
      {/* Screen readers do not reliably say a focused link's new name: this region does. */}
      <AnnouncedWhenShown className="sr-only">
        <p className={state === "failed" ? undefined : "hidden"}>
          Chat is unavailable right now. The chat button now takes you to book a demo.
        </p>
      </AnnouncedWhenShown>
    </>
  );
}
