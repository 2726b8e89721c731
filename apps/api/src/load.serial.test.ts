import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatApiLoadReport, runApiLoad } from "./test-support/api-load.ts";
import { type ApiServerProcess, startApiServerProcess } from "./test-support/api-server-process.ts";

/**
 * A short, bounded load run on loopback: 200 connections on a content page, a short link
 * and the signed-out /me, with no errors, no 5xx and no memory growth through the run (a
 * leak grows both of its halves). The 60 s run (with a signed-in /me) and the 10-minute soak are
 * `node bench/api-load.ts [--soak]`.
 */
describe("the API under load", () => {
  let server: ApiServerProcess;

  beforeAll(async () => {
    server = await startApiServerProcess();
  }, 150_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("answers 200 connections for 10 s without errors, 5xx or memory growth", async () => {
    const report = await runApiLoad({
      origin: server.origin,
      pid: server.pid,
      connections: 200,
      // Long enough for V8's heap and the embedded database's memory to size themselves for
      // 200 connections, also on a busy machine (3 s once left 15 % to grow in the run).
      warmupSeconds: 6,
      seconds: 10,
      // An error, not a latency budget: unanswered when the server itself would give up
      // (its requestTimeout). Latency is measured by the benchmark, never asserted in tests.
      timeoutSeconds: 30,
    });
    console.log(formatApiLoadReport(report));
    expect(report.requests).toBeGreaterThan(0);
    expect(report.errors).toBe(0);
    expect(report.serverErrors).toBe(0);
    // Pages and links answer 200; /me without a token is the signed-out 401.
    expect(Object.keys(report.statuses).sort()).toEqual(["200", "401"]);
    // A leak grows each half of the run. The heap sizing itself for 200 connections grows in
    // steps, in one half or the other (once 15 % over a whole run after a shorter warm-up, once
    // 6.5 % in a second half after 0.1 % in the first), so one half may grow and the whole run
    // has a loose bound.
    expect(Math.min(report.rssGrowthFirstHalf, report.rssGrowthSecondHalf)).toBeLessThan(0.05);
    expect(report.rssGrowth).toBeLessThan(0.2);
  }, 60_000);
});
