import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../db/open-database.ts";
import { putTestPage } from "../test-support/content-pages.ts";
import { testBackends } from "../test-support/test-database.ts";
import { startTestServer, type TestServer, testConfig } from "../test-support/test-server.ts";
import { CONTENT_PAGE_CACHE_MS, createContentPageStore } from "./content-page-store.ts";

describe.each(testBackends({ postgresDatabase: "content_pages_route" }))(
  "GET /p/{handle} with the instance cache on ($name)",
  ({ open }) => {
    let handle: DatabaseHandle;
    let server: TestServer;
    const page = (html: string) => ({
      handle: "cached-page",
      title: "Cached",
      subtitle: "",
      html: `<p>${html}</p>${"<p>filler text so the answer is worth compressing</p>".repeat(40)}`,
    });

    beforeAll(async () => {
      handle = await open();
      // The instance cache reads the wall clock: only Date is faked, so the test moves time
      // itself while the server, the driver and their timers run as in production.
      vi.useFakeTimers({ toFake: ["Date"] });
      server = await startTestServer(handle, {
        contentPages: createContentPageStore({
          db: handle.db,
          config: testConfig,
          cacheMs: CONTENT_PAGE_CACHE_MS,
        }),
      });
      await putTestPage(handle.db, page("first"));
    });
    afterAll(async () => {
      vi.useRealTimers();
      await server?.close();
      await handle?.close();
    });

    it("answers from memory for its lifetime, then shows the change with a new ETag", async () => {
      const first = await fetch(`${server.url}/p/cached-page`);
      const etag = first.headers.get("etag");
      expect(((await first.json()) as { content: string }).content).toContain("first");

      await putTestPage(handle.db, page("second"));
      vi.advanceTimersByTime(CONTENT_PAGE_CACHE_MS - 1);
      const cached = await fetch(`${server.url}/p/cached-page`, {
        headers: { "If-None-Match": etag ?? "" },
      });
      expect(cached.status).toBe(304);

      vi.advanceTimersByTime(1);
      const fresh = await fetch(`${server.url}/p/cached-page`, {
        headers: { "If-None-Match": etag ?? "" },
      });
      expect(fresh.status).toBe(200);
      expect(fresh.headers.get("etag")).not.toBe(etag);
      expect(((await fresh.json()) as { content: string }).content).toContain("second");
    });

    it("compresses a large page for clients that accept it", async () => {
      const { request } = await import("node:http");
      const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>(
        (resolve, reject) => {
          const outgoing = request(
            `${server.url}/p/cached-page`,
            { headers: { "Accept-Encoding": "br, gzip" } },
            (incoming) => {
              const chunks: Buffer[] = [];
              incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
              incoming.on("end", () =>
                resolve({ headers: incoming.headers, body: Buffer.concat(chunks) }),
              );
            },
          );
          outgoing.on("error", reject);
          outgoing.end();
        },
      );
      expect(raw.headers["content-encoding"]).toBe("br");
      expect(raw.headers.vary).toContain("Accept-Encoding");
      const json = JSON.parse(brotliDecompressSync(raw.body).toString()) as { title: string };
      expect(json.title).toBe("Cached");
    });
  },
);
