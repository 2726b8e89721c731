/**
 * The report's comparison with the previous release (`--against`): each figure measured in the
 * same run on the current code and on the previous release's, and current ÷ previous.
 */
import type { PageMetrics } from "./lighthouse-pages.ts";
import type { BenchResults } from "./report.ts";
import { ms, ratio, seconds, table, versus } from "./report-format.ts";
import type { WidgetRow } from "./widget-timing.ts";

export const shortSha = (sha: unknown) => (typeof sha === "string" ? sha.slice(0, 7) : "?");

type PageFigure = [keyof PageMetrics, string, (value: number) => string];

const score = (value: number) => String(Math.round(value));
const kilobytes = (value: number) => (value / 1024).toFixed(1);

const PAGE_TIMES: PageFigure[] = [
  ["performance", "Perf", score],
  ["accessibility", "A11y", score],
  ["bestPractices", "BP", score],
  ["seo", "SEO", score],
  ["fcp", "FCP ms", ms],
  ["lcp", "LCP ms", ms],
  ["tbt", "TBT ms", ms],
  ["speedIndex", "SI ms", ms],
  ["cls", "CLS", (value) => value.toFixed(3)],
];

const PAGE_BYTES: PageFigure[] = [
  ["jsBytes", "JS KB", kilobytes],
  ["cssBytes", "CSS KB", kilobytes],
  ["htmlBytes", "HTML KB", kilobytes],
  ["imageBytes", "Image KB", kilobytes],
  ["fontBytes", "Font KB", kilobytes],
];

/** Lighthouse's benchmark index over the run's reports: how fast the machine was meanwhile. */
export function benchmarkIndexLine(results: BenchResults): string[] {
  const index = results.pages?.settings.benchmarkIndex as
    | { median: number; min: number; max: number }
    | undefined;
  if (!index) return [];
  return [
    `Lighthouse's benchmark index over the run's reports: median ${ms(index.median)} (${ms(index.min)}–${ms(index.max)}); higher is a faster machine.`,
  ];
}

export function pagesComparison(results: BenchResults): string[] {
  const pages = results.pages?.results.filter((page) => page.previous) ?? [];
  if (pages.length === 0) return [];
  const sha = shortSha(results.pages?.settings.previous);
  const figuresTable = (figures: PageFigure[]) =>
    table(
      ["Route", ...figures.map(([, label]) => label)],
      pages.map((page) => [
        page.route,
        ...figures.map(([key, , write]) =>
          versus(page.product[key] as number, page.previous?.[key] as number, write),
        ),
      ]),
    );
  return [
    `#### Pages: current vs previous release (${sha})\n\nThe same Lighthouse runs, the previous release's server measured right before or after the current one for each route (the order alternating from run to run); medians; "(×)" is current ÷ previous.\n`,
    figuresTable(PAGE_TIMES),
    figuresTable(PAGE_BYTES),
  ];
}

const WIDGET_FIGURES: [keyof WidgetRow, string, (value: number) => string][] = [
  ["documentArrived", "Document arrived", seconds],
  ["firstPaint", "First paint", seconds],
  ["largestPaint", "Largest paint", seconds],
  ["load", "Load", seconds],
  ["appScriptRequested", "App script requested", seconds],
  ["hydrated", "Hydrated", seconds],
  ["widgetRequested", "Widget requested", seconds],
  ["widgetPerDocument", "Widget ÷ document", ratio],
  ["appScriptPerFirstPaint", "Script ÷ first paint", ratio],
  ["hydratedPerFirstPaint", "Hydrated ÷ first paint", ratio],
  ["hydratedPerFirstPaintUnderDevTools", "Hydrated ÷ first paint under DevTools", ratio],
  ["longestTask", "App's longest task ms", ms],
  ["longTasks", "App's long tasks", (value) => String(value)],
  ["longestTaskUnderDevTools", "Longest task under DevTools ms", ms],
];

export function widgetsComparison(results: BenchResults): string[] {
  const previous = results.widgets?.results.previous;
  if (!previous) return [];
  const sha = shortSha(results.widgets?.settings.previous);
  return [
    `#### Time to widget: current vs previous release (${sha})\n\nEach route loaded from both servers in every run, the order alternating; medians; "(×)" is current ÷ previous.\n`,
    table(
      ["Route", ...WIDGET_FIGURES.map(([, label]) => label)],
      (results.widgets?.results.results ?? []).map((row) => {
        const before = previous.find((candidate) => candidate.route === row.route);
        return [
          row.route,
          ...WIDGET_FIGURES.map(([key, , write]) =>
            versus(row[key] as number, before?.[key] as number, write),
          ),
        ];
      }),
    ),
  ];
}

/** The heading's note that the load tables carry the previous release's columns. */
export function loadComparisonNote(settings: Record<string, unknown>): string {
  return settings.previous
    ? ` The previous release (${shortSha(settings.previous)}) takes its turn in every round; "current ÷ previous" is the median of the per-round throughput ratios.`
    : "";
}
