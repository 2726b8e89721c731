type Variant = "primary" | "secondary" | "ghost" | "inverse";
type Size = "md" | "lg";

// A label longer than the screen is wide wraps onto a second line, centred, and the button
// grows taller (never below the 44 px touch target) rather than running off the page.
// A busy button keeps the keyboard's focus (aria-disabled, not disabled) and looks disabled.
const base =
  "inline-flex items-center justify-center gap-2 rounded-full text-center font-semibold transition-colors focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60";

const variants: Record<Variant, string> = {
  primary: "bg-brand-700 text-white shadow-sm hover:bg-brand-800 active:bg-brand-900",
  secondary:
    "border border-brand-200 bg-white text-brand-800 hover:border-brand-300 hover:bg-brand-50",
  ghost: "text-ink hover:bg-brand-50 hover:text-brand-800",
  inverse: "bg-white text-brand-800 shadow-sm hover:bg-brand-50",
};

const sizes: Record<Size, string> = {
  md: "min-h-11 px-5 py-2 text-[0.95rem]",
  lg: "min-h-13 px-7 py-3 text-base",
};

/** Class names for anything that looks like a button (links included). */
export function buttonClasses(variant: Variant = "primary", size: Size = "md"): string {
  return `${base} ${variants[variant]} ${sizes[size]}`;
}
