import type { ReactNode } from "react";
import { ShownWhenSlow } from "./announced-when-shown.tsx";

/**
 * What a third-party embed (the video, the calendar, the plans) shows while it loads. Each
 * part is placed after the embed's `peer` (its slot, or the frame itself) and shown from CSS
 * alone by the peer's data-state (ui/slot-progress.ts), so it works in the prerendered page
 * before and without the app.
 */

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

/** The covers' surfaces, matched to the embed's box so the frame never shows through. */
const coverClasses = {
  dark: "absolute inset-0 flex flex-col items-center justify-center gap-4 bg-brand-950 px-6 text-center text-brand-50",
  light:
    "absolute inset-0 flex flex-col items-center justify-center gap-4 bg-white px-6 text-center text-cocoa",
} as const;

/**
 * The covers laid over an embed (inside its positioned box): a spinner and `loading` until
 * the embed has loaded or is slow (so also before its script has said anything; never where
 * scripts are off, where nothing would take it away from the fallback under it); then, once
 * slow, `slow` and the way on, announced (ShownWhenSlow).
 */
export function EmbedWaitCovers({
  tone,
  label,
  loading,
  slow,
  wayOn,
}: {
  tone: keyof typeof coverClasses;
  /** The spinner's name: what is loading. */
  label: string;
  loading: string;
  slow: string;
  wayOn: ReactNode;
}) {
  return (
    <>
      <div
        className={`${coverClasses[tone]} noscript:hidden peer-data-[state=loaded]:hidden peer-data-[state=slow]:hidden`}
      >
        <LoadingSpinner label={label} />
        <p>{loading}</p>
      </div>
      <ShownWhenSlow>
        <div className={coverClasses[tone]}>
          <p className="max-w-sm">{slow}</p>
          {wayOn}
        </div>
      </ShownWhenSlow>
    </>
  );
}

/** A spinner and `children` in the flow after the embed, only while it says it is loading. */
export function EmbedLoadingInFlow({ label, children }: { label: string; children: string }) {
  return (
    <div className="hidden flex-col items-center gap-4 py-16 text-center text-cocoa peer-data-[state=loading]:flex">
      <LoadingSpinner label={label} />
      <p>{children}</p>
    </div>
  );
}
