/**
 * The operators' funnel after a flood of anonymous landing beacons (issue 40): 5,000
 * `POST /api/events` landings, each under a campaign name of its own, 20 at a time over
 * loopback, sent as a browser would (a browser's User-Agent, so none is set aside as a bot's);
 * then the demo operator asks `GET /api/admin/funnel` for the last 30 and the last 366 days,
 * one request at a time, and while each is in flight `GET /api/health` goes out again and again
 * (10 ms apart) to show whether the report holds up the server's other requests. The API runs in
 * its own process (bench/funnel-flood-server.ts) with a fresh embedded database; its operator
 * token is a test token, as in the operators' reports bench (bench/admin-reports.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { DEMO_USERS } from "@bakery/api/demo-data";
import { residentBytes } from "@bakery/api/test-support/api-server-process";
import { fakeToken } from "@bakery/api/test-support/test-server";
import {
  type FunnelReport,
  funnelReportSchema,
  MS_PER_DAY,
  utcDay,
} from "@bakery/shared/admin-contract";
import type { LandingEvent } from "@bakery/shared/api-contract";
import { newVisitReference } from "@bakery/shared/attribution-record";
import type { FloodServerReady } from "./funnel-flood-server.ts";

export const FLOOD_LANDINGS = 5_000;
export const FLOOD_CONCURRENCY = 20;
/** The report ranges asked for, in days ending today. */
const FLOOD_REPORT_DAYS = [30, 366] as const;
/** The beacons must all have been answered by then, or the run stops. */
const FLOOD_DEADLINE_MS = 5 * 60_000;
/** Longest any one request may take before it is given up (and the run stops). */
const REQUEST_TIMEOUT_MS = 30_000;
/** Pause between two health checks while a report is in flight. */
export const HEALTH_CHECK_GAP_MS = 10;
const BROWSER_USER_AGENT =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

export interface FunnelFloodAnswer {
  status: number;
  ms: number;
  bytes: number;
  /** Health checks sent while this report was in flight, and the slowest one's time. */
  healthChecks: number;
  slowestHealthMs: number;
}

export interface FunnelFloodReport {
  name: string;
  path: string;
  days: number;
  answers: FunnelFloodAnswer[];
  /** From the last answer with status 200; null when there was none. */
  groupsNamed: number | null;
  other: { groupCount: number; landings: number } | null;
  landings: number | null;
}

export interface FunnelFloodData {
  /** Beacons sent, and how many the API answered with each status. */
  sent: number;
  statuses: Record<string, number>;
  floodSeconds: number;
  /** The server process's resident memory after the reports. */
  serverRssBytes: number;
}

export async function measureFunnelFlood(options: { requestsPerRange: number }): Promise<{
  data: FunnelFloodData;
  results: FunnelFloodReport[];
  /** The events rate limit the server ran with. */
  eventsPerMinute: number;
}> {
  const { child, ready } = await startFloodServer();
  try {
    const started = performance.now();
    const statuses = await sendFlood(ready.url);
    const floodSeconds = (performance.now() - started) / 1000;

    const operator = DEMO_USERS.find((user) => user.role === "operator");
    if (!operator) throw new Error("no demo operator");
    const headers = { Authorization: `Bearer ${fakeToken(operator.uid, operator.email)}` };
    const results: FunnelFloodReport[] = [];
    for (const days of FLOOD_REPORT_DAYS) {
      const to = utcDay(new Date());
      const from = utcDay(new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * MS_PER_DAY));
      const path = `/admin/funnel?from=${from}&to=${to}`;
      const answers: FunnelFloodAnswer[] = [];
      let last: FunnelReport | undefined;
      for (let i = 0; i < options.requestsPerRange; i++) {
        const { answer, report } = await askDuringHealthChecks(ready.url, path, headers);
        answers.push(answer);
        last = report ?? last;
      }
      results.push({
        name: `GET /api/admin/funnel (${days} days, by campaign)`,
        path: `/api${path}`,
        days,
        answers,
        groupsNamed: last ? last.groups.length : null,
        other: last?.other
          ? { groupCount: last.other.groupCount, landings: last.other.landings }
          : null,
        landings: last ? last.totals.landings : null,
      });
    }
    const serverRssBytes = await residentBytes(child.pid as number);
    return {
      data: { sent: FLOOD_LANDINGS, statuses, floodSeconds, serverRssBytes },
      results,
      eventsPerMinute: ready.eventsPerMinute,
    };
  } finally {
    await stopFloodServer(child);
  }
}

/** Starts bench/funnel-flood-server.ts and waits for its address. */
async function startFloodServer(): Promise<{ child: ChildProcess; ready: FloodServerReady }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, "funnel-flood-server.ts")], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  try {
    const ready = await new Promise<FloodServerReady>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error("the flood's API did not start in 120 s")),
        120_000,
      );
      child.once("message", (message) => {
        clearTimeout(timer);
        resolve(message as FloodServerReady);
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`the flood's API exited with code ${code} before it was ready`));
      });
    });
    return { child, ready };
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
}

/** Closes the IPC channel (the server then closes and exits), killing it if it lingers. */
async function stopFloodServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.disconnect();
  const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(killer);
}

/** The flood: FLOOD_LANDINGS beacons, FLOOD_CONCURRENCY in flight; how many got each status. */
async function sendFlood(url: string): Promise<Record<string, number>> {
  const deadline = Date.now() + FLOOD_DEADLINE_MS;
  const statuses: Record<string, number> = {};
  let next = 0;
  const sender = async () => {
    while (next < FLOOD_LANDINGS) {
      if (Date.now() > deadline) {
        throw new Error(`the flood was not answered within ${FLOOD_DEADLINE_MS / 60_000} minutes`);
      }
      const n = next++;
      const ref = newVisitReference();
      const beacon: LandingEvent = {
        type: "landing",
        ref,
        attribution: { utms: "ads", utmm: "cpc", utmc: `flood-${n}-${ref.slice(0, 8)}` },
        landing: "/",
      };
      const response = await fetch(`${url}/events`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "User-Agent": BROWSER_USER_AGENT },
        body: JSON.stringify(beacon),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: FLOOD_CONCURRENCY }, sender));
  return statuses;
}

/**
 * One report request, timed to its last byte, with health checks sent one after another (a
 * short pause between) from when it is sent until it has been answered.
 */
async function askDuringHealthChecks(
  url: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ answer: FunnelFloodAnswer; report: FunnelReport | undefined }> {
  let answered = false;
  const started = performance.now();
  const asking = fetch(`${url}${path}`, {
    headers,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  })
    .then(async (response) => {
      const body = await response.arrayBuffer();
      return { status: response.status, body, ms: performance.now() - started };
    })
    .finally(() => {
      answered = true;
    });
  const healthTimes: number[] = [];
  const checking = (async () => {
    while (!answered) {
      const sent = performance.now();
      const response = await fetch(`${url}/health`, {
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET /api/health: ${response.status}`);
      healthTimes.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_CHECK_GAP_MS));
    }
  })();
  const [{ status, body, ms }] = await Promise.all([asking, checking]);
  const report =
    status === 200
      ? funnelReportSchema.parse(JSON.parse(new TextDecoder().decode(body)))
      : undefined;
  return {
    answer: {
      status,
      ms,
      bytes: body.byteLength,
      healthChecks: healthTimes.length,
      slowestHealthMs: Math.max(...healthTimes),
    },
    report,
  };
}
