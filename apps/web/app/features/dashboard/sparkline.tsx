import { linePoints, niceScale } from "./chart-geometry.ts";

const WIDTH = 96;
const HEIGHT = 24;
const area = { left: 1, top: 2, width: WIDTH - 2, height: HEIGHT - 4 };

/**
 * A link's clicks per day as a small line. It only shows the shape: the numbers are in
 * the table beside it, so screen readers hear a one-line summary instead.
 */
export function Sparkline({ values, summary }: { values: readonly number[]; summary: string }) {
  const { top } = niceScale(Math.max(0, ...values));
  return (
    <svg
      role="img"
      aria-label={summary}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      className="inline-block text-brand-600"
    >
      <polyline
        points={linePoints(values, top, area)}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
