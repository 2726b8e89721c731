/**
 * An indeterminate progress bar: something is on its way, its length unknown. A forced-colours
 * theme paints both its colours as the background, so there the track has an edge and the bar
 * is drawn in the theme's text colour.
 */
export function IndeterminateProgressBar({ label }: { label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      className="relative h-1.5 w-full overflow-hidden rounded-full bg-brand-100 forced-colors:border"
    >
      <span className="absolute inset-y-0 left-0 w-1/3 animate-[indeterminate_1.2s_ease-in-out_infinite] rounded-full bg-brand-700 motion-reduce:left-1/3 forced-colors:bg-[CanvasText] motion-reduce:animate-none" />
    </div>
  );
}
