/** The benchmark's results as the Markdown of bench/results/latest.md, a section per measure. */
import type { BenchResults } from "./report.ts";
import {
  benchmarkIndexLine,
  loadComparisonNote,
  pagesComparison,
  shortSha,
  widgetsComparison,
} from "./report-compare.ts";
import { loadTable, messageTable, ms, ratio, seconds, table } from "./report-format.ts";
import { median } from "./stats.ts";

export function toMarkdown(results: BenchResults): string {
  const parts = [
    ...machineSection(results),
    ...pagesSection(results),
    ...shortLinkSections(results),
    ...widgetsSection(results),
    ...loadSections(results),
    ...adminSection(results),
    ...floodSection(results),
    ...targetsSection(results),
  ];
  return `${parts.join("\n\n")}\n`;
}

/** The machine the run was measured on, and how busy it was. */
function machineSection(results: BenchResults): string[] {
  const parts: string[] = [];
  const { machine } = results;
  parts.push(
    `Machine: ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, ${machine.platform}, load average ${machine.loadAverageAtStart.toFixed(1)} at start${machine.loadAverageAtStart > machine.cpus ? " (busy: timings are noisy)" : ""}.`,
  );
  if (results.commit) {
    parts.push(
      `Code: ${shortSha(results.commit.sha)}${results.commit.dirty ? " with uncommitted changes" : ""}.${results.previous ? ` Compared with ${shortSha(results.previous.sha)} (${results.previous.why}), measured in the same run.` : ""}`,
    );
  }
  parts.push(...benchmarkIndexLine(results));
  return parts;
}

/** Lighthouse's figures per page, beside the page without its scripts. */
function pagesSection(results: BenchResults): string[] {
  const parts: string[] = [];
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
      `\nNo-JS snapshot: ${results.pages.results.map((page) => `${page.route} FCP ${ms(page.snapshot.fcp)} / LCP ${ms(page.snapshot.lcp)} / TBT ${ms(page.snapshot.tbt)} ms`).join("; ")}.`,
    );
    parts.push(...pagesComparison(results));
  }
  return parts;
}

/** How long a short link, a missing link and content pages take to show. */
function shortLinkSections(results: BenchResults): string[] {
  const parts: string[] = [];
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
  return parts;
}

/** When the app and the booking or payment widget arrive. */
function widgetsSection(results: BenchResults): string[] {
  const parts: string[] = [];
  if (results.widgets) {
    const { results: timings, measuredAt } = results.widgets;
    parts.push(
      `### Time to widget\n\nChromium with Lighthouse's DevTools mobile preset (562.5 ms latency, 1.47 Mbps down, 4× CPU, 390 px wide), cold browser context, third-party hosts stubbed; times from the start of the navigation. The first paint, the app's script requested, hydrated, and the app's longest main-thread task and number of its tasks over 50 ms from the navigation until 2 s after hydration, in a visit through a browser as a visitor has it (no DevTools script domains on); the document, the largest paint, the load and the widget in a visit through Playwright, whose DevTools session (as Lighthouse's) also gives the hydration ratio and longest task "under DevTools"; median of ${timings.runs} run(s); measured ${measuredAt}.\n`,
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
          "Hydrated ÷ first paint under DevTools",
          "App's longest task ms",
          "App's long tasks",
          "Longest task under DevTools ms",
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
          ratio(row.hydratedPerFirstPaintUnderDevTools),
          ms(row.longestTask),
          row.longTasks === undefined ? "–" : String(row.longTasks),
          ms(row.longestTaskUnderDevTools),
        ]),
      ),
    );
    parts.push(...widgetsComparison(results));
  }
  return parts;
}

/** The API and the static pages under load, beside a bare server. */
function loadSections(results: BenchResults): string[] {
  const parts: string[] = [];
  if (results.api) {
    const { settings, measuredAt } = results.api;
    parts.push(
      `### API under load\n\nautocannon, ${settings.connections} connections, ${settings.rounds} alternating round(s) of ${settings.durationSeconds} s per server, embedded database (PGlite); baseline = bare node:http answering the same bytes; measured ${measuredAt}.${loadComparisonNote(settings)}\n`,
    );
    parts.push(loadTable(results.api.results));
  }
  if (results.staticPages) {
    const { settings, measuredAt } = results.staticPages;
    parts.push(
      `### Static pages under load\n\nautocannon, ${settings.connections} connections, ${settings.rounds} alternating round(s) of ${settings.durationSeconds} s per server; baseline = bare node:http answering the same bytes (the same compressed bytes for the brotli row); measured ${measuredAt}.${loadComparisonNote(settings)}\n`,
    );
    parts.push(loadTable(results.staticPages.results));
  }
  return parts;
}

/** The operators' reports over a large seeded volume. */
function adminSection(results: BenchResults): string[] {
  const parts: string[] = [];
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
  return parts;
}

/** The funnel report after a flood of distinct campaign names. */
function floodSection(results: BenchResults): string[] {
  const parts: string[] = [];
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
  return parts;
}

/** Each target and whether this run met it. */
function targetsSection(results: BenchResults): string[] {
  const parts: string[] = [];
  parts.push(
    `### Targets\n\n${table(
      ["Target", "Met", "Detail"],
      results.targets.map((check) => [
        check.target,
        check.met ? "yes" : check.informational ? "no (information only)" : "**no**",
        check.detail,
      ]),
    )}`,
  );
  return parts;
}
