import type { ReactNode } from "react";
import { EmbedCover } from "./embed-cover.tsx";

/** A spinner for a part of the page that is on its way, with what it is as its name. */
function LoadingSpinner({ label }: { label: string }) {
  return (
    <span
      role="progressbar"
      aria-label={label}
      className="size-12 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700 motion-reduce:animate-none"
    />
  );
}

type ShownWhileLoadingProps = {
  /** The spinner's name: what is loading. */
  label: string;
  /** The line under the spinner. */
  children: ReactNode;
} & (
  | {
      /**
       * Over the embed's box, in its tone, until the embed has loaded or is slow: so also
       * before its script has said anything. Never where scripts are off, where nothing
       * would take it away from the fallback under it.
       */
      placement: "overlay";
      tone: "dark" | "light";
    }
  | {
      /** In the flow after the embed, only while the embed says it is loading. */
      placement: "in-flow";
    }
);

/**
 * A third-party embed's spinner and a line on what is coming: placed after the embed's `peer`
 * (its slot, or the frame itself), shown from CSS alone by the peer's data-state
 * (ui/slot-progress.ts), so it works in the prerendered page before and without the app.
 */
export function ShownWhileLoading(props: ShownWhileLoadingProps) {
  const content = (
    <>
      <LoadingSpinner label={props.label} />
      <p>{props.children}</p>
    </>
  );
  if (props.placement === "in-flow") {
    return (
      <div className="hidden flex-col items-center gap-4 py-16 text-center text-cocoa peer-data-[state=loading]:flex">
        {content}
      </div>
    );
  }
  return (
    <EmbedCover
      tone={props.tone}
      className="noscript:hidden peer-data-[state=loaded]:hidden peer-data-[state=slow]:hidden"
    >
      {content}
    </EmbedCover>
  );
}
