/**
 * "No figure worse than the previous release beyond its run-to-run spread": with `--against`,
 * each figure's median on the current code against the previous release's median from the same
 * run. A figure is worse when it moved the wrong way by more than the previous release's spread
 * for it: the largest minus the smallest of its runs (of its rounds, under load), how far that
 * code alone moved between runs on the same machine.
 */
import type { EndpointResult } from "./api-throughput.ts";
import type { PageMetrics } from "./lighthouse-pages.ts";
import type { BenchResults, TargetCheck } from "./report.ts";
import { ms } from "./report-format.ts";
import type { TimingKey, WidgetRow } from "./widget-timing.ts";

/** A figure, and +1 when more is better, -1 when less is. */
type Figure<Key> = [key: Key, label: string, direction: 1 | -1];

/** Byte counts are not here: the byte budgets (bench/size-budgets.json) hold them. */
const PAGE_FIGURES: Figure<keyof PageMetrics>[] = [
  ["performance", "Perf", 1],
  ["fcp", "FCP", -1],
  ["lcp", "LCP", -1],
  ["tbt", "TBT", -1],
  ["speedIndex", "SI", -1],
  ["cls", "CLS", -1],
];

const WIDGET_FIGURES: Figure<TimingKey>[] = [
  ["documentArrived", "document", -1],
  ["firstPaint", "first paint", -1],
  ["largestPaint", "largest paint", -1],
  ["load", "load", -1],
  ["appScriptRequested", "app script", -1],
  ["hydrated", "hydrated", -1],
  ["widgetRequested", "widget", -1],
  ["longestTask", "longest task", -1],
  ["longTasks", "long tasks", -1],
];

interface Miss {
  where: string;
  label: string;
  current: number;
  previous: number;
  spread: number;
}

/** Whether `current` is worse than `previous` by more than `spread` (a missing figure is not). */
function worse(current: number, previous: number, spread: number, direction: 1 | -1) {
  if ([current, previous, spread].some((value) => typeof value !== "number" || Number.isNaN(value)))
    return false;
  return (previous - current) * direction > spread;
}

function check(target: string, compared: number, misses: Miss[]): TargetCheck {
  return {
    target,
    met: misses.length === 0,
    detail:
      misses.length === 0
        ? `every figure of ${compared} route(s) or endpoint(s)`
        : misses
            .map(
              (miss) =>
                `${miss.where} ${miss.label} ${ms(miss.current)} vs ${ms(miss.previous)} (spread ${ms(miss.spread)})`,
            )
            .join(", "),
  };
}

function pageMisses(results: BenchResults): TargetCheck[] {
  const pages = results.pages?.results.filter((page) => page.previous && page.previousSpread);
  if (!pages?.length) return [];
  const misses = pages.flatMap((page) =>
    PAGE_FIGURES.filter(([key, , direction]) =>
      worse(
        page.product[key] as number,
        page.previous?.[key] as number,
        page.previousSpread?.[key] as number,
        direction,
      ),
    ).map(([key, label]) => ({
      where: page.route,
      label,
      current: page.product[key] as number,
      previous: page.previous?.[key] as number,
      spread: page.previousSpread?.[key] as number,
    })),
  );
  return [
    check(
      "Pages: no figure worse than the previous release beyond its spread",
      pages.length,
      misses,
    ),
  ];
}

function widgetMisses(results: BenchResults): TargetCheck[] {
  const previous = results.widgets?.results.previous;
  if (!previous) return [];
  const pairs = (results.widgets?.results.results ?? []).flatMap((row) => {
    const before = previous.find((candidate) => candidate.route === row.route);
    return before?.spread ? [[row, before] as [WidgetRow, WidgetRow]] : [];
  });
  const misses = pairs.flatMap(([row, before]) =>
    WIDGET_FIGURES.filter(([key, , direction]) =>
      worse(row[key], before[key], before.spread?.[key] as number, direction),
    ).map(([key, label]) => ({
      where: row.route,
      label,
      current: row[key],
      previous: before[key],
      spread: before.spread?.[key] as number,
    })),
  );
  return [
    check(
      "Time to widget: no figure worse than the previous release beyond its spread",
      pairs.length,
      misses,
    ),
  ];
}

function loadMisses(name: string, endpoints: EndpointResult[] | undefined): TargetCheck[] {
  const compared = endpoints?.filter((endpoint) => endpoint.previous?.spread) ?? [];
  if (compared.length === 0) return [];
  const misses = compared.flatMap((endpoint) => {
    const before = endpoint.previous;
    if (!before?.spread) return [];
    const found: Miss[] = [];
    const { requestsPerSecond, p99 } = endpoint.product;
    if (worse(requestsPerSecond, before.requestsPerSecond, before.spread.requestsPerSecond, 1)) {
      found.push({
        where: endpoint.name,
        label: "req/s",
        current: requestsPerSecond,
        previous: before.requestsPerSecond,
        spread: before.spread.requestsPerSecond,
      });
    }
    if (worse(p99, before.p99, before.spread.p99, -1)) {
      found.push({
        where: endpoint.name,
        label: "p99 ms",
        current: p99,
        previous: before.p99,
        spread: before.spread.p99,
      });
    }
    return found;
  });
  return [
    check(
      `${name}: req/s and p99 no worse than the previous release beyond their spread`,
      compared.length,
      misses,
    ),
  ];
}

export function regressionTargets(results: BenchResults): TargetCheck[] {
  return [
    ...pageMisses(results),
    ...widgetMisses(results),
    ...loadMisses("Static pages under load", results.staticPages?.results),
    ...loadMisses("API under load", results.api?.results),
  ];
}
