/**
 * `npm run bench`: how fast the site and the API are, on this machine, against the
 * targets in docs/performance.md. Builds the site if needed, starts the real server
 * (fresh embedded database, free port) and, for /api/me, the Auth emulator, then:
 *   - pages: Lighthouse on every public route, and on the same page with no JavaScript;
 *   - time to widget: on a throttled phone, when /, /book-demo, /signup and /login paint, request
 *     the app, hydrate and request their widget, and the longest main-thread task on those and
 *     /pricing (bench/widget-timing.ts);
 *   - short links: time to the target through the server's 302 and through the page;
 *   - static pages: GET / (plain and brotli) under load against a bare node:http server;
 *   - API: throughput and latency under load against a bare node:http server;
 *   - operators' reports: GET /api/admin/funnel and /links over 1,000,000 seeded landings;
 *   - the funnel under a flood: GET /api/admin/funnel after 5,000 landing beacons under
 *     distinct campaign names, with health checks while it is in flight.
 * Writes bench/results/latest.{md,json} (with the commit measured) and prints the tables.
 *
 * Flags: --pages-only, --api-only, --static-only (just the static pages under load),
 * --admin-only (just the operators' reports, the flood's included; the other sections of
 * latest.json are kept), --flood-only (just the funnel under a flood, the same way),
 * --widgets-only (time to widget alone; the other sections of latest.json are kept),
 * --runs N (Lighthouse and time-to-widget runs per page, default 3),
 * --quick (1 run, short load tests; saved to bench/results/tmp/quick.*, not latest.*),
 * --routes /,/pricing (only these pages, and their time to widget, no short links, nothing saved:
 * for working on pages),
 * --against [ref] (also build and run that commit, by default the one latest.json was measured
 * on, in a temporary worktree, and measure it interleaved with the current code: pages, time to
 * widget, API and static pages; bench/previous-release.ts), --keep-previous (keep its worktree,
 * installed and built, for the next run),
 * --load (the 60 s, 200-connection API load run) and --soak (the same for 10 minutes): both run
 * bench/api-load.ts instead of the tables and fail on errors, 5xx or memory growth.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join, relative } from "node:path";
import type { AuthEmulator } from "../scripts/auth-emulator.ts";
import type { Release } from "./api-throughput.ts";
import {
  type BenchServer,
  ensureWebBuild,
  freeEmulatorPort,
  repoRoot,
  startBenchEmulator,
  startBenchServer,
  webBuildDir,
} from "./bench-server.ts";
import { currentCommit } from "./git-state.ts";
import { benchPages } from "./pages-bench.ts";
import {
  cleanUpPrevious,
  type PreparedPrevious,
  preparePrevious,
  startPrevious,
} from "./previous-release.ts";
import type { ReleaseServer } from "./release-server.ts";
import type { BenchResults } from "./report.ts";
import { toMarkdown } from "./report-markdown.ts";
import { checkTargets } from "./report-targets.ts";
import * as plan from "./run-flags.ts";
import {
  benchAdminReports,
  benchApi,
  benchFunnelFlood,
  benchShortLinks,
  benchStatic,
  benchWidgets,
  log,
  type Previous,
} from "./run-sections.ts";

const { flags } = plan;
if (flags.load || flags.soak) {
  const loadRun = spawnSync(
    process.execPath,
    [join(import.meta.dirname, "api-load.ts"), ...(flags.soak ? ["--soak"] : [])],
    { stdio: "inherit" },
  );
  process.exit(loadRun.status ?? 1);
}
const problem = plan.flagProblem();
if (problem) {
  console.error(problem);
  process.exit(2);
}

// Bounded: whatever happens, the run ends. A comparison builds the previous release and
// measures every page twice.
const WATCHDOG_MINUTES = plan.against === undefined ? 30 : 90;
setTimeout(() => {
  console.error(`The benchmark did not finish within ${WATCHDOG_MINUTES} minutes; stopping.`);
  process.exit(1);
}, WATCHDOG_MINUTES * 60_000).unref();

const resultsDir = join(repoRoot, "bench/results");
const latestJson = join(resultsDir, "latest.json");

function savedResults(): Partial<BenchResults> {
  if (!existsSync(latestJson)) return {};
  try {
    return JSON.parse(readFileSync(latestJson, "utf8")) as Partial<BenchResults>;
  } catch {
    return {};
  }
}

function startingResults(saved: Partial<BenchResults>): BenchResults {
  return {
    commit: currentCommit(repoRoot),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? "unknown",
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      loadAverageAtStart: loadavg()[0] ?? 0,
    },
    pages: saved.pages,
    shortLinks: saved.shortLinks,
    widgets: saved.widgets,
    api: saved.api,
    staticPages: saved.staticPages,
    adminReports: saved.adminReports,
    funnelFlood: saved.funnelFlood,
    targets: [],
  };
}

/** Every section that needs the site's server, on the current one and the previous release's. */
async function measureServers(
  results: BenchResults,
  server: BenchServer,
  previous: Previous | undefined,
  emulatorStarting: Promise<AuthEmulator> | undefined,
): Promise<AuthEmulator | undefined> {
  if (emulatorStarting && (plan.measurePages || plan.measureWidgets)) {
    log("waiting for the Auth emulator before timing pages");
    await emulatorStarting.catch(() => undefined); // a failure is reported where it is used
  }
  if (plan.measurePages) {
    results.pages = await benchPages({
      repoRoot,
      webBuildDir,
      origin: server.origin,
      previous,
      routes: plan.routes,
      runs: plan.runs,
      log,
    });
  }
  if (plan.measureWidgets) results.widgets = await benchWidgets(server, previous);
  if (plan.measureShortLinks) results.shortLinks = await benchShortLinks(server, emulatorStarting);
  if (plan.measureStaticLoad) results.staticPages = await benchStatic(server, previous);
  if (emulatorStarting && plan.measureApiLoad) {
    log("waiting for the Auth emulator");
    const emulator = await emulatorStarting;
    results.api = await benchApi(server, emulator, previous);
    return emulator;
  }
  return undefined;
}

function save(results: BenchResults, started: number) {
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

async function main() {
  const started = Date.now();
  // The operators' reports need neither the site nor the server.
  const needsServer =
    plan.measurePages || plan.measureWidgets || plan.measureStaticLoad || plan.measureApiLoad;
  if (needsServer) ensureWebBuild();
  const saved = savedResults();
  const results = startingResults(saved);
  let prepared: PreparedPrevious | undefined;
  let previousServer: ReleaseServer | undefined;
  let emulator: AuthEmulator | undefined;
  let server: BenchServer | undefined;
  let emulatorStarting: Promise<AuthEmulator> | undefined;
  try {
    if (needsServer && plan.against !== undefined) {
      prepared = await preparePrevious({
        repo: repoRoot,
        ref: plan.against,
        latest: saved,
        current: results.commit ?? { sha: "", dirty: true },
        log,
      });
      results.previous = prepared.release;
    }
    // The emulator (for /api/me) starts in the background while the site's server starts, and
    // is up before any page is timed: its start-up (a JVM and the Firebase CLI, busy on both
    // cores for a while) would otherwise run under the first Lighthouse and time-to-widget runs.
    const emulatorPort = await freeEmulatorPort();
    const emulatorHost = `127.0.0.1:${emulatorPort}`;
    emulatorStarting =
      plan.measureApiLoad || plan.measureShortLinks ? startBenchEmulator(emulatorPort) : undefined;
    emulatorStarting?.catch(() => {}); // awaited (and reported) below
    if (needsServer) {
      server = await startBenchServer({ emulatorHost });
      log(`server at ${server.origin}`);
      const release = prepared;
      if (release) previousServer = await startPrevious(release, emulatorHost, log);
      const previous = previousServer &&
        release && {
          origin: previousServer.origin,
          sha: release.release.sha,
          startServer: (which: Release) =>
            which === "current"
              ? startBenchServer({ emulatorHost })
              : startPrevious(release, emulatorHost, log),
        };
      emulator = await measureServers(results, server, previous, emulatorStarting);
    }
  } finally {
    await server?.close();
    await previousServer?.close();
    await (emulator ?? (await emulatorStarting?.catch(() => undefined)))?.stop();
    cleanUpPrevious(prepared, flags["keep-previous"], log);
  }
  // Last, on its own database, once the server no longer competes for the CPU.
  if (plan.measureAdminReportsSection) results.adminReports = await benchAdminReports();
  if (plan.measureFunnelFloodSection) results.funnelFlood = await benchFunnelFlood();
  results.targets = checkTargets(results);
  save(results, started);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
