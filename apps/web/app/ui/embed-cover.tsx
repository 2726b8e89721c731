import type { ReactNode } from "react";

/** The cover's surface, matched to the embed's box so the frame never shows through. */
const toneClasses = {
  dark: "absolute inset-0 flex flex-col items-center justify-center gap-4 bg-brand-950 px-6 text-center text-brand-50",
  light:
    "absolute inset-0 flex flex-col items-center justify-center gap-4 bg-white px-6 text-center text-cocoa",
} as const;

/**
 * A box laid over a third-party embed (inside its positioned box), centring what it says: the
 * spinner while the embed loads, the way on once it is slow. `className` adds the states in
 * which it is hidden; it must be full class names, which Tailwind finds in the source.
 */
export function EmbedCover({
  tone,
  className,
  children,
}: {
  tone: keyof typeof toneClasses;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `${toneClasses[tone]} ${className}` : toneClasses[tone]}>
      {children}
    </div>
  );
}
