import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./db/open-database.ts";
import { API_CONTENT_SECURITY_POLICY } from "./security/security-headers.ts";
import { expectApiError } from "./test-support/expect-api-error.ts";
import {
  putTestShortLinks,
  startLocalTestServer,
  type TestServer,
} from "./test-support/test-server.ts";

const SITE_PAGE = "<!DOCTYPE html><title>Rise</title><p>the site</p>";

/** What the local server's routing answers a method an address does not accept. */
describe("the local server's wrong-method answers", () => {
  let handle: DatabaseHandle;
  let server: TestServer;
  const send = (method: string, path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { method, headers, redirect: "manual" });
  /** Set by the middlewares registered first, so no answer goes out without them. */
  const expectHeadersOfEveryAnswer = (response: Response) => {
    expect(response.headers.get("x-request-id")).toBeTruthy();
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("content-security-policy")).toBeTruthy();
  };

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: "memory" });
    await putTestShortLinks(handle);
    server = await startLocalTestServer(handle, {
      sitePage: SITE_PAGE,
      otherPages: { "/pricing": "<!DOCTYPE html><title>Pricing</title>" },
    });
  });
  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it("answers 405 in JSON with Allow for an API path under another method", async () => {
    // The test configuration turns CORS on: every API address also answers its preflight.
    const cases = [
      ["GET", "/api/events", "OPTIONS, POST"],
      ["POST", "/api/health", "GET, HEAD, OPTIONS"],
      ["DELETE", "/api/me", "GET, HEAD, OPTIONS"],
      ["GET", "/api/webhooks/stripe", "OPTIONS, POST"],
      // Mounted beside the API, not in it.
      ["GET", "/api/csp-report", "OPTIONS, POST"],
      ["PATCH", "/api/p/privacy-policy", "GET, HEAD, OPTIONS"],
    ];
    for (const [method = "", path = "", allow] of cases) {
      const response = await send(method, path);
      await expectApiError(response, 405, "method_not_allowed");
      expect(response.headers.get("allow"), `${method} ${path}`).toBe(allow);
      expectHeadersOfEveryAnswer(response);
      expect(response.headers.get("content-security-policy")).toBe(API_CONTENT_SECURITY_POLICY);
    }
  });

  it("keeps the JSON 404 for an unknown API path, and HEAD on a GET route", async () => {
    const unknown = await send("POST", "/api/nothing/here");
    await expectApiError(unknown, 404, "not_found");
    expect(unknown.headers.get("allow")).toBeNull();
    expect((await send("HEAD", "/api/health")).status).toBe(200);
  });

  it("still answers a CORS preflight to a POST-only API address", async () => {
    const preflight = await send("OPTIONS", "/api/events", {
      Origin: "https://admin.example.com",
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "content-type",
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("https://admin.example.com");
  });

  it("answers 405 with Allow: GET, HEAD for the site's pages and short links", async () => {
    for (const path of ["/", "/pricing", "/to/promo/spring"]) {
      const response = await send("POST", path);
      expect(response.status, path).toBe(405);
      expect(response.headers.get("allow"), path).toBe("GET, HEAD");
      expectHeadersOfEveryAnswer(response);
    }
    const head = await send("HEAD", "/pricing");
    expect(head.status).toBe(200);
    expect(head.headers.get("allow")).toBeNull();
  });
});
