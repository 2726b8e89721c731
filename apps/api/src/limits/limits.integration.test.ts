import { Agent, request } from "node:http";
import { type AddressInfo, createServer, type Server, type Socket } from "node:net";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/open-database.ts";
import { rateLimits } from "../db/schema.ts";
import { listenHttp } from "../http/server.ts";
import { silentLogger } from "../logger.ts";
import { cspReportRoute } from "../security/csp-report.ts";
import { listShortLinks, putShortLink } from "../short-links/short-link-queries.ts";
import { expectApiError } from "../test-support/expect-api-error.ts";
import { freshTestServerPerTest } from "../test-support/fresh-per-test.ts";
import { testBackends } from "../test-support/test-database.ts";
import {
  rateLimitClock,
  startLocalTestServer,
  startTestServer,
  stopRateLimitClock,
  type TestServer,
  testConfig,
} from "../test-support/test-server.ts";
import { deleteExpiredWindows } from "./rate-limit-store.ts";
import { createRateLimiter } from "./rate-limiter.ts";

/** Rate limits, size limits and what the API answers when its database is down or hung. */

describe.each(testBackends({ postgresDatabase: "limits" }))("limits against $name", ({ open }) => {
  // A fresh instance per test: counts live in its memory as well as in the database.
  const fresh = freshTestServerPerTest(open, {
    overrides: { config: { ...testConfig, RATE_LIMIT_REDIRECT_PER_MINUTE: 3 } },
    seed: (handle) =>
      putShortLink(handle.db, {
        cat: "promo",
        id: "spring",
        target: "/book-demo",
        signInRequired: false,
      }),
  });

  it("answers 429 with Retry-After past the redirect limit, without counting the click", async () => {
    stopRateLimitClock();
    for (let i = 0; i < 3; i++) {
      expect((await fetch(`${fresh.server.url}/redirect/promo/spring`)).status).toBe(200);
    }
    const refused = await fetch(`${fresh.server.url}/redirect/promo/spring`);
    await expectApiError(refused, 429, "rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await listShortLinks(fresh.handle.db))[0]?.clicks).toBe(3);
    // Other routes are not limited by the redirect bucket.
    expect((await fetch(`${fresh.server.url}/health`)).status).toBe(200);
  });

  it("counts concurrent requests exactly: never more than the limit get through", async () => {
    stopRateLimitClock();
    const statuses = await Promise.all(
      Array.from({ length: 12 }, () =>
        fetch(`${fresh.server.url}/redirect/promo/spring`).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
  });

  it("holds across instances sharing the database, once each has synced its counts", async () => {
    const other = await startTestServer(fresh.handle, {
      config: { ...testConfig, RATE_LIMIT_REDIRECT_PER_MINUTE: 3 },
    });
    try {
      stopRateLimitClock();
      const follow = (instance: TestServer) =>
        fetch(`${instance.url}/redirect/promo/spring`).then((r) => r.status);
      expect([await follow(fresh.server), await follow(fresh.server)]).toEqual([200, 200]);
      await fresh.server.flush();
      expect(await follow(other)).toBe(200);
      await other.flush();
      // Each alone has counted fewer than 3; together they have reached the limit.
      expect(await follow(other)).toBe(429);
      expect((await listShortLinks(fresh.handle.db))[0]?.clicks).toBe(3);
    } finally {
      await other.close();
    }
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY says a proxy wrote it", async () => {
    stopRateLimitClock();
    const spoof = (i: number) => ({ "X-Forwarded-For": `198.51.100.${i}` });
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await fetch(`${fresh.server.url}/redirect/promo/spring`, { headers: spoof(i) })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it("with TRUST_PROXY=1 limits the address the proxy saw, not what the client claims", async () => {
    const behindProxy = await startTestServer(fresh.handle, {
      config: { ...testConfig, RATE_LIMIT_REDIRECT_PER_MINUTE: 2, TRUST_PROXY: 1 },
    });
    try {
      stopRateLimitClock();
      const via = (forwardedFor: string) =>
        fetch(`${behindProxy.url}/redirect/promo/spring`, {
          headers: { "X-Forwarded-For": forwardedFor },
        }).then((r) => r.status);
      // The client forges the left part; the proxy appends the real address.
      expect(await via("1.1.1.1, 203.0.113.9")).toBe(200);
      expect(await via("2.2.2.2, 203.0.113.9")).toBe(200);
      expect(await via("3.3.3.3, 203.0.113.9")).toBe(429);
      expect(await via("203.0.113.10")).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });

  it("counts a browser's /to/:cat/:id against the same limit: over it, no 302 and no click", async () => {
    // The local server's routing: the API under /api, the one-round-trip redirect, and
    // the page it falls through to.
    const site = await startLocalTestServer(fresh.handle, {
      config: { RATE_LIMIT_REDIRECT_PER_MINUTE: 3 },
      sitePage: "<p>the short-link page</p>",
    });
    const { port } = site;
    try {
      stopRateLimitClock();
      const tap = () => navigate(port, "/to/promo/spring");
      expect((await tap()).status).toBe(302);
      expect((await tap()).status).toBe(302);
      expect((await fetch(`http://127.0.0.1:${port}/api/redirect/promo/spring`)).status).toBe(200);
      // Over the limit: the page, not a redirect; its own /api/redirect call gets the 429.
      const refused = await tap();
      expect(refused.status).toBe(200);
      expect(refused.location).toBeUndefined();
      expect(refused.body).toBe("<p>the short-link page</p>");
      expect((await listShortLinks(fresh.handle.db))[0]?.clicks).toBe(3);
      const fromPage = await fetch(`http://127.0.0.1:${port}/api/redirect/promo/spring`);
      await expectApiError(fromPage, 429, "rate_limited");
      expect(Number(fromPage.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect((await listShortLinks(fresh.handle.db))[0]?.clicks).toBe(3);
    } finally {
      await site.close();
    }
  });

  it("answers 429 with Retry-After past the CSP report limit, and shares the count", async () => {
    const limiter = createRateLimiter({
      db: fresh.handle.db,
      logger: silentLogger,
      config: testConfig,
      now: rateLimitClock,
    });
    const warn = vi.fn();
    const app = new Hono().route(
      "/api/csp-report",
      cspReportRoute({
        logger: { warn },
        limiter,
        config: { TRUST_PROXY: 0, RATE_LIMIT_CSP_REPORTS_PER_MINUTE: 2 },
      }),
    );
    const reports = await listenHttp(app, { hostname: "127.0.0.1", port: 0 });
    const { port } = reports.server.address() as AddressInfo;
    try {
      stopRateLimitClock();
      const report = () =>
        fetch(`http://127.0.0.1:${port}/api/csp-report`, {
          method: "POST",
          headers: { "Content-Type": "application/csp-report" },
          body: JSON.stringify({
            "csp-report": { "document-uri": "https://www.example.com/", "blocked-uri": "inline" },
          }),
        });
      expect((await report()).status).toBe(204);
      expect((await report()).status).toBe(204);
      const refused = await report();
      await expectApiError(refused, 429, "rate_limited");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(warn).toHaveBeenCalledTimes(2);
      await limiter.sync();
      const [row] = await fresh.handle.db.select().from(rateLimits);
      expect(row).toMatchObject({ bucket: "csp-reports", count: 3 });
    } finally {
      await reports.close();
      await limiter.close();
    }
  });

  it("deletes windows that ended, keeping the current one", async () => {
    await fresh.handle.db.insert(rateLimits).values([
      {
        bucket: "redirect",
        client: "old",
        windowStart: sql`now() - interval '10 minutes'`,
        count: 5,
      },
      { bucket: "redirect", client: "new", windowStart: sql`now()`, count: 1 },
    ]);
    expect(await deleteExpiredWindows(fresh.handle.db)).toBe(1);
    const left = await fresh.handle.db.select().from(rateLimits);
    expect(left.map((row) => row.client)).toEqual(["new"]);
  });

  it("answers 503 with Retry-After, not 500, when a query fails for lack of a connection", async () => {
    const failing = await startTestServer(fresh.handle, {
      db: new Proxy(fresh.handle.db, {
        get: () => () => {
          throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
            code: "ECONNREFUSED",
          });
        },
      }),
    });
    try {
      const response = await fetch(`${failing.url}/p/privacy-policy`);
      const body = await expectApiError(response, 503, "service_unavailable");
      expect(response.headers.get("retry-after")).toBe("5");
      expect(body.error.message).not.toMatch(/ECONNREFUSED|5432/);
      await expectApiError(
        await fetch(`${failing.url}/redirect/promo/spring`),
        503,
        "service_unavailable",
      );
    } finally {
      await failing.close();
    }
  });
});

describe("a database that accepts connections but never answers", () => {
  let blackHole: Server;
  const sockets = new Set<Socket>();
  let hung: DatabaseHandle;
  let server: TestServer;

  beforeAll(async () => {
    blackHole = createServer((socket) => {
      sockets.add(socket);
      socket.on("error", () => {});
    });
    await new Promise<void>((resolve) => blackHole.listen(0, "127.0.0.1", resolve));
    const { port } = blackHole.address() as AddressInfo;
    hung = await openDatabase({
      url: `postgres://nobody@127.0.0.1:${port}/none`,
      migrate: false,
      // An hour: the driver's own connect timeout can't be what answers, only the API's
      // database deadline can.
      connectTimeoutSeconds: 3_600,
    });
    server = await startTestServer(hung, { config: { ...testConfig, DATABASE_TIMEOUT_MS: 500 } });
  });
  afterAll(async () => {
    await server?.close();
    // Refuse new connections before dropping the open ones, so the driver's reconnects
    // fail at once and its pool can end.
    const stopped = new Promise((resolve) => blackHole?.close(resolve));
    for (const socket of sockets) socket.destroy();
    await stopped;
    await hung?.close().catch(() => {});
  });

  it.each([["/p/privacy-policy"], ["/redirect/promo/spring"], ["/ready"]])(
    "%s answers 503 at the API's database deadline instead of hanging",
    async (path) => {
      const response = await fetch(`${server.url}${path}`);
      await expectApiError(response, 503, "service_unavailable");
      expect(response.headers.get("retry-after")).toBe("5");
    },
  );

  it("/health still answers 200 (liveness never touches the database)", async () => {
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  });
});

/** A phone's browser opening a link from a text message (node:http: fetch adds Sec-Fetch-Mode: cors). */
function navigate(
  port: number,
  path: string,
): Promise<{ status: number; location: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: "127.0.0.1",
        port,
        path,
        headers: {
          "User-Agent": "Mozilla/5.0 (Linux; Android 14) Chrome/140.0 Mobile Safari/537.36",
          Accept: "text/html",
          "Sec-Fetch-Mode": "navigate",
          "Sec-Fetch-Dest": "document",
        },
      },
      (incoming) => {
        let body = "";
        incoming.setEncoding("utf8");
        incoming.on("data", (chunk: string) => {
          body += chunk;
        });
        incoming.on("end", () =>
          resolve({ status: incoming.statusCode ?? 0, location: incoming.headers.location, body }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
}

describe("the HTTP server's own limits", () => {
  let handle: DatabaseHandle;
  let server: TestServer;

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: "memory" });
    server = await startTestServer(handle);
  });
  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  /** node:http, because fetch refuses to send headers this large before the server can. */
  function statusWithHeader(name: string, value: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = request(
        { host: "127.0.0.1", port: server.port, path: "/health", headers: { [name]: value } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end();
    });
  }

  it("refuses request headers over 16 KB with 431, and accepts 12 KB", async () => {
    expect(await statusWithHeader("X-Padding", "x".repeat(17 * 1024))).toBe(431);
    expect(await statusWithHeader("X-Padding", "x".repeat(12 * 1024))).toBe(200);
  });

  it("keeps a connection open 65 s between requests, past a proxy's 60 s, and says so", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ keepAlive: string; reused: boolean }>((resolve, reject) => {
        const req = request(
          { host: "127.0.0.1", port: server.port, path: "/health", agent },
          (res) => {
            res.resume();
            res.on("end", () =>
              resolve({ keepAlive: String(res.headers["keep-alive"]), reused: req.reusedSocket }),
            );
          },
        );
        req.on("error", reject);
        req.end();
      });
    try {
      expect(await get()).toEqual({ keepAlive: "timeout=65", reused: false });
      expect(await get()).toEqual({ keepAlive: "timeout=65", reused: true });
    } finally {
      agent.destroy();
    }
  });
});
