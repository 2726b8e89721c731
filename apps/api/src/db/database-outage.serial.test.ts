import { execFileSync } from "node:child_process";
import { apiErrorSchema } from "@bakery/shared/api-contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { putTestPage } from "../test-support/content-pages.ts";
import { ensureTestDatabase } from "../test-support/test-database.ts";
import { startTestServer, type TestServer, testConfig } from "../test-support/test-server.ts";
import { type DatabaseHandle, openDatabase } from "./open-database.ts";

/**
 * A real Postgres outage: the cluster is stopped under a running API and started again.
 * Needs TEST_DATABASE_URL, PG_CLUSTER ("15 main", as CI's .ci/run exports) and root (to
 * run pg_ctlcluster). It runs in the serial project, after every other test file, because
 * it takes the whole server away.
 */
const url = process.env.TEST_DATABASE_URL;
const cluster = process.env.PG_CLUSTER?.split(" ").filter(Boolean) ?? [];
const POOL_SIZE = 4;
const canControlCluster = Boolean(url) && cluster.length === 2 && process.getuid?.() === 0;

function pgCluster(action: "start" | "stop") {
  const args = [...cluster, action, ...(action === "stop" ? ["-m", "fast"] : [])];
  execFileSync("pg_ctlcluster", args, { stdio: "pipe", timeout: 60_000 });
}

/** Starts the cluster unless it already runs (pg_ctlcluster exits 2 then). */
function ensureClusterRunning() {
  try {
    pgCluster("start");
  } catch (error) {
    if ((error as { status?: number }).status !== 2) throw error;
  }
}

describe.runIf(canControlCluster)("a Postgres outage under the running API", () => {
  let handle: DatabaseHandle;
  let server: TestServer;

  beforeAll(async () => {
    ensureClusterRunning();
    const databaseUrl = await ensureTestDatabase(url as string, "outage");
    handle = await openDatabase({
      url: databaseUrl,
      poolSize: POOL_SIZE,
      // An hour, like the API's deadline below: a 503 that waited for the driver to give up
      // connecting would time the test out instead of passing.
      connectTimeoutSeconds: 3_600,
    });
    await putTestPage(handle.db, {
      handle: "privacy-policy",
      title: "Privacy",
      subtitle: "",
      html: "<p>ok</p>",
    });
    server = await startTestServer(handle, {
      // An hour: the API's own deadline can't be what answers while the cluster is down,
      // only its reading of the driver's connection errors can. (Every page request
      // reaches the database: startTestServer keeps no copy of a page.)
      config: { ...testConfig, DATABASE_TIMEOUT_MS: 3_600_000 },
    });
  });
  afterAll(async () => {
    // Whatever happened above, leave the cluster running for everyone else.
    ensureClusterRunning();
    await server?.close();
    await handle?.close();
  });

  it("answers 503 + Retry-After at once while down, and recovers without a restart", async () => {
    // Fill the pool, so the outage has live connections to kill.
    const warm = await Promise.all(
      Array.from({ length: 8 }, () => fetch(`${server.url}/p/privacy-policy`)),
    );
    expect(warm.map((r) => r.status)).toEqual(Array(8).fill(200));

    try {
      pgCluster("stop");
      for (const path of [
        "/p/privacy-policy",
        "/ready",
        "/redirect/promo/spring",
        "/p/privacy-policy",
      ]) {
        const response = await fetch(`${server.url}${path}`);
        expect(response.status, path).toBe(503);
        expect(response.headers.get("retry-after"), path).toBe("5");
        expect(apiErrorSchema.parse(await response.json()).error.code).toBe("service_unavailable");
      }
      // Liveness is not readiness: the process itself is fine.
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
    } finally {
      ensureClusterRunning();
    }

    // Back by itself, with no restart: pg_ctlcluster returns once the cluster accepts
    // connections, and a pooled connection the outage killed is replaced by the query that
    // finds it, so the API is ready again within as many failed requests as its pool holds.
    const readiness: number[] = [];
    while (readiness.length <= POOL_SIZE && readiness.at(-1) !== 200) {
      readiness.push((await fetch(`${server.url}/ready`)).status);
    }
    expect(readiness.at(-1), `/ready answered ${readiness.join(", ")}`).toBe(200);
    // /ready used one connection; another the outage closed may still be pooled until a query
    // finds it (on a busy machine its close is read late). So: rounds of 8 at once until one is
    // all 200, each closed connection failing one request at most, the pool's size in all.
    const after: number[][] = [];
    while (after.length < POOL_SIZE && !after.at(-1)?.every((status) => status === 200)) {
      const round = await Promise.all(
        Array.from({ length: 8 }, () => fetch(`${server.url}/p/privacy-policy`)),
      );
      after.push(round.map((response) => response.status));
    }
    const answered = `after /ready: ${after.map((round) => round.join(", ")).join(" | ")}`;
    expect(after.at(-1), answered).toEqual(Array(8).fill(200));
    const failed = [...readiness, ...after.flat()].filter((status) => status !== 200);
    expect(failed.length, answered).toBeLessThanOrEqual(POOL_SIZE);
  });
});
