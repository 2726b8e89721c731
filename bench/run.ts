/**
 * `npm run bench`: how fast the site and the API are, on this machine, against the
 * targets in docs/performance.md. Builds the site if needed, starts the real server
 * (fresh embedded database, free port) and, for /api/me, the Auth emulator, then:
 *   - pages: Lighthouse on every public route, and on the same page with no JavaScript;
 *   - time to widget: on a throttled phone, when /, /book-demo, /signup and /login paint, request
 *     the app, hydrate and request their widget (bench/widget-timing.ts);
 *   - short links: time to the target through the server's 302 and through the page;
 *   - API: throughput and latency under load against a bare node:http server;
 *   - operators' reports: GET /api/admin/funnel and /links over 1,000,000 seeded landings;
 *   - the funnel under a flood: GET /api/admin/funnel after 5,000 landing beacons under
 *     distinct campaign names, with health checks while it is in flight.
 * Writes bench/results/latest.{md,json} and prints the tables.
 *
 *   - static pages: GET / (plain and brotli) under load against a bare node:http server;
 *   - time to widget: on a throttled phone, when the app and each page's widget are requested.
 * Flags: --pages-only, --api-only, --static-only (just the static pages under load),
 * --admin-only (just the operators' reports, the flood's included; the other sections of
 * latest.json are kept), --flood-only (just the funnel under a flood, the same way),
 * --widgets-only (time to widget alone; the other sections of latest.json are kept),
 * --runs N (Lighthouse and time-to-widget runs per page, default 3),
 * --quick (1 run, short load tests; saved to bench/results/tmp/quick.*, not latest.*),
 * --routes /,/pricing (only these pages, and their time to widget, no short links, nothing saved:
 * for working on pages),
 * --load (the 60 s, 200-connection API load run) and --soak (the same for 10 minutes): both run
 * bench/api-load.ts instead of the tables and fail on errors, 5xx or memory growth.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join, relative } from "node:path";
import { parseArgs } from "node:util";
import { DEMO_LINKS, DEMO_PASSWORD, DEMO_USERS, demoLinkTarget } from "@bakery/api/demo-data";
import { pagesAtTheirOwnAddress } from "@bakery/web/public-routes";
import type { AuthEmulator } from "../scripts/auth-emulator.ts";
import { ADMIN_BENCH_DAYS, ADMIN_BENCH_LANDINGS, measureAdminReports } from "./admin-reports.ts";
import { demoIdToken, measureApi } from "./api-throughput.ts";
import {
  type BenchServer,
  builtSiteConfig,
  ensureWebBuild,
  freeEmulatorPort,
  repoRoot,
  startBenchEmulator,
  startBenchServer,
  webBuildDir,
} from "./bench-server.ts";
import {
  FLOOD_CONCURRENCY,
  FLOOD_LANDINGS,
  HEALTH_CHECK_GAP_MS,
  measureFunnelFlood,
} from "./funnel-flood.ts";
import {
  type LighthouseRunner,
  launchLighthouse,
  medianMetrics,
  type PageMetrics,
} from "./lighthouse-pages.ts";
import { type SnapshotSite, startSnapshotSite } from "./no-js-snapshot.ts";
import type { BenchResults, PageResult } from "./report.ts";
import { toMarkdown } from "./report-markdown.ts";
import { checkTargets } from "./report-targets.ts";
import { DEMO_LINK, measureShortLinkTimings, measureSignedInLink } from "./short-link-timing.ts";
import { measureWidgetTimings, WIDGET_ROUTES } from "./widget-timing.ts";

const { values: flags } = parseArgs({
  options: {
    "pages-only": { type: "boolean", default: false },
    "api-only": { type: "boolean", default: false },
    "static-only": { type: "boolean", default: false },
    "widgets-only": { type: "boolean", default: false },
    "admin-only": { type: "boolean", default: false },
    "flood-only": { type: "boolean", default: false },
    runs: { type: "string" },
    quick: { type: "boolean", default: false },
    routes: { type: "string" },
    load: { type: "boolean", default: false },
    soak: { type: "boolean", default: false },
  },
});
if (flags.load || flags.soak) {
  const loadRun = spawnSync(
    process.execPath,
    [join(import.meta.dirname, "api-load.ts"), ...(flags.soak ? ["--soak"] : [])],
    { stdio: "inherit" },
  );
  process.exit(loadRun.status ?? 1);
}
const onlyFlags = [
  "pages-only",
  "api-only",
  "static-only",
  "widgets-only",
  "admin-only",
  "flood-only",
] as const;
if (onlyFlags.filter((flag) => flags[flag]).length > 1) {
  console.error(`${onlyFlags.map((flag) => `--${flag}`).join(", ")} exclude each other`);
  process.exit(2);
}
const runs = Number(flags.runs ?? (flags.quick ? 1 : 3));
if (!Number.isInteger(runs) || runs < 1 || runs > 20) {
  console.error("--runs must be a whole number from 1 to 20");
  process.exit(2);
}
// The short-link shell is measured as a short link (time to target), not as a page.
const routes = flags.routes ? flags.routes.split(",") : pagesAtTheirOwnAddress;
// The operators' reports run on their own databases: --admin-only and --flood-only need no site.
const reportsOnly = flags["admin-only"] || flags["flood-only"];
const measurePages =
  !flags["api-only"] && !flags["static-only"] && !flags["widgets-only"] && !reportsOnly;
const measureWidgets =
  !flags["api-only"] &&
  !flags["static-only"] &&
  !reportsOnly &&
  WIDGET_ROUTES.some(({ route }) => routes.includes(route));
const measureApiLoad =
  !flags["pages-only"] && !flags["static-only"] && !flags["widgets-only"] && !reportsOnly;
const measureStaticLoad = !flags["pages-only"] && !flags["widgets-only"] && !reportsOnly;
const measureOperatorReports =
  !flags["pages-only"] && !flags["static-only"] && !flags["widgets-only"] && !flags.routes;
const measureAdminReportsSection = measureOperatorReports && !flags["flood-only"];
const measureFunnelFloodSection = measureOperatorReports;

// Bounded: whatever happens, the run ends.
const WATCHDOG_MINUTES = 30;
setTimeout(() => {
  console.error(`The benchmark did not finish within ${WATCHDOG_MINUTES} minutes; stopping.`);
  process.exit(1);
}, WATCHDOG_MINUTES * 60_000).unref();

const resultsDir = join(repoRoot, "bench/results");
const latestJson = join(resultsDir, "latest.json");
const log = (message: string) => console.log(`[bench] ${message}`);
const now = () => new Date().toISOString();

function previousResults(): Partial<BenchResults> {
  if (!existsSync(latestJson)) return {};
  try {
    return JSON.parse(readFileSync(latestJson, "utf8")) as Partial<BenchResults>;
  } catch {
    return {};
  }
}

async function benchPages(server: BenchServer): Promise<BenchResults["pages"]> {
  let lighthouse: LighthouseRunner | undefined;
  let snapshot: SnapshotSite | undefined;
  try {
    log(`rendering no-JS snapshots of ${routes.length} route(s)`);
    snapshot = await startSnapshotSite(server.origin, webBuildDir, routes);
    lighthouse = await launchLighthouse();
    const product = new Map<string, PageMetrics[]>();
    const bare = new Map<string, PageMetrics[]>();
    for (let run = 1; run <= runs; run++) {
      for (const route of routes) {
        const started = Date.now();
        const measured = await lighthouse.run(`${server.origin}${route}`, "all");
        const noJs = await lighthouse.run(`${snapshot.origin}${route}`, "metrics");
        product.set(route, [...(product.get(route) ?? []), measured]);
        bare.set(route, [...(bare.get(route) ?? []), noJs]);
        log(
          `run ${run}/${runs} ${route}: perf ${measured.performance}, LCP ${Math.round(measured.lcp)} ms (no-JS ${Math.round(noJs.lcp)} ms), TBT ${Math.round(measured.tbt)} ms, ${Math.round((Date.now() - started) / 1000)} s`,
        );
      }
    }
    const results: PageResult[] = routes.map((route) => {
      const productMedian = medianMetrics(product.get(route) ?? []);
      const snapshotMedian = medianMetrics(bare.get(route) ?? []);
      return {
        route,
        product: productMedian,
        snapshot: snapshotMedian,
        lcpRatio: productMedian.lcp / snapshotMedian.lcp,
        fcpRatio: productMedian.fcp / snapshotMedian.fcp,
      };
    });
    const lighthouseVersion = JSON.parse(
      readFileSync(join(repoRoot, "node_modules/lighthouse/package.json"), "utf8"),
    ).version as string;
    return {
      measuredAt: now(),
      settings: {
        lighthouse: lighthouseVersion,
        runs,
        formFactor: "mobile",
        throttling: "simulate",
      },
      results,
    };
  } finally {
    await lighthouse?.close();
    await snapshot?.close();
  }
}

/** A content page an operator might add: a title, and a few screens of text. */
const benchPage = {
  handle: "opening-hours",
  title: "Opening hours",
  markdown: "## Every day\n\nWe bake from 6 am and open the shop at 7 am.\n\n".repeat(12),
};

async function benchShortLinks(
  server: BenchServer,
  emulatorStarting: Promise<AuthEmulator> | undefined,
): Promise<BenchResults["shortLinks"]> {
  const linkRuns = flags.quick ? 1 : 3;
  await server.putContentPage(benchPage);
  log(`short link time to target, ${linkRuns} run(s) each way`);
  const results = await measureShortLinkTimings({
    origin: server.origin,
    link: DEMO_LINK.path,
    targetPath: DEMO_LINK.target,
    unknownLink: { link: "/to/promo/no-such-link", message: "This link doesn't exist" },
    missingPage: { link: "/page/no-such-page", message: "Page not found" },
    contentPage: { link: `/page/${benchPage.handle}`, message: benchPage.title },
    runs: linkRuns,
  });
  const emulator = await emulatorStarting?.catch(() => undefined);
  if (emulator && emulator.host === builtSiteConfig.FIREBASE_AUTH_EMULATOR_HOST) {
    log(`a link behind sign-in, signed in, ${linkRuns} run(s)`);
    const user = DEMO_USERS.find((candidate) => candidate.status === "active" && !candidate.role);
    const link = DEMO_LINKS.find((candidate) => candidate.signInRequired);
    if (!user || !link) throw new Error("no active demo user or link behind sign-in to measure");
    results.signedInLink = await measureSignedInLink({
      origin: server.origin,
      link: `/to/${link.cat}/${link.id}`,
      target: demoLinkTarget(link.target, builtSiteConfig.MY_AREA_URL),
      email: user.email,
      password: DEMO_PASSWORD,
      runs: linkRuns,
    });
  } else {
    log(
      `a link behind sign-in, signed in: skipped (the site's build talks to the Auth emulator at ${builtSiteConfig.FIREBASE_AUTH_EMULATOR_HOST}, which ${emulator ? "was in use" : "did not start"})`,
    );
  }
  return { measuredAt: now(), settings: { runs: linkRuns }, results };
}

async function benchWidgets(server: BenchServer): Promise<BenchResults["widgets"]> {
  log(`time to widget, ${runs} run(s) per route`);
  return {
    measuredAt: now(),
    settings: { runs },
    results: await measureWidgetTimings({ origin: server.origin, runs, routes }),
  };
}

async function benchApi(server: BenchServer, emulator: AuthEmulator): Promise<BenchResults["api"]> {
  const { DEMO_PASSWORD, DEMO_USERS } = await import("@bakery/api/demo-data");
  const user = DEMO_USERS.find((candidate) => candidate.status === "active") ?? DEMO_USERS[0];
  if (!user) throw new Error("no demo user to sign in");
  const token = await demoIdToken(emulator.host, user.email, DEMO_PASSWORD);
  const settings = {
    connections: 64,
    durationSeconds: flags.quick ? 2 : 4,
    rounds: flags.quick ? 1 : 3,
  };
  log(
    `API load: ${settings.rounds} round(s) × ${settings.durationSeconds} s per server and endpoint, ${settings.connections} connections`,
  );
  const results = await measureApi({
    origin: server.origin,
    ...settings,
    endpoints: [
      { name: "GET /api/p/privacy-policy", path: "/api/p/privacy-policy", hasTarget: true },
      {
        name: "GET /api/redirect/promo/spring",
        path: "/api/redirect/promo/spring",
        hasTarget: true,
      },
      {
        name: "GET /api/me (signed in)",
        path: "/api/me",
        headers: { Authorization: `Bearer ${token}` },
        hasTarget: false,
      },
    ],
  });
  return { measuredAt: now(), settings, results };
}

async function benchAdminReports(): Promise<BenchResults["adminReports"]> {
  const requests = flags.quick ? 50 : 300;
  log(
    `operators' reports: seeding ${ADMIN_BENCH_LANDINGS.toLocaleString("en-US")} landings, then ${requests} requests per report`,
  );
  const { data, results } = await measureAdminReports({ requests });
  return { measuredAt: now(), settings: { days: ADMIN_BENCH_DAYS, requests }, data, results };
}

async function benchFunnelFlood(): Promise<BenchResults["funnelFlood"]> {
  const requestsPerRange = flags.quick ? 2 : 5;
  log(
    `funnel under a flood: ${FLOOD_LANDINGS.toLocaleString("en-US")} landing beacons under distinct campaign names, then ${requestsPerRange} report requests per range`,
  );
  const { data, results, eventsPerMinute } = await measureFunnelFlood({ requestsPerRange });
  return {
    measuredAt: now(),
    settings: {
      landings: FLOOD_LANDINGS,
      concurrency: FLOOD_CONCURRENCY,
      requestsPerRange,
      healthCheckGapMs: HEALTH_CHECK_GAP_MS,
      eventsPerMinute,
    },
    data,
    results,
  };
}

/** The prerendered landing page as our server sends it, plain and brotli. */
async function benchStatic(server: BenchServer): Promise<BenchResults["staticPages"]> {
  const settings = {
    connections: 64,
    durationSeconds: flags.quick ? 2 : 4,
    rounds: flags.quick ? 1 : 3,
  };
  log(
    `static pages under load: ${settings.rounds} round(s) × ${settings.durationSeconds} s per server and variant, ${settings.connections} connections`,
  );
  const results = await measureApi({
    origin: server.origin,
    ...settings,
    endpoints: [
      { name: "GET / (uncompressed)", path: "/", hasTarget: true },
      {
        name: "GET / (brotli)",
        path: "/",
        headers: { "Accept-Encoding": "br, gzip" },
        hasTarget: true,
      },
    ],
  });
  return { measuredAt: now(), settings, results };
}

async function main() {
  const started = Date.now();
  // The operators' reports need neither the site nor the server.
  const needsServer = measurePages || measureWidgets || measureStaticLoad || measureApiLoad;
  if (needsServer) ensureWebBuild();
  let emulator: AuthEmulator | undefined;
  let server: BenchServer | undefined;
  const previous = previousResults();
  const results: BenchResults = {
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? "unknown",
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      loadAverageAtStart: loadavg()[0] ?? 0,
    },
    pages: previous.pages,
    shortLinks: previous.shortLinks,
    widgets: previous.widgets,
    api: previous.api,
    staticPages: previous.staticPages,
    adminReports: previous.adminReports,
    funnelFlood: previous.funnelFlood,
    targets: [],
  };
  // The emulator (for /api/me) starts in the background while the site's server starts, and is
  // up before any page is timed: its start-up (a JVM and the Firebase CLI, busy on both cores for
  // a while) would otherwise run under the first Lighthouse and time-to-widget runs.
  const emulatorPort = await freeEmulatorPort();
  // A full pages run also measures a signed-in visitor's link behind sign-in (benchShortLinks).
  const measureShortLinks = measurePages && !flags.routes;
  const emulatorStarting =
    measureApiLoad || measureShortLinks ? startBenchEmulator(emulatorPort) : undefined;
  emulatorStarting?.catch(() => {}); // awaited (and reported) below
  try {
    if (needsServer) {
      server = await startBenchServer({ emulatorHost: `127.0.0.1:${emulatorPort}` });
      log(`server at ${server.origin}`);
    }
    if (server) {
      if (emulatorStarting && (measurePages || measureWidgets)) {
        log("waiting for the Auth emulator before timing pages");
        await emulatorStarting.catch(() => undefined); // a failure is reported where it is used
      }
      if (measurePages) {
        results.pages = await benchPages(server);
      }
      if (measureWidgets) results.widgets = await benchWidgets(server);
      // A subset of routes is for working on pages: skip the rest.
      if (measureShortLinks) results.shortLinks = await benchShortLinks(server, emulatorStarting);
      if (measureStaticLoad) results.staticPages = await benchStatic(server);
      if (emulatorStarting && measureApiLoad) {
        log("waiting for the Auth emulator");
        emulator = await emulatorStarting;
        results.api = await benchApi(server, emulator);
      }
    }
  } finally {
    await server?.close();
    await (emulator ?? (await emulatorStarting?.catch(() => undefined)))?.stop();
  }
  // Last, on its own database, once the server no longer competes for the CPU.
  if (measureAdminReportsSection) results.adminReports = await benchAdminReports();
  if (measureFunnelFloodSection) results.funnelFlood = await benchFunnelFlood();
  results.targets = checkTargets(results);
  const markdown = toMarkdown(results);
  // A quick run is a smoke test: it must not replace the committed results.
  const saveAs = flags.routes
    ? undefined
    : flags.quick
      ? join(resultsDir, "tmp", "quick")
      : join(resultsDir, "latest");
  if (saveAs) {
    mkdirSync(dirname(saveAs), { recursive: true });
    writeFileSync(`${saveAs}.json`, `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync(`${saveAs}.md`, `# Benchmark results\n\n${markdown}`);
  }
  console.log(`\n${markdown}`);
  log(
    `done in ${Math.round((Date.now() - started) / 1000)} s; ${saveAs ? `results in ${relative(repoRoot, saveAs)}.md and .json` : "subset: results not saved"}`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
