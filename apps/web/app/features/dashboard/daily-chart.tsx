import type { FunnelDay } from "@bakery/shared/admin-contract";
import { linePoints, niceScale, type PlotArea } from "./chart-geometry.ts";
import { formatDay } from "./report-range.ts";
import { useMeasured } from "./use-measured.ts";

const HEIGHT = 240;
/** The width drawn until the chart's box is measured (and in a browser without ResizeObserver). */
const DEFAULT_WIDTH = 640;

/** The series drawn, each in its own colour and dash, so they differ without colour too. */
const series = [
  { label: "Landings", value: (day: FunnelDay) => day.landings, color: "#78374a", dash: "" },
  {
    label: "Demos booked",
    value: (day: FunnelDay) => day.demosBooked,
    color: "#b7791f",
    dash: "6 4",
  },
] as const;

/** The chart's box's width in CSS pixels (the box has no padding or border). */
const boxWidth = (element: HTMLElement) => element.clientWidth;

/**
 * Landings and demos booked per day, as a line chart drawn in SVG by React: nothing
 * runs but the page's own code, so it passes the strict CSP, and it costs no library
 * (docs/decisions/0018). The same numbers follow as a table for screen readers and for
 * anyone who wants the exact values.
 */
export function DailyChart({ days }: { days: readonly FunnelDay[] }) {
  // Drawn at the box's own width in pixels, so labels keep their size on a phone and
  // on a wide screen alike instead of being scaled with the picture.
  const [box, measured] = useMeasured<HTMLDivElement, number>(DEFAULT_WIDTH, boxWidth);
  // Narrower than this the axis labels would overlap: below it the picture is scaled down.
  const width = Math.max(measured, 280);
  const area: PlotArea = { left: 44, top: 12, width: width - 60, height: HEIGHT - 44 };
  const { top, ticks } = niceScale(
    Math.max(0, ...days.flatMap((day) => series.map((line) => line.value(day)))),
  );
  const y = (value: number) => area.top + area.height - (value / top) * area.height;
  const first = days[0];
  const last = days.at(-1);
  const summary = `Line chart of landings and demos booked per day${
    first && last ? `, ${formatDay(first.day)} to ${formatDay(last.day)}` : ""
  }; the numbers are in the table below it.`;
  return (
    // id: the dashboard's section links jump here (routes/dashboard.tsx).
    <figure
      id="daily-chart"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-card ring-1 ring-brand-900/5"
    >
      <figcaption className="font-semibold text-ink">Landings and demos booked per day</figcaption>
      <ul className="flex flex-wrap gap-4 text-cocoa text-sm">
        {series.map((line) => (
          <li key={line.label} className="flex items-center gap-2">
            <svg width="24" height="8" aria-hidden="true">
              <line
                x1="0"
                y1="4"
                x2="24"
                y2="4"
                stroke={line.color}
                strokeWidth="2.5"
                strokeDasharray={line.dash}
              />
            </svg>
            {line.label}
          </li>
        ))}
      </ul>
      <div ref={box}>
        <svg
          role="img"
          viewBox={`0 0 ${width} ${HEIGHT}`}
          width={width}
          height={HEIGHT}
          className="block max-w-full"
          data-testid="daily-chart"
        >
          <title>{summary}</title>
          <g className="text-cocoa" fontSize="12" fill="currentColor">
            {ticks.map((tick) => (
              <g key={tick}>
                <line
                  x1={area.left}
                  x2={area.left + area.width}
                  y1={y(tick)}
                  y2={y(tick)}
                  stroke="#e9dccb"
                />
                <text x={area.left - 8} y={y(tick)} textAnchor="end" dominantBaseline="middle">
                  {tick}
                </text>
              </g>
            ))}
            {first && last ? (
              <>
                <text x={area.left} y={HEIGHT - 8} textAnchor="start">
                  {formatDay(first.day)}
                </text>
                {days.length > 1 ? (
                  <text x={area.left + area.width} y={HEIGHT - 8} textAnchor="end">
                    {formatDay(last.day)}
                  </text>
                ) : null}
              </>
            ) : null}
          </g>
          {series.map((line) => (
            <polyline
              key={line.label}
              points={linePoints(days.map(line.value), top, area)}
              fill="none"
              stroke={line.color}
              strokeWidth="2.5"
              strokeDasharray={line.dash}
              strokeLinejoin="round"
            />
          ))}
          {days.length === 1 && first
            ? series.map((line) => (
                <circle
                  key={line.label}
                  cx={area.left + area.width / 2}
                  cy={y(line.value(first))}
                  r="4"
                  fill={line.color}
                />
              ))
            : null}
        </svg>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer rounded font-semibold text-brand-700">
          The chart's numbers as a table
        </summary>
        <div className="mt-3">
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">Landings, demos booked and paid sign-ups per day</caption>
            <thead className="bg-flour text-cocoa">
              <tr>
                <th scope="col" className="px-3 py-1.5">
                  Day
                </th>
                <th scope="col" className="px-3 py-1.5 text-right">
                  Landings
                </th>
                <th scope="col" className="px-3 py-1.5 text-right">
                  Demos booked
                </th>
                <th scope="col" className="px-3 py-1.5 text-right">
                  Sign-ups paid
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.day} className="border-crust/60 border-b">
                  <th scope="row" className="px-3 py-1.5 font-normal">
                    {formatDay(day.day)}
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums">{day.landings}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{day.demosBooked}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{day.checkoutsCompleted}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
