import type { ReactNode } from "react";

/**
 * A live region for a message the page shows later (a slow embed's way on, a long wait's note,
 * a failure): a screen reader says it once, when it shows, without moving the focus. Screen
 * readers announce a change inside a region they already know, while a region that appears
 * together with its text is often not announced. So the region itself is in the page from the
 * start, shown and, to assistive technology, empty: only what is inside it is hidden (display:
 * none, or visibility: hidden) until its time comes, so nothing is said while all goes well.
 * `className` styles the region and must never hide it. The same markup works in prerendered
 * HTML, before the app, and in what the app renders itself. A "status" waits for the screen
 * reader to finish what it is saying; an "alert", for a failure the visitor has to act on,
 * interrupts it. aria-live repeats what the role implies, for screen readers that know only
 * the attribute.
 */
export function AnnouncedWhenShown({
  role = "status",
  className,
  children,
}: {
  role?: "status" | "alert";
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role={role} aria-live={role === "alert" ? "assertive" : "polite"} className={className}>
      {children}
    </div>
  );
}

/**
 * The way on a third-party embed offers once it has been loading too long: placed after the
 * embed's `peer` (its slot, or the frame itself), it shows its children, announced, only while
 * the peer's data-state is "slow" (ui/slot-progress.ts), from CSS alone.
 */
export function ShownWhenSlow({ children }: { children: ReactNode }) {
  return (
    <AnnouncedWhenShown className="peer-not-data-[state=slow]:*:hidden">
      {children}
    </AnnouncedWhenShown>
  );
}

/**
 * What the page says once a third-party embed has failed to load, and the way on: placed after
 * the embed's `peer` (its slot), it shows its children, announced at once, only while the
 * peer's data-state is "failed", from CSS alone.
 */
export function ShownWhenFailed({ children }: { children: ReactNode }) {
  return (
    <AnnouncedWhenShown role="alert" className="peer-not-data-[state=failed]:*:hidden">
      {children}
    </AnnouncedWhenShown>
  );
}
