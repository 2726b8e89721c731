/** A spinner for a part of the page that is on its way, with what it is as its name. */
export function LoadingSpinner({ label }: { label: string }) {
  return (
    <span
      role="progressbar"
      aria-label={label}
      className="size-12 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700 motion-reduce:animate-none"
    />
  );
}
