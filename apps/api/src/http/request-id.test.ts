import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/open-database.ts";
import { createLogger, runInRequest } from "../logger.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("request ids", () => {
  let handle: DatabaseHandle;
  let server: TestServer;
  const logLines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: "memory" });
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    server = await startTestServer(handle, {
      logger: createLogger("info", { destination: sink }),
      // The readiness check logs a warning when the database fails: a line inside a request.
      ping: () => Promise.reject(new Error("database gone")),
    });
  });
  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("answers every response with a new id when the caller sent none", async () => {
    const first = await fetch(`${server.url}/health`);
    const missing = await fetch(`${server.url}/no-such-route`);
    expect(first.headers.get("X-Request-Id")).toMatch(UUID);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("X-Request-Id")).toMatch(UUID);
    expect(missing.headers.get("X-Request-Id")).not.toBe(first.headers.get("X-Request-Id"));
  });

  it("keeps a valid incoming id and puts it in the request's log lines", async () => {
    const response = await fetch(`${server.url}/ready`, {
      headers: { "X-Request-Id": "lb-7f3a.92:1" },
    });
    expect(response.status).toBe(503);
    expect(response.headers.get("X-Request-Id")).toBe("lb-7f3a.92:1");
    expect(logLines).toContainEqual(
      expect.objectContaining({ requestId: "lb-7f3a.92:1", msg: "readiness check failed" }),
    );
  });

  it("replaces an id that is too long or has other characters", async () => {
    for (const sent of ["x".repeat(101), "<script>", "a b"]) {
      const response = await fetch(`${server.url}/health`, { headers: { "X-Request-Id": sent } });
      expect(response.headers.get("X-Request-Id"), sent).toMatch(UUID);
    }
  });
});

describe("readable logs (LOG_PRETTY)", () => {
  it("writes one line per event with the level, the message and the request id", async () => {
    let written = "";
    const sink = new Writable({
      write(chunk, _encoding, done) {
        written += String(chunk);
        done();
      },
    });
    const logger = createLogger("info", { pretty: true, destination: sink });
    runInRequest("req-1", () => logger.warn({ cat: "promo" }, "short link refused"));
    logger.flush();
    await vi.waitFor(() => expect(written).toContain("short link refused"));
    expect(written).toMatch(/WARN.*short link refused/);
    expect(written).toContain('requestId: "req-1"');
    expect(written).not.toMatch(/^\{/);
  });
});
