/**
 * The targets the bench's figures are held to, and the check of one run against them. Times are
 * held as ratios of figures measured in the same run (the no-JS snapshot, the first paint, the
 * document, a bare server, the previous release), since this machine's speed changes from day to
 * day; absolute times are reported as information only.
 */

import type { BenchResults, PageResult, TargetCheck } from "./report.ts";
import { kb, ms, percent, ratio, round } from "./report-format.ts";
import { regressionTargets } from "./report-regressions.ts";

export const TARGETS = {
  /** Information only: Lighthouse computes it from times that follow the machine. */
  performance: 99,
  otherCategories: 100,
  cls: 0,
  /** TBT at most the no-JS snapshot's plus this. */
  tbtOverSnapshotMs: 30,
  lcpRatio: 1.05,
  landingJsBytes: 130 * 1024,
  landingCssBytes: 20 * 1024,
  widgetPerDocument: 1.25,
  appScriptPerFirstPaint: 1.1,
  hydratedPerFirstPaint: 1.6,
  /** The longest main-thread task until 2 s after hydration: under this (median of the runs). */
  longestTaskMs: 50,
  apiThroughputRatio: 0.5,
  /** Information only, as the other absolute times below. */
  apiP99Ms: 25,
  adminFunnelP99Ms: 100,
  floodFunnelMs: 1000,
  floodFunnelBytes: 1024 * 1024,
  floodHealthMs: 250,
  staticThroughputRatio: 0.7,
  /** The product's p99 at most this many times the bare server's. */
  staticP99Ratio: 2,
};

/** The routes whose hydration and script timing are held to the targets. */
export const HYDRATION_ROUTES = ["/", "/book-demo", "/signup", "/login"];
/** The routes whose longest task is held to the target. */
export const LONG_TASK_ROUTES = ["/", "/pricing", "/signup", "/login"];

export function checkTargets(results: BenchResults): TargetCheck[] {
  return [
    ...pageTargets(results),
    ...widgetTargets(results),
    ...serverTargets(results),
    ...floodTargets(results),
    ...staticTargets(results),
    ...regressionTargets(results),
  ];
}

/** Lighthouse's figures for every page, and the landing page's bytes. */
function pageTargets(results: BenchResults): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const pages = results.pages?.results ?? [];
  const failing = (test: (page: PageResult) => boolean, show: (page: PageResult) => string) => {
    const misses = pages.filter((page) => !test(page));
    return {
      met: pages.length > 0 && misses.length === 0,
      detail:
        pages.length === 0
          ? "not measured"
          : misses.length === 0
            ? "every route"
            : misses.map((page) => `${page.route} ${show(page)}`).join(", "),
    };
  };
  if (pages.length > 0) {
    checks.push({
      target: `Performance ≥ ${TARGETS.performance}`,
      ...failing(
        (page) => page.product.performance >= TARGETS.performance,
        (page) => String(page.product.performance),
      ),
      informational: true,
    });
    for (const [key, label] of [
      ["accessibility", "Accessibility"],
      ["bestPractices", "Best Practices"],
      ["seo", "SEO"],
    ] as const) {
      checks.push({
        target: `${label} = 100`,
        ...failing(
          (page) => page.product[key] >= TARGETS.otherCategories,
          (page) => `${page.product[key]} (${page.product.failedAudits.join(" ") || "?"})`,
        ),
      });
    }
    checks.push({
      target: "CLS 0",
      ...failing(
        (page) => round(page.product.cls, 3) <= TARGETS.cls,
        (page) => page.product.cls.toFixed(3),
      ),
    });
    checks.push({
      target: `TBT ≤ no-JS snapshot's + ${TARGETS.tbtOverSnapshotMs} ms`,
      ...failing(
        (page) => page.product.tbt <= page.snapshot.tbt + TARGETS.tbtOverSnapshotMs,
        (page) => `${ms(page.product.tbt)} ms (snapshot ${ms(page.snapshot.tbt)} ms)`,
      ),
    });
    checks.push({
      target: `LCP ≤ ${TARGETS.lcpRatio} × no-JS snapshot`,
      ...failing(
        (page) => page.lcpRatio <= TARGETS.lcpRatio,
        (page) => `${page.lcpRatio.toFixed(2)}×`,
      ),
    });
    const landing = pages.find((page) => page.route === "/");
    if (landing) {
      checks.push({
        target: "Landing JS ≤ 130 KB compressed before interaction",
        met: landing.product.jsBytes <= TARGETS.landingJsBytes,
        detail: kb(landing.product.jsBytes),
      });
      checks.push({
        target: "Landing CSS ≤ 20 KB compressed",
        met: landing.product.cssBytes <= TARGETS.landingCssBytes,
        detail: kb(landing.product.cssBytes),
      });
    }
  }
  return checks;
}

/** When the scripts and the booking or payment widget arrive, against the first paint and the document. */
function widgetTargets(results: BenchResults): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const widgets = results.widgets?.results.results ?? [];
  if (widgets.length > 0) {
    const misses = (
      rows: typeof widgets,
      value: (row: (typeof widgets)[number]) => number,
      limit: number,
    ) => {
      const failed = rows.filter((row) => !(value(row) <= limit));
      return {
        met: failed.length === 0,
        detail: rows.map((row) => `${row.route} ${ratio(value(row))}`).join(", "),
      };
    };
    const withWidget = widgets.filter((row) => row.widget);
    if (withWidget.length > 0) {
      checks.push({
        target: `Widget requested ≤ ${TARGETS.widgetPerDocument} × document arrival`,
        ...misses(withWidget, (row) => row.widgetPerDocument, TARGETS.widgetPerDocument),
      });
    }
    const hydrating = widgets.filter((row) => HYDRATION_ROUTES.includes(row.route));
    checks.push({
      target: `App script requested ≤ ${TARGETS.appScriptPerFirstPaint} × first paint`,
      ...misses(hydrating, (row) => row.appScriptPerFirstPaint, TARGETS.appScriptPerFirstPaint),
    });
    const hydratedMisses = misses(
      hydrating,
      (row) => row.hydratedPerFirstPaint,
      TARGETS.hydratedPerFirstPaint,
    );
    checks.push({
      target: `Hydrated ≤ ${TARGETS.hydratedPerFirstPaint} × first paint on ${HYDRATION_ROUTES.join(", ")} in a visitor's browser`,
      met: hydratedMisses.met,
      detail: hydrating
        .map(
          (row) =>
            `${row.route} ${ratio(row.hydratedPerFirstPaint)} (under DevTools ${ratio(row.hydratedPerFirstPaintUnderDevTools)})`,
        )
        .join(", "),
    });
    const tasks = widgets.filter((row) => LONG_TASK_ROUTES.includes(row.route));
    if (tasks.some((row) => row.longestTask !== undefined)) {
      const failed = tasks.filter((row) => !(row.longestTask < TARGETS.longestTaskMs));
      checks.push({
        target: `The app's longest main-thread task until 2 s after hydration < ${TARGETS.longestTaskMs} ms in a visitor's browser (median of ${results.widgets?.results.runs} run(s))`,
        met: failed.length === 0,
        detail: tasks
          .map(
            (row) =>
              `${row.route} ${ms(row.longestTask)} ms (${row.longTasks} over 50 ms; under DevTools ${ms(row.longestTaskUnderDevTools)} ms)`,
          )
          .join(", "),
      });
    }
  }
  return checks;
}

/** The API under load against a bare node:http server, and the reports over a large volume. */
function serverTargets(results: BenchResults): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const endpoint of results.api?.results ?? []) {
    if (!endpoint.hasTarget) continue;
    checks.push({
      target: `${endpoint.name}: ≥ 50 % of bare node:http req/s, no errors`,
      met: endpoint.throughputRatio >= TARGETS.apiThroughputRatio && endpoint.product.errors === 0,
      detail: `${percent(endpoint.throughputRatio)}, ${endpoint.product.errors} errors`,
    });
    checks.push({
      target: `${endpoint.name}: p99 ≤ ${TARGETS.apiP99Ms} ms`,
      met: endpoint.product.p99 <= TARGETS.apiP99Ms,
      detail: `p99 ${endpoint.product.p99} ms`,
      informational: true,
    });
  }
  for (const report of results.adminReports?.results ?? []) {
    if (!report.path.startsWith("/api/admin/funnel")) continue;
    checks.push({
      target: `${report.name}: p99 ≤ ${TARGETS.adminFunnelP99Ms} ms over ${results.adminReports?.data.landings.toLocaleString("en-US")} landings`,
      met: report.p99 <= TARGETS.adminFunnelP99Ms,
      detail: `p50 ${ms(report.p50)} ms, p99 ${ms(report.p99)} ms`,
      informational: true,
    });
  }
  return checks;
}

/** The funnel report, and a health check meanwhile, after a flood of distinct campaign names. */
function floodTargets(results: BenchResults): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const flood = results.funnelFlood;
  for (const report of flood?.results ?? []) {
    const slowest = Math.max(...report.answers.map((answer) => answer.ms));
    const largest = Math.max(...report.answers.map((answer) => answer.bytes));
    const failed = report.answers.filter((answer) => answer.status !== 200);
    const landings = flood?.data.sent.toLocaleString("en-US");
    checks.push({
      target: `${report.name} after ${landings} landings under distinct campaigns: each answer ≤ 1 MB`,
      met: report.answers.length > 0 && failed.length === 0 && largest <= TARGETS.floodFunnelBytes,
      detail: `largest ${kb(largest)}${failed.length > 0 ? `, status ${failed.map((answer) => answer.status).join(" ")}` : ""}`,
    });
    checks.push({
      target: `${report.name} after ${landings} landings under distinct campaigns: each answer ≤ 1 s`,
      met: slowest <= TARGETS.floodFunnelMs,
      detail: `slowest ${ms(slowest)} ms`,
      informational: true,
    });
  }
  const healthChecks = (flood?.results ?? []).flatMap((report) => report.answers);
  if (healthChecks.length > 0) {
    const slowest = Math.max(...healthChecks.map((answer) => answer.slowestHealthMs));
    const count = healthChecks.reduce((sum, answer) => sum + answer.healthChecks, 0);
    checks.push({
      target: `GET /api/health while that funnel report is in flight: ≤ ${TARGETS.floodHealthMs} ms`,
      met: slowest <= TARGETS.floodHealthMs,
      detail: `slowest ${ms(slowest)} ms of ${count}`,
      informational: true,
    });
  }
  return checks;
}

/** The static pages under load, against a bare node:http server answering the same bytes. */
function staticTargets(results: BenchResults): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const page of results.staticPages?.results ?? []) {
    const ratioMet = page.throughputRatio >= TARGETS.staticThroughputRatio;
    const p99Met = page.product.p99 <= TARGETS.staticP99Ratio * page.baseline.p99;
    checks.push({
      target: `${page.name}: ≥ 70 % of bare node:http req/s, p99 ≤ 2 × its p99`,
      met: ratioMet && p99Met && page.product.errors === 0,
      detail: `${percent(page.throughputRatio)}, p99 ${page.product.p99} ms vs ${page.baseline.p99} ms, ${page.product.errors} errors`,
    });
  }
  return checks;
}
