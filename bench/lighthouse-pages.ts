/**
 * Lighthouse on every public route (mobile, default simulated throttling, third-party
 * hosts blocked), run several times; the median of each number is kept.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { CHROMIUM_FLAGS, chromiumPath } from "../scripts/chromium.ts";
import { median, spread } from "./stats.ts";

/** Lighthouse's Chromium: the shared flags, headless, and sealed off from the network. */
export const LIGHTHOUSE_FLAGS = [
  "--headless=new",
  ...CHROMIUM_FLAGS,
  "--disable-default-apps",
  "--disable-extensions",
  // Nothing leaves this machine: any host but loopback fails to resolve. The patterns
  // below block the same requests earlier, in a way Lighthouse does not count as errors.
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
];

/**
 * DevTools blocking patterns (substring match with * wildcards) for every URL not on
 * http://127.0.0.1: all https and websockets, and http to any host name or IPv6.
 */
export const THIRD_PARTY_PATTERNS = [
  "https://*",
  "wss://*",
  "ws://*",
  "http://[*",
  ..."abcdefghijklmnopqrstuvwxyz".split("").map((letter) => `http://${letter}*`),
];

export interface PageMetrics {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  /** Bytes transferred by resource type. */
  jsBytes: number;
  cssBytes: number;
  htmlBytes: number;
  imageBytes: number;
  fontBytes: number;
  /** Lighthouse's measure of this machine's speed during the run (higher is faster). */
  benchmarkIndex: number;
  lcpElement: string;
  /** Audits (other than informative ones) that did not pass, for the report. */
  failedAudits: string[];
}

export type Categories = "all" | "metrics";

const METRIC_AUDITS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
  "network-requests",
];

export interface LighthouseRunner {
  run(url: string, categories: Categories): Promise<PageMetrics>;
  close(): Promise<void>;
}

export async function launchLighthouse(): Promise<LighthouseRunner> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: LIGHTHOUSE_FLAGS,
    logLevel: "silent",
  });
  return {
    async run(url, categories) {
      const flags: Flags = {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        formFactor: "mobile",
        // The snapshot needs only its timings: fewer audits, a much shorter run.
        ...(categories === "all"
          ? { onlyCategories: ["performance", "accessibility", "best-practices", "seo"] }
          : { onlyAudits: METRIC_AUDITS }),
        disableFullPageScreenshot: true,
        blockedUrlPatterns: THIRD_PARTY_PATTERNS,
        // Each run starts cold, like a first visit.
        disableStorageReset: false,
      };
      // A busy machine sometimes loses the trace (NO_NAVSTART, NO_FCP): try again, twice.
      let result: Awaited<ReturnType<typeof lighthouse>>;
      for (let attempt = 1; ; attempt++) {
        result = await lighthouse(url, flags);
        const problem = result ? result.lhr.runtimeError?.message : "no result";
        if (!problem) break;
        if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${problem}`);
        console.warn(`[bench] Lighthouse failed on ${url} (${problem}); trying again`);
      }
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      if (process.env.BENCH_LHR_DIR) {
        // The full reports, for digging into a number (open them in the Lighthouse viewer).
        const name = `${new URL(url).port}${new URL(url).pathname.replaceAll("/", "_")}-${Date.now()}.json`;
        mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
        writeFileSync(join(process.env.BENCH_LHR_DIR, name), JSON.stringify(result.lhr));
      }
      return metricsOf(result.lhr);
    },
    close: async () => {
      chrome.kill();
    },
  };
}

function metricsOf(lhr: Result): PageMetrics {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (lhr.audits["network-requests"]?.details as { items?: unknown[] } | undefined)
    ?.items as Array<{ resourceType?: string; transferSize?: number }> | undefined;
  const bytes = (...types: string[]) =>
    (requests ?? [])
      .filter((request) => types.includes(request.resourceType ?? ""))
      .reduce((total, request) => total + (request.transferSize ?? 0), 0);
  const lcpItems = (
    lhr.audits["largest-contentful-paint-element"]?.details as
      | { items?: Array<{ items?: Array<{ node?: { nodeLabel?: string; selector?: string } }> }> }
      | undefined
  )?.items?.[0]?.items;
  const lcpNode = lcpItems?.[0]?.node;
  const failedAudits = Object.values(lhr.categories)
    .filter((category) => category.id !== "performance")
    .flatMap((category) => category.auditRefs.map((ref) => lhr.audits[ref.id]))
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => audit?.id ?? "");
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcp: numeric("first-contentful-paint"),
    lcp: numeric("largest-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    speedIndex: numeric("speed-index"),
    jsBytes: bytes("Script"),
    cssBytes: bytes("Stylesheet"),
    htmlBytes: bytes("Document"),
    imageBytes: bytes("Image"),
    fontBytes: bytes("Font"),
    benchmarkIndex: lhr.environment.benchmarkIndex ?? Number.NaN,
    lcpElement: lcpNode ? `${lcpNode.selector ?? ""} ${lcpNode.nodeLabel ?? ""}`.trim() : "",
    failedAudits: [...new Set(failedAudits)],
  };
}

/** How far apart the runs were, for every number (largest minus smallest). */
export function spreadMetrics(runs: PageMetrics[]): Partial<Record<keyof PageMetrics, number>> {
  const first = runs[0];
  if (!first) return {};
  return Object.fromEntries(
    (Object.keys(first) as Array<keyof PageMetrics>)
      .filter((key) => typeof first[key] === "number")
      .map((key) => [key, spread(runs.map((run) => run[key] as number))]),
  );
}

/** The median of every number over the runs; labels and failed audits from all runs. */
export function medianMetrics(runs: PageMetrics[]): PageMetrics {
  const first = runs[0];
  if (!first) throw new Error("no runs");
  const numbers = Object.fromEntries(
    (Object.keys(first) as Array<keyof PageMetrics>)
      .filter((key) => typeof first[key] === "number")
      .map((key) => [key, median(runs.map((run) => run[key] as number))]),
  );
  return {
    ...(numbers as unknown as PageMetrics),
    lcpElement: first.lcpElement,
    failedAudits: [...new Set(runs.flatMap((run) => run.failedAudits))],
  };
}
