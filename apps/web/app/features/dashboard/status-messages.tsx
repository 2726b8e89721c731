import type { ReactNode } from "react";
import { buttonClasses } from "#app/ui/button-styles.ts";

/** Something is on its way, said in words (announced politely to screen readers). */
export function LoadingMessage({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-2xl bg-white p-6 text-cocoa shadow-card">
      {children}
    </p>
  );
}

/** Something failed: what, in words, and a Try again button that asks once more. */
export function FailureWithRetry({
  children,
  onRetry,
}: {
  children: ReactNode;
  onRetry: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-4 rounded-2xl bg-white p-6 shadow-card"
    >
      <p className="text-cocoa">{children}</p>
      <button type="button" onClick={onRetry} className={buttonClasses("primary")}>
        Try again
      </button>
    </div>
  );
}

/** Nothing to show yet, and what would put something here. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-2xl border border-crust border-dashed bg-white p-6 text-cocoa">
      {children}
    </p>
  );
}
