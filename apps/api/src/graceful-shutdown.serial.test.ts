import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import type { Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { utcDay } from "@bakery/shared/admin-contract";
import { and, eq, lt, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteDir } from "./db/local-data-dir.ts";
import { openDatabase } from "./db/open-database.ts";
import { shortLinkClicksByDay } from "./db/schema.ts";
import { findShortLink } from "./short-links/short-link-queries.ts";
import { type ApiServerProcess, startApiServerProcess } from "./test-support/api-server-process.ts";

/**
 * SIGTERM in the middle of a burst loses nothing: every request either gets its whole
 * answer, or its connection is refused (ECONNREFUSED) or reset before the server accepted
 * it (a fresh connection still in the kernel's queue when the server stopped listening);
 * and every click the server counted reached its client. The server runs in its own
 * process, as in production, so its event loop is not shared with the client's.
 */

type Outcome =
  | { kind: "answered"; path: string; status: number }
  | { kind: "refused" }
  | { kind: "broken"; detail: string };

/** One GET over the shared keep-alive agent, classified. */
function get(agent: Agent, port: number, path: string, uses: WeakMap<Socket, number>) {
  return new Promise<Outcome>((resolve) => {
    let answerStarted = false;
    let reusedConnection = false;
    const req = request({ agent, host: "127.0.0.1", port, path }, (res) => {
      answerStarted = true;
      res.resume();
      res.once("end", () => {
        if (res.complete) resolve({ kind: "answered", path, status: res.statusCode ?? 0 });
        else resolve({ kind: "broken", detail: `${path}: incomplete body` });
      });
      res.once("aborted", () => resolve({ kind: "broken", detail: `${path}: aborted mid-answer` }));
      res.once("error", (error) =>
        resolve({ kind: "broken", detail: `${path}: ${error.message}` }),
      );
    });
    req.once("socket", (socket) => {
      const count = (uses.get(socket) ?? 0) + 1;
      uses.set(socket, count);
      reusedConnection = count > 1;
    });
    req.once("error", (error: NodeJS.ErrnoException) => {
      if (answerStarted) return; // reported by the response's events
      const neverAccepted = error.code === "ECONNRESET" && !reusedConnection;
      resolve(
        error.code === "ECONNREFUSED" || neverAccepted
          ? { kind: "refused" }
          : {
              kind: "broken",
              detail: `${path}: ${error.code ?? error.message} before an answer${reusedConnection ? " on a kept-alive connection" : ""}`,
            },
      );
    });
    req.end();
  });
}

describe("graceful shutdown under load", () => {
  let dataDir: string;
  let server: ApiServerProcess;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "bakery-shutdown-"));
    server = await startApiServerProcess({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers or cleanly refuses every request of a burst when SIGTERM comes mid-burst", async () => {
    // The local demo data gives the link clicks on the days before this one.
    const today = utcDay(new Date());
    const agent = new Agent({ keepAlive: true, maxSockets: 50 });
    const uses = new WeakMap<Socket, number>();
    const paths = ["/api/redirect/promo/spring", "/api/p/privacy-policy", "/api/health"];
    let answered = 0;
    let exitCode: Promise<number | null> | undefined;
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        get(agent, server.port, paths[i % paths.length] as string, uses).then((outcome) => {
          // Stop once a quarter of the burst is answered: the rest is in flight or queued.
          if (outcome.kind === "answered" && ++answered === 50) exitCode = server.stop();
          return outcome;
        }),
      ),
    );
    agent.destroy();
    expect(await exitCode).toBe(0);

    const broken = outcomes.filter((o) => o.kind === "broken");
    const failed = outcomes.filter((o) => o.kind === "answered" && o.status !== 200);
    expect(broken, JSON.stringify(broken)).toEqual([]);
    expect(failed, JSON.stringify(failed)).toEqual([]);
    // Both outcomes happened, so the signal really came mid-burst.
    expect(answered).toBeGreaterThanOrEqual(50);
    expect(outcomes.some((o) => o.kind === "refused")).toBe(true);

    // Every click the server counted was answered: no request was done and then dropped.
    const clicksAnswered = outcomes.filter(
      (o) => o.kind === "answered" && o.path === paths[0],
    ).length;
    const database = await openDatabase({ dataDir: pgliteDir(dataDir) });
    try {
      const [demo] = await database.db
        .select({ clicks: sum(shortLinkClicksByDay.clicks).mapWith(Number) })
        .from(shortLinkClicksByDay)
        .where(
          and(
            eq(shortLinkClicksByDay.cat, "promo"),
            eq(shortLinkClicksByDay.id, "spring"),
            lt(shortLinkClicksByDay.day, today),
          ),
        );
      const total = (await findShortLink(database.db, "promo", "spring"))?.clicks ?? 0;
      expect(total - (demo?.clicks ?? 0)).toBe(clicksAnswered);
    } finally {
      await database.close();
    }
  });
});
