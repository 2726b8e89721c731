/**
 * The pages section: Lighthouse on each route of the current server, of the previous release's
 * (with `--against`) and of the current page's no-JS snapshot, one after the other for each
 * route in every run, so all three see the machine as it is at that moment. The order of the
 * two servers alternates from run to run.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type LighthouseRunner,
  launchLighthouse,
  medianMetrics,
  type PageMetrics,
  spreadMetrics,
} from "./lighthouse-pages.ts";
import { type SnapshotSite, startSnapshotSite } from "./no-js-snapshot.ts";
import type { BenchResults, PageResult } from "./report.ts";
import { median } from "./stats.ts";

export interface PagesBenchOptions {
  repoRoot: string;
  webBuildDir: string;
  origin: string;
  /** The previous release's server, when comparing. */
  previous?: { origin: string; sha: string };
  routes: readonly string[];
  runs: number;
  log: (message: string) => void;
}

type Side = "current" | "previous" | "snapshot";

const sideOrder = (run: number, comparing: boolean): Side[] =>
  !comparing
    ? ["current", "snapshot"]
    : run % 2 === 1
      ? ["current", "previous", "snapshot"]
      : ["previous", "current", "snapshot"];

function logRun(
  options: PagesBenchOptions,
  run: number,
  route: string,
  measured: Partial<Record<Side, PageMetrics>>,
  seconds: number,
) {
  const { current, previous, snapshot } = measured;
  const figures = (metrics: PageMetrics) =>
    `perf ${metrics.performance}, LCP ${Math.round(metrics.lcp)} ms, TBT ${Math.round(metrics.tbt)} ms`;
  options.log(
    `run ${run}/${options.runs} ${route}: ${current ? figures(current) : ""}${previous ? ` (previous: ${figures(previous)})` : ""}, no-JS LCP ${Math.round(snapshot?.lcp ?? Number.NaN)} ms, ${seconds} s`,
  );
}

export async function benchPages(options: PagesBenchOptions): Promise<BenchResults["pages"]> {
  const { routes, runs } = options;
  let lighthouse: LighthouseRunner | undefined;
  let snapshot: SnapshotSite | undefined;
  try {
    options.log(`rendering no-JS snapshots of ${routes.length} route(s)`);
    snapshot = await startSnapshotSite(options.origin, options.webBuildDir, routes);
    lighthouse = await launchLighthouse();
    const origins: Record<Side, string | undefined> = {
      current: options.origin,
      previous: options.previous?.origin,
      snapshot: snapshot.origin,
    };
    const measured = new Map<string, PageMetrics[]>();
    for (let run = 1; run <= runs; run++) {
      for (const route of routes) {
        const started = Date.now();
        const thisRun: Partial<Record<Side, PageMetrics>> = {};
        for (const side of sideOrder(run, Boolean(options.previous))) {
          const url = `${origins[side]}${route}`;
          thisRun[side] = await lighthouse.run(url, side === "snapshot" ? "metrics" : "all");
          const key = `${side} ${route}`;
          measured.set(key, [...(measured.get(key) ?? []), thisRun[side]]);
        }
        logRun(options, run, route, thisRun, Math.round((Date.now() - started) / 1000));
      }
    }
    const runsOf = (side: Side, route: string) => measured.get(`${side} ${route}`) ?? [];
    const results = routes.map((route) => pageResult(route, runsOf, Boolean(options.previous)));
    const indexes = [...measured.values()].flat().map((metrics) => metrics.benchmarkIndex);
    return {
      measuredAt: new Date().toISOString(),
      settings: {
        lighthouse: lighthouseVersion(options.repoRoot),
        runs,
        formFactor: "mobile",
        throttling: "simulate",
        benchmarkIndex: {
          median: median(indexes),
          min: Math.min(...indexes),
          max: Math.max(...indexes),
        },
        ...(options.previous && { previous: options.previous.sha }),
      },
      results,
    };
  } finally {
    await lighthouse?.close();
    await snapshot?.close();
  }
}

function pageResult(
  route: string,
  runsOf: (side: Side, route: string) => PageMetrics[],
  comparing: boolean,
): PageResult {
  const product = medianMetrics(runsOf("current", route));
  const snapshot = medianMetrics(runsOf("snapshot", route));
  return {
    route,
    product,
    snapshot,
    lcpRatio: product.lcp / snapshot.lcp,
    fcpRatio: product.fcp / snapshot.fcp,
    spread: spreadMetrics(runsOf("current", route)),
    ...(comparing && {
      previous: medianMetrics(runsOf("previous", route)),
      previousSpread: spreadMetrics(runsOf("previous", route)),
    }),
  };
}

function lighthouseVersion(repoRoot: string): string {
  return JSON.parse(readFileSync(join(repoRoot, "node_modules/lighthouse/package.json"), "utf8"))
    .version as string;
}
