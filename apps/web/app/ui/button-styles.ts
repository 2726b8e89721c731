type Variant = "primary" | "secondary" | "ghost" | "inverse";
type Size = "md" | "lg";

const base =
  "inline-flex items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition-colors focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60";

const variants: Record<Variant, string> = {
  primary: "bg-brand-700 text-white shadow-sm hover:bg-brand-800 active:bg-brand-900",
  secondary:
    "border border-brand-200 bg-white text-brand-800 hover:border-brand-300 hover:bg-brand-50",
  ghost: "text-ink hover:bg-brand-50 hover:text-brand-800",
  inverse: "bg-white text-brand-800 shadow-sm hover:bg-brand-50",
};

const sizes: Record<Size, string> = { md: "h-11 px-5 text-[0.95rem]", lg: "h-13 px-7 text-base" };

/** Class names for anything that looks like a button (links included). */
export function buttonClasses(variant: Variant = "primary", size: Size = "md"): string {
  return `${base} ${variants[variant]} ${sizes[size]}`;
}
