/** The benchmark's results as JSON and as the Markdown tables in bench/results/latest.md. */
import type { AdminBenchData, AdminReportTiming } from "./admin-reports.ts";
import type { EndpointResult } from "./api-throughput.ts";
import type { FunnelFloodData, FunnelFloodReport } from "./funnel-flood.ts";
import type { PageMetrics } from "./lighthouse-pages.ts";
import type { MessageTimings, ShortLinkTimings } from "./short-link-timing.ts";
import { median } from "./stats.ts";
import type { WidgetTimings } from "./widget-timing.ts";

export interface PageResult {
  route: string;
  product: PageMetrics;
  /** The same page with its JavaScript removed (see no-js-snapshot.ts). */
  snapshot: PageMetrics;
  lcpRatio: number;
  fcpRatio: number;
}

export interface Section<T> {
  measuredAt: string;
  settings: Record<string, unknown>;
  results: T;
}

export interface BenchResults {
  machine: {
    cpus: number;
    cpuModel: string;
    node: string;
    platform: string;
    /** 1-minute load average when the run started: above the core count, numbers are noisy. */
    loadAverageAtStart: number;
  };
  pages?: Section<PageResult[]>;
  shortLinks?: Section<ShortLinkTimings>;
  widgets?: Section<WidgetTimings>;
  api?: Section<EndpointResult[]>;
  /** Prerendered pages served by our server, against a bare node:http server. */
  staticPages?: Section<EndpointResult[]>;
  /** The operators' reports over a large seeded volume, one request at a time. */
  adminReports?: Section<AdminReportTiming[]> & { data: AdminBenchData };
  /** The funnel report after a flood of landing beacons under distinct campaign names. */
  funnelFlood?: Section<FunnelFloodReport[]> & { data: FunnelFloodData };
  targets: TargetCheck[];
}

/** Both ways of reaching what an address shows (a page, or that it leads nowhere), as a table. */
function messageTable(
  timings: MessageTimings,
  pageFlowLabel: string,
  serverLabel = "Server (the page saying so, with 404)",
  measure = "To the message ms",
): string {
  return table(
    ["Way", measure, "Status", "Requests"],
    [[serverLabel, timings.serverPage] as const, [pageFlowLabel, timings.pageFlow] as const].map(
      ([label, timing]) => [
        label,
        ms(timing.toMessage),
        String(timing.status),
        String(timing.requests),
      ],
    ),
  );
}

export interface TargetCheck {
  target: string;
  met: boolean;
  detail: string;
}

export const TARGETS = {
  performance: 99,
  otherCategories: 100,
  cls: 0,
  tbtMs: 30,
  lcpRatio: 1.1,
  landingJsBytes: 130 * 1024,
  landingCssBytes: 20 * 1024,
  widgetPerDocument: 1.25,
  appScriptPerFirstPaint: 1.1,
  hydratedPerFirstPaint: 1.8,
  apiThroughputRatio: 0.5,
  apiP99Ms: 25,
  adminFunnelP99Ms: 100,
  floodFunnelMs: 1000,
  floodFunnelBytes: 1024 * 1024,
  floodHealthMs: 250,
  staticThroughputRatio: 0.7,
  /** The product's p99 at most this many times the bare server's. */
  staticP99Ratio: 2,
};

export function checkTargets(results: BenchResults): TargetCheck[] {
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
      target: `TBT ≤ ${TARGETS.tbtMs} ms`,
      ...failing(
        (page) => page.product.tbt <= TARGETS.tbtMs,
        (page) => `${Math.round(page.product.tbt)} ms`,
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
    checks.push({
      target: `Widget requested ≤ ${TARGETS.widgetPerDocument} × document arrival`,
      ...misses(
        widgets.filter((row) => row.widget),
        (row) => row.widgetPerDocument,
        TARGETS.widgetPerDocument,
      ),
    });
    checks.push({
      target: `App script requested ≤ ${TARGETS.appScriptPerFirstPaint} × first paint`,
      ...misses(widgets, (row) => row.appScriptPerFirstPaint, TARGETS.appScriptPerFirstPaint),
    });
    checks.push({
      target: `Hydrated ≤ ${TARGETS.hydratedPerFirstPaint} × first paint`,
      ...misses(widgets, (row) => row.hydratedPerFirstPaint, TARGETS.hydratedPerFirstPaint),
    });
  }
  for (const endpoint of results.api?.results ?? []) {
    if (!endpoint.hasTarget) continue;
    const ratioMet = endpoint.throughputRatio >= TARGETS.apiThroughputRatio;
    const p99Met = endpoint.product.p99 <= TARGETS.apiP99Ms;
    checks.push({
      target: `${endpoint.name}: ≥ 50 % of bare node:http req/s, p99 ≤ 25 ms`,
      met: ratioMet && p99Met && endpoint.product.errors === 0,
      detail: `${percent(endpoint.throughputRatio)}, p99 ${endpoint.product.p99} ms, ${endpoint.product.errors} errors`,
    });
  }
  for (const report of results.adminReports?.results ?? []) {
    if (!report.path.startsWith("/api/admin/funnel")) continue;
    checks.push({
      target: `${report.name}: p99 ≤ ${TARGETS.adminFunnelP99Ms} ms over ${results.adminReports?.data.landings.toLocaleString("en-US")} landings`,
      met: report.p99 <= TARGETS.adminFunnelP99Ms,
      detail: `p50 ${ms(report.p50)} ms, p99 ${ms(report.p99)} ms`,
    });
  }
  const flood = results.funnelFlood;
  for (const report of flood?.results ?? []) {
    const slowest = Math.max(...report.answers.map((answer) => answer.ms));
    const largest = Math.max(...report.answers.map((answer) => answer.bytes));
    const failed = report.answers.filter((answer) => answer.status !== 200);
    checks.push({
      target: `${report.name} after ${flood?.data.sent.toLocaleString("en-US")} landings under distinct campaigns: each answer ≤ 1 s and ≤ 1 MB`,
      met:
        report.answers.length > 0 &&
        failed.length === 0 &&
        slowest <= TARGETS.floodFunnelMs &&
        largest <= TARGETS.floodFunnelBytes,
      detail: `slowest ${ms(slowest)} ms, largest ${kb(largest)}${failed.length > 0 ? `, status ${failed.map((answer) => answer.status).join(" ")}` : ""}`,
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
    });
  }
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

const round = (value: number, digits: number) => Number(value.toFixed(digits));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
// A NaN (no such moment) comes back from the JSON file as null.
const missing = (value: number | null) => value === null || Number.isNaN(value);
const ms = (value: number) => (missing(value) ? "–" : String(Math.round(value)));
const seconds = (value: number) => (missing(value) ? "–" : `${(value / 1000).toFixed(2)} s`);
const percent = (ratio: number) => `${Math.round(ratio * 100)} %`;
const ratio = (value: number) => (missing(value) ? "–" : `${value.toFixed(2)}×`);

function table(headings: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(headings), line(headings.map(() => "---")), ...rows.map(line)].join("\n");
}

export function toMarkdown(results: BenchResults): string {
  const parts: string[] = [];
  const { machine } = results;
  parts.push(
    `Machine: ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, ${machine.platform}, load average ${machine.loadAverageAtStart.toFixed(1)} at start${machine.loadAverageAtStart > machine.cpus ? " (busy: timings are noisy)" : ""}.`,
  );
  if (results.pages) {
    const { settings, measuredAt } = results.pages;
    parts.push(
      `### Pages\n\nLighthouse ${settings.lighthouse}, mobile, simulated throttling (Slow 4G, 4× CPU), third-party hosts blocked; median of ${settings.runs} run(s); measured ${measuredAt}. "÷ no-JS" compares with the same page's DOM after load, scripts removed. Bytes are transferred (compressed) bytes.\n`,
    );
    parts.push(
      table(
        [
          "Route",
          "Perf",
          "A11y",
          "BP",
          "SEO",
          "FCP ms",
          "LCP ms",
          "TBT ms",
          "CLS",
          "SI ms",
          "LCP ÷ no-JS",
          "FCP ÷ no-JS",
          "JS KB",
          "CSS KB",
          "HTML KB",
          "Image KB",
          "Font KB",
        ],
        results.pages.results.map((page) => [
          page.route,
          String(page.product.performance),
          String(page.product.accessibility),
          String(page.product.bestPractices),
          String(page.product.seo),
          ms(page.product.fcp),
          ms(page.product.lcp),
          ms(page.product.tbt),
          page.product.cls.toFixed(3),
          ms(page.product.speedIndex),
          ratio(page.lcpRatio),
          ratio(page.fcpRatio),
          (page.product.jsBytes / 1024).toFixed(1),
          (page.product.cssBytes / 1024).toFixed(1),
          (page.product.htmlBytes / 1024).toFixed(1),
          (page.product.imageBytes / 1024).toFixed(1),
          (page.product.fontBytes / 1024).toFixed(1),
        ]),
      ),
    );
    parts.push(
      `\nNo-JS snapshot: ${results.pages.results.map((page) => `${page.route} FCP ${ms(page.snapshot.fcp)} / LCP ${ms(page.snapshot.lcp)} ms`).join("; ")}.`,
    );
  }
  if (results.shortLinks) {
    const { results: timing, measuredAt } = results.shortLinks;
    parts.push(
      `### Short links: time to target\n\n${timing.link}, phone conditions (DevTools throttling: 562.5 ms latency, 1.47 Mbps, 4× CPU), cold browser, median of ${timing.runs} run(s); measured ${measuredAt}.\n`,
    );
    parts.push(
      table(
        ["Way", "To target's first paint ms", "To target's load ms", "Requests"],
        [
          ["Server 302 (one round trip)", timing.serverRedirect] as const,
          ["Page flow (the link's page → /api/redirect → go)", timing.pageFlow] as const,
        ].map(([label, flow]) => [
          label,
          ms(flow.toTargetFcp),
          ms(flow.toTargetLoad),
          String(flow.requests),
        ]),
      ),
    );
  }
  const signedInLink = results.shortLinks?.results.signedInLink;
  if (signedInLink) {
    parts.push(
      `#### A link behind sign-in, opened signed in\n\n${signedInLink.link} (its target on the my-area host, stubbed), the same conditions; signed in through /login first, in the same cold browser.\n`,
    );
    parts.push(
      table(
        ["Way", "To target's first paint ms", "To target's load ms", "Requests"],
        [
          [
            "Page flow (the app restores the session → /api/me with /api/redirect → go)",
            ms(signedInLink.pageFlow.toTargetFcp),
            ms(signedInLink.pageFlow.toTargetLoad),
            String(signedInLink.pageFlow.requests),
          ],
        ],
      ),
    );
  }
  const unknownLink = results.shortLinks?.results.unknownLink;
  if (unknownLink) {
    parts.push(
      `#### A link that does not exist: time until the visitor reads so\n\n${unknownLink.link}, the same conditions; the later of the first paint and the message's heading being inserted.\n`,
    );
    parts.push(
      messageTable(unknownLink, "Page flow (the link's page → /api/redirect → the app says so)"),
    );
  }
  const missingPage = results.shortLinks?.results.missingPage;
  if (missingPage) {
    parts.push(
      `#### A content page that does not exist: time until the visitor reads so\n\n${missingPage.link}, the same conditions and measure.\n`,
    );
    parts.push(
      messageTable(missingPage, "Static host (the app's fallback page → /api/p → the app says so)"),
    );
  }
  const contentPage = results.shortLinks?.results.contentPage;
  if (contentPage) {
    parts.push(
      `#### A content page: time until the visitor reads it\n\n${contentPage.link} (a page stored for the run), the same conditions; the later of the first paint and the page's heading being inserted.\n`,
    );
    parts.push(
      messageTable(
        contentPage,
        "Static host (the app's fallback page → /api/p → the app shows it)",
        "Server (the page written into its HTML, decision 20)",
        "To the text ms",
      ),
    );
  }
  if (results.widgets) {
    const { results: timings, measuredAt } = results.widgets;
    parts.push(
      `### Time to widget\n\nChromium with Lighthouse's DevTools mobile preset (562.5 ms latency, 1.47 Mbps down, 4× CPU, 390 px wide), cold browser context, third-party hosts stubbed; times from the start of the navigation, median of ${timings.runs} run(s); measured ${measuredAt}.\n`,
    );
    parts.push(
      table(
        [
          "Route",
          "Document arrived",
          "First paint",
          "Largest paint",
          "Load",
          "App script requested",
          "Hydrated",
          "Widget requested",
          "Widget ÷ document",
          "Script ÷ first paint",
          "Hydrated ÷ first paint",
        ],
        timings.results.map((row) => [
          row.route,
          seconds(row.documentArrived),
          seconds(row.firstPaint),
          seconds(row.largestPaint),
          seconds(row.load),
          seconds(row.appScriptRequested),
          seconds(row.hydrated),
          row.widget ? `${row.widget} at ${seconds(row.widgetRequested)}` : "—",
          ratio(row.widgetPerDocument),
          ratio(row.appScriptPerFirstPaint),
          ratio(row.hydratedPerFirstPaint),
        ]),
      ),
    );
  }
  if (results.api) {
    const { settings, measuredAt } = results.api;
    parts.push(
      `### API under load\n\nautocannon, ${settings.connections} connections, ${settings.rounds} alternating round(s) of ${settings.durationSeconds} s per server, embedded database (PGlite); baseline = bare node:http answering the same bytes; measured ${measuredAt}.\n`,
    );
    parts.push(loadTable(results.api.results));
  }
  if (results.staticPages) {
    const { settings, measuredAt } = results.staticPages;
    parts.push(
      `### Static pages under load\n\nautocannon, ${settings.connections} connections, ${settings.rounds} alternating round(s) of ${settings.durationSeconds} s per server; baseline = bare node:http answering the same bytes (the same compressed bytes for the brotli row); measured ${measuredAt}.\n`,
    );
    parts.push(loadTable(results.staticPages.results));
  }
  if (results.adminReports) {
    const { settings, measuredAt, data } = results.adminReports;
    parts.push(
      `### Operators' reports\n\n${data.landings.toLocaleString("en-US")} landings over ${settings.days} days (${data.landingRows.toLocaleString("en-US")} daily count rows with the landing page) and ${data.conversions.toLocaleString("en-US")} conversions, seeded into the embedded database (PGlite, in memory); ${settings.requests} requests one at a time after a warm-up, through the real API app over loopback HTTP; measured ${measuredAt}.\n`,
    );
    parts.push(
      table(
        ["Report", "p50 ms", "p95 ms", "p99 ms", "max ms"],
        results.adminReports.results.map((row) => [
          row.name,
          ms(row.p50),
          ms(row.p95),
          ms(row.p99),
          ms(row.max),
        ]),
      ),
    );
  }
  if (results.funnelFlood) {
    const { settings, measuredAt, data } = results.funnelFlood;
    const statuses = Object.entries(data.statuses)
      .map(([status, count]) => `${count.toLocaleString("en-US")} × ${status}`)
      .join(", ");
    parts.push(
      `### Funnel under a flood\n\n${data.sent.toLocaleString("en-US")} landing beacons (\`POST /api/events\`), each under a campaign name of its own, ${settings.concurrency} at a time over loopback, answered ${statuses} in ${data.floodSeconds.toFixed(1)} s; then ${settings.requestsPerRange} report requests per range, one at a time, as the demo operator, with \`GET /api/health\` sent every ${settings.healthCheckGapMs} ms while each was in flight. The real API app in its own process, a fresh embedded database (PGlite, in memory), the events rate limit raised to ${Number(settings.eventsPerMinute).toLocaleString("en-US")} a minute; its resident memory after the reports: ${(data.serverRssBytes / 1024 / 1024).toFixed(0)} MB; measured ${measuredAt}.\n`,
    );
    parts.push(
      table(
        [
          "Report",
          "Median ms",
          "Slowest ms",
          "Largest KB",
          "Health checks",
          "Slowest health check ms",
          "Groups named",
          "Other: groups, landings",
          "Landings",
        ],
        results.funnelFlood.results.map((report) => [
          report.name,
          ms(median(report.answers.map((answer) => answer.ms))),
          ms(Math.max(...report.answers.map((answer) => answer.ms))),
          (Math.max(...report.answers.map((answer) => answer.bytes)) / 1024).toFixed(1),
          String(report.answers.reduce((sum, answer) => sum + answer.healthChecks, 0)),
          ms(Math.max(...report.answers.map((answer) => answer.slowestHealthMs))),
          report.groupsNamed === null ? "–" : String(report.groupsNamed),
          report.other
            ? `${report.other.groupCount.toLocaleString("en-US")}, ${report.other.landings.toLocaleString("en-US")}`
            : "none",
          report.landings === null ? "–" : report.landings.toLocaleString("en-US"),
        ]),
      ),
    );
  }
  parts.push(
    `### Targets\n\n${table(
      ["Target", "Met", "Detail"],
      results.targets.map((check) => [check.target, check.met ? "yes" : "**no**", check.detail]),
    )}`,
  );
  return `${parts.join("\n\n")}\n`;
}

function loadTable(results: EndpointResult[]): string {
  return table(
    [
      "Endpoint",
      "Status",
      "req/s",
      "p50 ms",
      "p99 ms",
      "Errors",
      "Baseline req/s",
      "Baseline p99 ms",
      "Product ÷ baseline",
    ],
    results.map((endpoint) => [
      endpoint.name,
      String(endpoint.status),
      String(Math.round(endpoint.product.requestsPerSecond)),
      String(endpoint.product.p50),
      String(endpoint.product.p99),
      String(endpoint.product.errors),
      String(Math.round(endpoint.baseline.requestsPerSecond)),
      String(endpoint.baseline.p99),
      percent(endpoint.throughputRatio),
    ]),
  );
}
