/**
 * API reliability under sustained load: the real server in its own process (embedded
 * database, rate limits raised out of the way), 200 connections on loopback for 60 s after
 * a warm-up, mixing a content page, a short link and /api/me with a demo user's ID token
 * from the Auth emulator. Passes with no connection errors or timeouts, no 5xx, and resident
 * memory within 10 % of what it was after the warm-up. `--soak` runs 10 minutes instead.
 *
 *   node bench/api-load.ts [--soak] [--connections 200]
 *
 * `npm test` runs a 10 s version of the same check (apps/api/src/load.serial.test.ts).
 * Writes bench/results/api-load.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { DEMO_PASSWORD, DEMO_USERS } from "@bakery/api/demo-data";
import {
  type ApiLoadReport,
  formatApiLoadReport,
  runApiLoad,
} from "@bakery/api/test-support/api-load";
import { startApiServerProcess } from "@bakery/api/test-support/api-server-process";
import { demoIdToken } from "./api-throughput.ts";
import { freeEmulatorPort, repoRoot, startBenchEmulator } from "./bench-server.ts";

export interface ApiLoadBenchOptions {
  soak: boolean;
  connections: number;
}

/** The limits a run must stay within; a list of what it broke (empty when it passed). */
export function apiLoadProblems(report: ApiLoadReport): string[] {
  const problems: string[] = [];
  if (report.errors > 0) problems.push(`${report.errors} connection errors or timeouts`);
  if (report.serverErrors > 0) problems.push(`${report.serverErrors} answers with status 5xx`);
  if (report.rssGrowth >= 0.1) {
    problems.push(`memory grew ${(report.rssGrowth * 100).toFixed(1)} % after the warm-up`);
  }
  return problems;
}

export async function runApiLoadBench(options: ApiLoadBenchOptions): Promise<ApiLoadReport> {
  const emulator = await startBenchEmulator(await freeEmulatorPort());
  try {
    const server = await startApiServerProcess({ FIREBASE_AUTH_EMULATOR_HOST: emulator.host });
    try {
      const user = DEMO_USERS.find((demo) => demo.status === "active") ?? DEMO_USERS[0];
      if (!user) throw new Error("no demo user to sign in as");
      const idToken = await demoIdToken(emulator.host, user.email, DEMO_PASSWORD);
      return await runApiLoad({
        origin: server.origin,
        pid: server.pid,
        connections: options.connections,
        warmupSeconds: options.soak ? 30 : 10,
        // An emulator ID token lasts an hour, well past the longest run.
        seconds: options.soak ? 600 : 60,
        idToken,
      });
    } finally {
      await server.stop();
    }
  } finally {
    await emulator.stop();
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      soak: { type: "boolean", default: false },
      connections: { type: "string", default: "200" },
    },
  });
  const connections = Number(values.connections);
  if (!Number.isInteger(connections) || connections < 1 || connections > 1000) {
    console.error("--connections must be a whole number from 1 to 1000");
    process.exit(2);
  }
  console.log(
    `API load: ${connections} connections, ${values.soak ? "10-minute soak" : "60 s"}, on loopback…`,
  );
  const report = await runApiLoadBench({ soak: values.soak, connections });
  console.log(formatApiLoadReport(report));
  const resultsDir = join(repoRoot, "bench/results");
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    join(resultsDir, "api-load.json"),
    `${JSON.stringify({ at: new Date().toISOString(), soak: values.soak, connections, ...report }, null, 2)}\n`,
  );
  const problems = apiLoadProblems(report);
  for (const problem of problems) console.error(`FAIL: ${problem}`);
  process.exit(problems.length === 0 ? 0 : 1);
}
