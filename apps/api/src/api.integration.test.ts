import { contentPageSchema, meSchema } from "@bakery/shared/api-contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidTokenError } from "./auth/verify-id-token.ts";
import type { DatabaseHandle } from "./db/open-database.ts";
import { listProfiles, upsertProfile } from "./profiles/profile-queries.ts";
import { listShortLinks, putShortLink } from "./short-links/short-link-queries.ts";
import { moveTestPage, putTestPage } from "./test-support/content-pages.ts";
import { expectApiError } from "./test-support/expect-api-error.ts";
import { emptyDatabasePerTest } from "./test-support/fresh-per-test.ts";
import { testBackends } from "./test-support/test-database.ts";
import {
  fakeToken,
  fakeVerifier,
  putTestShortLinks,
  startTestServer,
  type TestServer,
} from "./test-support/test-server.ts";

/** Everything the suite can observe in the database, to prove refused requests change nothing. */
async function snapshot(handle: DatabaseHandle) {
  const links = await listShortLinks(handle.db);
  const profiles = await listProfiles(handle.db);
  return JSON.stringify({ links, profiles });
}

describe.each(testBackends({ postgresDatabase: "api" }))(
  "API over HTTP against $name",
  ({ open }) => {
    const fresh = emptyDatabasePerTest(open, async (handle) => {
      await putTestPage(handle.db, {
        handle: "privacy-policy",
        title: "Privacy Policy",
        subtitle: "How we handle data",
        html: "<p>We care.</p>",
      });
      await putTestPage(handle.db, {
        handle: "old-news",
        title: "Old",
        subtitle: "",
        html: "<p>old</p>",
      });
      await moveTestPage(handle.db, "old-news", "news");
      await putTestShortLinks(handle);
    });
    let server: TestServer;
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${path}`, { headers, redirect: "manual" });

    beforeAll(async () => {
      server = await startTestServer(fresh.handle);
    });
    afterAll(async () => {
      await server?.close();
    });

    describe("GET /health and /ready", () => {
      it("answers 200 while the database is up", async () => {
        expect((await get("/health")).status).toBe(200);
        const ready = await get("/ready");
        expect(ready.status).toBe(200);
        expect(await ready.json()).toEqual({ status: "ok" });
      });

      it("/ready answers 503 when the database is unreachable, /health stays 200", async () => {
        const broken = await startTestServer(fresh.handle, {
          ping: () => Promise.reject(new Error("connection refused")),
        });
        try {
          await expectApiError(await fetch(`${broken.url}/ready`), 503, "service_unavailable");
          expect((await fetch(`${broken.url}/health`)).status).toBe(200);
        } finally {
          await broken.close();
        }
      });
    });

    describe("GET /p/{handle}", () => {
      it("returns the page with cache headers and an ETag", async () => {
        const response = await get("/p/privacy-policy");
        expect(response.status).toBe(200);
        expect(response.headers.get("cache-control")).toBe(
          "public, max-age=60, stale-while-revalidate=600",
        );
        expect(response.headers.get("etag")).toMatch(/^"[\w-]+"$/);
        expect(contentPageSchema.parse(await response.json())).toEqual({
          title: "Privacy Policy",
          subtitle: "How we handle data",
          content: "<p>We care.</p>",
        });
      });

      it("handles are case-insensitive", async () => {
        expect((await get("/p/Privacy-Policy")).status).toBe(200);
      });

      it("answers 304 when If-None-Match matches, and 200 once the page changed", async () => {
        const etag = (await get("/p/privacy-policy")).headers.get("etag") ?? "";
        const notModified = await get("/p/privacy-policy", { "If-None-Match": `W/${etag}` });
        expect(notModified.status).toBe(304);
        expect(await notModified.text()).toBe("");
        await putTestPage(fresh.handle.db, {
          handle: "privacy-policy",
          title: "Privacy Policy",
          subtitle: "How we handle data",
          html: "<p>We care a lot.</p>",
        });
        const changed = await get("/p/privacy-policy", { "If-None-Match": etag });
        expect(changed.status).toBe(200);
        expect(changed.headers.get("etag")).not.toBe(etag);
      });

      it("answers 301 with the SITE path of a renamed page and no Location header", async () => {
        const response = await get("/p/old-news");
        expect(response.status).toBe(301);
        expect(response.headers.get("location")).toBeNull();
        // Not cached: renaming a page and renaming it back must not send visitors in a circle.
        expect(response.headers.get("cache-control")).toBe("no-store");
        expect(await response.json()).toEqual({ location: "/page/news" });

        await moveTestPage(fresh.handle.db, "privacy-policy", "privacy");
        await moveTestPage(fresh.handle.db, "privacy", "privacy-policy");
        expect((await get("/p/privacy")).status).toBe(301);
        expect(await (await get("/p/privacy")).json()).toEqual({ location: "/privacy-policy" });
      });

      it("answers 404 for an unknown page", async () => {
        await expectApiError(await get("/p/nope"), 404, "not_found");
      });

      it.each([
        ["too long", `/p/${"a".repeat(65)}`],
        ["dot-dot encoded", "/p/..%2Fetc"],
        ["unicode", `/p/${encodeURIComponent("bäckerei")}`],
        ["NUL", "/p/a%00b"],
        ["SQL-looking", `/p/${encodeURIComponent("x' OR '1'='1")}`],
        ["semicolon", `/p/${encodeURIComponent("x;drop table content_pages")}`],
        ["leading dash", "/p/-x"],
        ["percent junk", "/p/%E0%A4%A"],
      ])("refuses a %s handle with 400", async (_name, path) => {
        await expectApiError(await get(path), 400, "bad_request");
      });

      it("accepts a 64-character handle (and 404s it)", async () => {
        await expectApiError(await get(`/p/${"a".repeat(64)}`), 404, "not_found");
      });
    });

    describe("GET /redirect/{cat}/{id}", () => {
      it("returns the target, counts the click and is not cacheable", async () => {
        const response = await get("/redirect/promo/spring");
        expect(response.status).toBe(200);
        expect(response.headers.get("cache-control")).toBe("no-store");
        expect(await response.json()).toEqual({ to: "/book-demo?utm_source=sms" });
        const [link] = (await listShortLinks(fresh.handle.db)).filter((l) => l.id === "spring");
        expect(link?.clicks).toBe(1);
        expect(link?.lastClickAt).toBeInstanceOf(Date);
      });

      it("counts a lookup with the QR code's marker as a scan, and leaves it off the target", async () => {
        const scan = await get("/redirect/promo/spring?qr=1");
        expect(await scan.json()).toEqual({ to: "/book-demo?utm_source=sms" });
        await get("/redirect/promo/spring");
        const [link] = (await listShortLinks(fresh.handle.db)).filter((l) => l.id === "spring");
        expect(link).toMatchObject({ clicks: 1, scans: 1 });
      });

      it("counts concurrent clicks exactly", async () => {
        await Promise.all(Array.from({ length: 10 }, () => get("/redirect/promo/spring")));
        const [link] = (await listShortLinks(fresh.handle.db)).filter((l) => l.id === "spring");
        expect(link?.clicks).toBe(10);
      });

      it("answers 301 for a moved link", async () => {
        const response = await get("/redirect/promo/old");
        expect(response.status).toBe(301);
        expect(response.headers.get("location")).toBeNull();
        expect(await response.json()).toEqual({ location: "/to/promo/new" });
      });

      it("answers 401 for a sign-in link without a valid token, and counts nothing", async () => {
        const before = await snapshot(fresh.handle);
        for (const authorization of [
          undefined,
          "Bearer ",
          "Bearer",
          "Basic dXNlcjpwdw==",
          "Bearer not-a-jwt",
          "Bearer a.b.forged",
          `Bearer ${fakeToken("u1")} extra`,
        ]) {
          const headers: Record<string, string> = authorization
            ? { Authorization: authorization }
            : {};
          await expectApiError(
            await get("/redirect/account/billing", headers),
            401,
            "unauthorized",
          );
        }
        expect(await snapshot(fresh.handle)).toBe(before);
      });

      it("follows a sign-in link with a valid token", async () => {
        const response = await get("/redirect/account/billing", {
          Authorization: `Bearer ${fakeToken("u1")}`,
        });
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ to: "https://my.example.com/billing" });
      });

      it("re-checks the target on read: a stored target no longer allowed is a 404", async () => {
        await putShortLink(fresh.handle.db, {
          cat: "promo",
          id: "evil",
          target: "https://evil.example.net/",
          signInRequired: false,
        });
        await expectApiError(await get("/redirect/promo/evil"), 404, "not_found");
      });

      it("never follows a stored link that leads to a short link: 404, nothing counted", async () => {
        await putShortLink(fresh.handle.db, {
          cat: "test",
          id: "loop",
          target: "/to/test/loop",
          signInRequired: false,
        });
        const before = await snapshot(fresh.handle);
        const body = await expectApiError(await get("/redirect/test/loop"), 404, "not_found");
        expect(body.error.message).toBe('Link "test/loop" is not available');
        expect(await snapshot(fresh.handle)).toBe(before);
      });

      it("answers 404 for an unknown link", async () => {
        await expectApiError(await get("/redirect/promo/nope"), 404, "not_found");
      });

      it.each([
        ["long cat", `/redirect/${"c".repeat(65)}/x`],
        ["long id", `/redirect/promo/${"i".repeat(65)}`],
        ["traversal", "/redirect/..%2F..%2Fx/y"],
        ["SQL", `/redirect/promo/${encodeURIComponent("1 or 1=1")}`],
        ["NUL", "/redirect/promo/a%00"],
      ])("refuses a %s with 400 and changes nothing", async (_name, path) => {
        const before = await snapshot(fresh.handle);
        await expectApiError(await get(path), 400, "bad_request");
        expect(await snapshot(fresh.handle)).toBe(before);
      });
    });

    describe("GET /me", () => {
      it("creates a pending profile on first sight and returns it", async () => {
        const response = await get("/me", { Authorization: `Bearer ${fakeToken("new-user")}` });
        expect(response.status).toBe(200);
        expect(response.headers.get("cache-control")).toBe("no-store");
        expect(meSchema.parse(await response.json())).toEqual({
          user: {
            uid: "new-user",
            email: "new-user@example.com",
            profile: { status: "pending", role: null },
          },
        });
      });

      it("says which users are operators, as the profiles table names them", async () => {
        await upsertProfile(fresh.handle.db, {
          uid: "marketer",
          email: "marketer@example.com",
          status: "active",
          role: "operator",
        });
        const operator = await get("/me", { Authorization: `Bearer ${fakeToken("marketer")}` });
        expect(meSchema.parse(await operator.json()).user.profile).toEqual({
          status: "active",
          role: "operator",
        });

        await upsertProfile(fresh.handle.db, { uid: "marketer", email: null, role: null });
        const former = await get("/me", { Authorization: `Bearer ${fakeToken("marketer")}` });
        expect(meSchema.parse(await former.json()).user.profile.role).toBeNull();
      });

      it("is race-safe when one user's first requests arrive together", async () => {
        const headers = { Authorization: `Bearer ${fakeToken("racer")}` };
        const responses = await Promise.all(Array.from({ length: 8 }, () => get("/me", headers)));
        expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
        expect((await listProfiles(fresh.handle.db)).filter((p) => p.uid === "racer")).toHaveLength(
          1,
        );
      });

      it.each([
        ["no header", undefined],
        ["empty bearer (signed out)", "Bearer "],
        ["wrong scheme", "Token abc"],
        ["not a JWT", "Bearer hello"],
        ["two tokens", "Bearer a.b.c d.e.f"],
        ["oversized", `Bearer a.${"b".repeat(9000)}.c`],
        ["invalid token", "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0."],
      ])("answers 401 with %s, creating no profile", async (_name, authorization) => {
        const before = await snapshot(fresh.handle);
        const headers: Record<string, string> = authorization
          ? { Authorization: authorization }
          : {};
        const response = await get("/me", headers);
        await expectApiError(response, 401, "unauthorized");
        expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
        expect(await snapshot(fresh.handle)).toBe(before);
      });
    });

    describe("errors and CORS", () => {
      it("answers JSON 404 for unknown routes", async () => {
        await expectApiError(await get("/nothing/here"), 404, "not_found");
      });

      it("answers 405 with Allow for a known path asked with a method it does not accept", async () => {
        // testConfig turns CORS on, so every address also answers OPTIONS, the preflight.
        const cases = [
          { method: "GET", path: "/events", allow: "OPTIONS, POST", use: "POST" },
          { method: "POST", path: "/health", allow: "GET, HEAD, OPTIONS", use: "GET" },
          { method: "DELETE", path: "/me", allow: "GET, HEAD, OPTIONS", use: "GET" },
          { method: "GET", path: "/webhooks/stripe", allow: "OPTIONS, POST", use: "POST" },
          { method: "PUT", path: "/p/privacy-policy", allow: "GET, HEAD, OPTIONS", use: "GET" },
          {
            method: "POST",
            path: "/redirect/promo/spring",
            allow: "GET, HEAD, OPTIONS",
            use: "GET",
          },
        ];
        for (const { method, path, allow, use } of cases) {
          const response = await fetch(`${server.url}${path}`, { method });
          const body = await expectApiError(response, 405, "method_not_allowed");
          expect(response.headers.get("allow"), `${method} ${path}`).toBe(allow);
          expect(body.error.message).toBe(`This address doesn't accept ${method}; use ${use}`);
          expect(response.headers.get("x-content-type-options")).toBe("nosniff");
          expect(response.headers.get("x-request-id")).toBeTruthy();
        }
        // HEAD is GET without the body, so a POST-only address refuses it too.
        const head = await fetch(`${server.url}/events`, { method: "HEAD" });
        expect(head.status).toBe(405);
        expect(head.headers.get("allow")).toBe("OPTIONS, POST");
      });

      it("still answers HEAD on a GET route, and 404 for an unknown path whatever the method", async () => {
        const head = await fetch(`${server.url}/health`, { method: "HEAD" });
        expect(head.status).toBe(200);
        expect(await head.text()).toBe("");
        const unknown = await fetch(`${server.url}/nothing/here`, { method: "POST" });
        await expectApiError(unknown, 404, "not_found");
        expect(unknown.headers.get("allow")).toBeNull();
      });

      it("hides internal errors behind a generic 500", async () => {
        const failing = await startTestServer(fresh.handle, {
          verifier: {
            verify: () => Promise.reject(new Error("secret detail: connection string xyz")),
          },
        });
        try {
          const response = await fetch(`${failing.url}/me`, {
            headers: { Authorization: `Bearer ${fakeToken("u")}` },
          });
          const body = await expectApiError(response, 500, "internal");
          expect(body.error.message).not.toContain("secret");
        } finally {
          await failing.close();
        }
      });

      it("an invalid token from the verifier is 401, not 500", async () => {
        const rejecting = await startTestServer(fresh.handle, {
          verifier: { verify: () => Promise.reject(new InvalidTokenError("expired")) },
        });
        try {
          const response = await fetch(`${rejecting.url}/me`, {
            headers: { Authorization: `Bearer ${fakeToken("u")}` },
          });
          await expectApiError(response, 401, "unauthorized");
        } finally {
          await rejecting.close();
        }
      });

      it("sends CORS headers only to configured origins", async () => {
        const allowed = await get("/p/privacy-policy", { Origin: "https://admin.example.com" });
        expect(allowed.headers.get("access-control-allow-origin")).toBe(
          "https://admin.example.com",
        );
        const other = await get("/p/privacy-policy", { Origin: "https://evil.example.net" });
        expect(other.headers.get("access-control-allow-origin")).toBeNull();
        const preflight = await fetch(`${server.url}/me`, {
          method: "OPTIONS",
          headers: {
            Origin: "https://admin.example.com",
            "Access-Control-Request-Method": "GET",
            "Access-Control-Request-Headers": "authorization",
          },
        });
        expect(preflight.status).toBe(204);
        expect(preflight.headers.get("access-control-allow-headers")).toMatch(/authorization/i);
        // A preflight for a POST-only address is CORS's to answer, not a 405: see
        // events.integration.test.ts ("lets a split-origin site send events").
      });
    });

    it("never asked the verifier about public requests", async () => {
      const before = fakeVerifier.calls;
      await get("/p/privacy-policy", { Authorization: `Bearer ${fakeToken("u")}` });
      await get("/redirect/promo/spring", { Authorization: `Bearer ${fakeToken("u")}` });
      expect(fakeVerifier.calls).toBe(before);
    });
  },
);
