import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../app.ts";
import { createContentPageStore } from "../content-pages/content-page-store.ts";
import { PAGE_PREVIEW_HANDLE } from "../content-pages/page-admin-routes.ts";
import { type DatabaseHandle, openDatabase } from "../db/open-database.ts";
import { createRateLimiter } from "../limits/rate-limiter.ts";
import { silentLogger } from "../logger.ts";
import { cspReportRoute } from "../security/csp-report.ts";
import { createShortLinkStore } from "../short-links/short-link-store.ts";
import { fakeVerifier, noIdentityService, testConfig } from "../test-support/test-server.ts";

type OpenApi = {
  openapi: string;
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, unknown>>;
};

describe("GET /openapi.json", () => {
  let handle: DatabaseHandle;
  let api: ReturnType<typeof createApi>;
  const closers: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: "memory" });
    const deps = { db: handle.db, logger: silentLogger, config: testConfig };
    const limiter = createRateLimiter(deps);
    const shortLinks = createShortLinkStore({ ...deps, flushEveryMs: 0 });
    closers.push(
      () => limiter.close(),
      () => shortLinks.close(),
    );
    api = createApi({
      ...deps,
      ping: handle.ping,
      verifier: fakeVerifier,
      identity: noIdentityService,
      limiter,
      shortLinks,
      contentPages: createContentPageStore(deps),
      apiBasePath: "/api",
    });
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await handle?.close();
  });

  async function document(): Promise<OpenApi> {
    const response = await api.request("/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    return (await response.json()) as OpenApi;
  }

  /**
   * "METHOD /path/{param}" for every route an app registers (middleware excluded). The page
   * preview is registered as a parameter that takes one value (page-admin-routes.ts): its
   * address is that value.
   */
  const routesOf = (app: { routes: Array<{ method: string; path: string }> }, prefix = "") =>
    app.routes
      .filter((route) => route.method !== "ALL")
      .map((route) => {
        const path = `${prefix}${route.path === "/" && prefix ? "" : route.path}`;
        return `${route.method} ${path.replace(/:([A-Za-z]+)/g, "{$1}")}`;
      })
      .map((route) =>
        route === "POST /admin/pages/{handle}" ? `POST /admin/pages/${PAGE_PREVIEW_HANDLE}` : route,
      );

  it("is an OpenAPI 3.1 document for the API under /api", async () => {
    const doc = await document();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers).toEqual([{ url: "/api" }]);
  });

  it("describes every route the API registers, and no other", async () => {
    const doc = await document();
    const registered = [
      ...routesOf(api),
      // Mounted beside the API by the server (main.ts), under the same base path.
      ...routesOf(
        cspReportRoute({ logger: silentLogger, limiter: {} as never, config: testConfig as never }),
        "/csp-report",
      ),
    ];
    const described = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(registered.length).toBeGreaterThanOrEqual(8);
    expect(described.toSorted()).toEqual([...new Set(registered)].toSorted());
  });

  it("takes its shapes from the shared zod contract", async () => {
    const doc = await document();
    const event = doc.paths["/events"]?.post as {
      requestBody: { content: { "application/json": { schema: Record<string, unknown> } } };
    };
    const body = event.requestBody.content["application/json"].schema;
    const eventShape = {
      type: "object",
      required: ["type", "attribution", "landing"],
      additionalProperties: false,
    };
    // A booked demo or a landing, told apart by type.
    expect(body).toMatchObject({
      oneOf: [
        { ...eventShape, properties: { type: { const: "demo_booked" } } },
        { ...eventShape, properties: { type: { const: "landing" } } },
      ],
    });
  });
});
