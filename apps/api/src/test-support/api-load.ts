/**
 * A bounded load run against the real server in a child process (so its memory is measured
 * apart from the load generator's): autocannon on loopback with a mix of a content page, a
 * short link and /api/me. Used by the short test in `npm test` (load.serial.test.ts) and by
 * the longer runs of `npm run bench` (bench/api-load.ts).
 */
import autocannon from "autocannon";
import { residentBytes } from "./api-server-process.ts";

export interface ApiLoadOptions {
  origin: string;
  /** The server's pid, for its memory. */
  pid: number;
  connections: number;
  warmupSeconds: number;
  seconds: number;
  /** An ID token for /api/me; without one /me is the signed-out 401 path. */
  idToken?: string;
  /** A request unanswered after this long counts as an error (default 10 s). */
  timeoutSeconds?: number;
}

export interface ApiLoadReport {
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  statuses: Record<string, number>;
  /** Connection errors and timeouts. */
  errors: number;
  serverErrors: number;
  rssAfterWarmup: number;
  /** Half-way through the measured run. */
  rssMidRun: number;
  rssAfter: number;
  /** (rssAfter - rssAfterWarmup) / rssAfterWarmup. */
  rssGrowth: number;
  /** (rssMidRun - rssAfterWarmup) / rssAfterWarmup. */
  rssGrowthFirstHalf: number;
  /**
   * (rssAfter - rssMidRun) / rssMidRun. A leak grows the second half of a run as much as the
   * first; the heap sizing itself for the load grows in steps, in one half or the other.
   */
  rssGrowthSecondHalf: number;
}

function runOnce(options: ApiLoadOptions, seconds: number): Promise<autocannon.Result> {
  const meHeaders = { Authorization: `Bearer ${options.idToken ?? ""}` };
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: options.origin,
        connections: options.connections,
        duration: seconds,
        timeout: options.timeoutSeconds ?? 10,
        requests: [
          { method: "GET", path: "/api/p/privacy-policy" },
          { method: "GET", path: "/api/redirect/promo/spring" },
          { method: "GET", path: "/api/me", headers: meHeaders },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

export async function runApiLoad(options: ApiLoadOptions): Promise<ApiLoadReport> {
  await runOnce(options, options.warmupSeconds);
  const rssAfterWarmup = await residentBytes(options.pid);
  const halfWay = new Promise<number>((resolve, reject) => {
    setTimeout(() => residentBytes(options.pid).then(resolve, reject), options.seconds * 500);
  });
  const [result, rssMidRun] = await Promise.all([runOnce(options, options.seconds), halfWay]);
  const rssAfter = await residentBytes(options.pid);
  const statuses: Record<string, number> = {};
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) {
    statuses[status] = stats.count ?? 0;
  }
  return {
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    statuses,
    errors: result.errors + result.timeouts,
    serverErrors: result["5xx"],
    rssAfterWarmup,
    rssMidRun,
    rssAfter,
    rssGrowth: (rssAfter - rssAfterWarmup) / rssAfterWarmup,
    rssGrowthFirstHalf: (rssMidRun - rssAfterWarmup) / rssAfterWarmup,
    rssGrowthSecondHalf: (rssAfter - rssMidRun) / rssMidRun,
  };
}

export function formatApiLoadReport(report: ApiLoadReport): string {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const percent = (fraction: number) => `${(fraction * 100).toFixed(1)} %`;
  return [
    `requests   ${report.requests} (${report.requestsPerSecond.toFixed(0)}/s)`,
    `latency    p50 ${report.latencyMs.p50} ms, p99 ${report.latencyMs.p99} ms, max ${report.latencyMs.max} ms`,
    `statuses   ${Object.entries(report.statuses)
      .map(([status, count]) => `${status}: ${count}`)
      .join(", ")}`,
    `errors     ${report.errors} connection errors/timeouts, ${report.serverErrors} 5xx`,
    `memory     RSS ${mb(report.rssAfterWarmup)} after warm-up → ${mb(report.rssMidRun)} half-way → ${mb(report.rssAfter)} (${percent(report.rssGrowth)}: ${percent(report.rssGrowthFirstHalf)} in the first half, ${percent(report.rssGrowthSecondHalf)} in the second)`,
  ].join("\n");
}
