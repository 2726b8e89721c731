/** A chart's drawing area in SVG units: the series fill it from the bottom left. */
export type PlotArea = { left: number; top: number; width: number; height: number };

/**
 * The top of a chart's scale and its grid steps: the largest value rounded up to a
 * round number (1, 2, 2.5 or 5 times a power of ten per step), so gridlines read
 * 0, 25, 50, 75, 100 rather than 0, 23, 46….
 */
export function niceScale(largest: number, steps = 4): { top: number; ticks: number[] } {
  if (largest <= 0) return { top: steps, ticks: Array.from({ length: steps + 1 }, (_, i) => i) };
  const rough = largest / steps;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step =
    [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ??
    10 * power;
  // Counts are whole numbers: a step below 1 would draw the same gridline twice.
  const wholeStep = Math.max(1, step);
  return {
    top: wholeStep * steps,
    ticks: Array.from({ length: steps + 1 }, (_, i) => i * wholeStep),
  };
}

/**
 * The points of a line through `values`, spread evenly left to right across `area`
 * (one value sits in the middle), scaled so `top` reaches the area's top edge.
 */
export function linePoints(values: readonly number[], top: number, area: PlotArea): string {
  const gap = values.length > 1 ? area.width / (values.length - 1) : 0;
  return values
    .map((value, index) => {
      const x = values.length > 1 ? area.left + index * gap : area.left + area.width / 2;
      const y = area.top + area.height - (top > 0 ? (value / top) * area.height : 0);
      return `${round(x)},${round(y)}`;
    })
    .join(" ");
}

const round = (value: number) => Math.round(value * 10) / 10;
