/** An indeterminate progress bar: something is on its way, its length unknown. */
export function IndeterminateProgressBar({ label }: { label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      className="relative h-1.5 w-full overflow-hidden rounded-full bg-brand-100"
    >
      <span className="absolute inset-y-0 left-0 w-1/3 animate-[indeterminate_1.2s_ease-in-out_infinite] rounded-full bg-brand-700 motion-reduce:left-1/3 motion-reduce:animate-none" />
    </div>
  );
}
