import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./db/open-database.ts";
import { operator, seedOperator } from "./test-support/operator-accounts.ts";
import { startLocalTestServer, type TestServer } from "./test-support/test-server.ts";

/**
 * Hono picks its router when the first request comes: RegExpRouter, its fastest, unless one
 * route is a pattern it refuses (a fixed segment beside a parameter with more segments after
 * it), and then TrieRouter for every route. On TrieRouter the API answered its public routes
 * at 0.6–0.8× the requests a second (docs/performance.md).
 */
describe("the server's routing", () => {
  let handle: DatabaseHandle;
  let server: TestServer;

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: "memory" });
    await seedOperator(handle);
    server = await startLocalTestServer(handle, { sitePage: "<!doctype html><title>Site</title>" });
  });
  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("runs on Hono's RegExpRouter, every route included", async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(server.app.router.name).toBe("SmartRouter + RegExpRouter");
  });

  it("answers the page preview at its address, and no other handle there", async () => {
    const post = (handle: string) =>
      fetch(`${server.url}/api/admin/pages/${handle}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${operator}`, "Content-Type": "application/json" },
        body: JSON.stringify({ format: "markdown", source: "**Fresh** bread" }),
      });
    const preview = await post("preview");
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({
      html: expect.stringContaining("<strong>Fresh</strong>"),
    });
    const other = await post("pricing");
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ error: { message: "No such API route" } });
  });
});
