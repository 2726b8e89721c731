import MessageCircle from "lucide-react/icons/message-circle";
import { useState } from "react";
import { Link } from "react-router";
import { siteConfig } from "#app/site-config.ts";
import { opensElsewhere } from "#app/ui/opens-elsewhere.ts";

const buttonClass =
  "fixed right-4 bottom-4 z-30 inline-flex h-14 items-center gap-2 rounded-full bg-brand-700 pr-5 pl-4 font-semibold text-white shadow-lg ring-4 ring-white/60 hover:bg-brand-800 sm:right-6 sm:bottom-6";

/**
 * The floating "talk to sales" button. With a chat provider configured it
 * starts a live chat (loading the widget on the first click); without one it
 * takes the visitor to the demo booking, so it is never a dead button. It is
 * a link to the demo booking in either case, which is what it does before the
 * app can load the widget.
 */
export function ChatButton() {
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");
  const provider = siteConfig.CHAT_PROVIDER;

  if (provider === "none") {
    return (
      <Link to="/book-demo" className={buttonClass}>
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

  if (state === "failed") {
    return (
      <Link to="/book-demo" className={buttonClass}>
        <MessageCircle aria-hidden="true" className="size-6" />
        Chat is unavailable. Book a Demo
      </Link>
    );
  }

  return (
    <a
      href="/book-demo"
      onClick={(event) => {
        if (opensElsewhere(event)) return;
        event.preventDefault();
        void startChat();
      }}
      aria-busy={state === "loading"}
      className={buttonClass}
    >
      <MessageCircle aria-hidden="true" className="size-6" />
      {state === "loading" ? "Starting chat…" : "Chat with sales"}
    </a>
  );
}
