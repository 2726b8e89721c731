import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { SHORT_LINK_SHELL_FILE, SPA_FALLBACK_FILE } from "@bakery/shared/build-files";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSiteHandler } from "./serve-site.ts";

let root: string;
let app: Hono;
const bigHtml = `<!doctype html><title>Home</title>${"<p>bread</p>".repeat(500)}`;

beforeAll(() => {
  const dir = mkdtempSync(path.join(tmpdir(), "bakery-site-"));
  root = path.join(dir, "client");
  mkdirSync(path.join(root, "assets"), { recursive: true });
  mkdirSync(path.join(root, "pricing"), { recursive: true });
  writeFileSync(path.join(root, "index.html"), bigHtml);
  writeFileSync(path.join(root, "pricing/index.html"), "<title>Pricing</title>");
  writeFileSync(path.join(root, SPA_FALLBACK_FILE), "<title>App</title>");
  mkdirSync(path.join(root, "to/_/_"), { recursive: true });
  writeFileSync(path.join(root, SHORT_LINK_SHELL_FILE), "<title>Opening your link</title>");
  mkdirSync(path.join(root, "to/not-found"), { recursive: true });
  writeFileSync(
    path.join(root, "to/not-found/index.html"),
    "<title>This link doesn't exist</title>",
  );
  writeFileSync(path.join(root, "assets/app-abc123.js"), `console.log(1);${" ".repeat(4000)}`);
  writeFileSync(path.join(dir, "secret.txt"), "do not serve");
  app = new Hono();
  app.get("*", createSiteHandler({ root }));
});
afterAll(() => rmSync(path.dirname(root), { recursive: true, force: true }));

const get = (url: string, headers: Record<string, string> = {}) => app.request(url, { headers });

describe("serve-site", () => {
  it("serves / as index.html, no-cache, brotli when accepted", async () => {
    const response = await get("/", { "Accept-Encoding": "gzip, br" });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    const body = Buffer.from(await response.arrayBuffer());
    expect(brotliDecompressSync(body).toString()).toBe(bigHtml);
  });

  it("falls back to gzip, then identity", async () => {
    const gz = await get("/", { "Accept-Encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(bigHtml);
    const plain = await get("/");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(bigHtml);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const etag = (await get("/")).headers.get("etag") ?? "";
    expect((await get("/", { "If-None-Match": etag })).status).toBe(304);
  });

  it.each([
    ["/index.html", "/"],
    ["/index.html?utm_source=mail", "/?utm_source=mail"],
    ["/pricing/index.html", "/pricing"],
    ["/pricing/index.html?utm_source=mail", "/pricing?utm_source=mail"],
  ])("sends %s, a page's file, to the page's own address %s", async (address, location) => {
    const response = await get(address);
    expect([response.status, response.headers.get("location")]).toEqual([301, location]);
  });

  it("serves prerendered routes and hashed assets with the right caching", async () => {
    expect(await (await get("/pricing")).text()).toContain("Pricing");
    const asset = await get("/assets/app-abc123.js");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.get("content-type")).toMatch(/javascript/);
    expect((await get("/assets/missing.js")).status).toBe(404);
  });

  it.each([
    "/page/about",
    "/dashboard",
    "/dashboard/",
    "/dashboard/activity",
    "/dashboard/pages",
    "/dashboard/pages/privacy-policy",
    "/dashboard/team",
  ])("serves the SPA fallback with 200 for %s", async (url) => {
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<title>App</title>");
  });

  it("serves the short links' prerendered page with 200 for /to/:cat/:id", async () => {
    for (const url of ["/to/promo/spring", "/to/promo/spring/"]) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(await response.text()).toContain("<title>Opening your link</title>");
    }
  });

  it("answers a page saying a link doesn't exist with 404 at its own address, never cached", async () => {
    for (const url of ["/to/not-found", "/to/not-found/", "/to/not-found/index.html"]) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(response.headers.get("cache-control"), url).toBe("no-store");
      expect(await response.text(), url).toContain("This link doesn't exist");
      const etag = response.headers.get("etag") ?? "";
      expect((await get(url, { "If-None-Match": etag })).status, url).toBe(404);
    }
    const head = await app.request("/to/not-found", { method: "HEAD" });
    expect(head.status).toBe(404);
    expect(await head.text()).toBe("");
  });

  it("redirects other unknown paths to /", async () => {
    for (const url of ["/nope", "/page/a/b", "/to/promo", "/%E0%A4%A"]) {
      const response = await get(url);
      expect(response.status, url).toBe(302);
      expect(response.headers.get("location")).toBe("/");
    }
  });

  it("keeps the query string when it sends an unknown path to /", async () => {
    const response = await get("/pricng?utm_source=ad&utm_campaign=spring");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/?utm_source=ad&utm_campaign=spring");
  });

  it("never serves files outside the build folder or dotfiles", async () => {
    for (const url of [
      "/..%2Fsecret.txt",
      "/assets/..%2F..%2Fsecret.txt",
      "/%2e%2e/secret.txt",
      "/.env",
    ]) {
      const response = await get(url);
      expect(await response.text(), url).not.toContain("do not serve");
    }
  });
});

describe("serve-site's attribution cookie", () => {
  const cookieOf = async (url: string, headers: Record<string, string> = {}) =>
    (await get(url, headers)).headers.get("set-cookie");

  it("answers a page opened from a campaign link with the 30-day cookie, kept private", async () => {
    const response = await get("/pricing?utm_source=fb&utm_medium=cpc&utm_campaign=spring%20sale");
    expect(response.headers.get("set-cookie")).toMatch(
      /^utm=utms=fb&utmm=cpc&utmc=spring\+sale&ref=[A-Za-z0-9_-]{22}&ts=\d+; Max-Age=2592000; Path=\/; SameSite=Lax$/,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    expect(await response.text()).toBe("<title>Pricing</title>");
    // The same page without the campaign is cached as before, with no cookie.
    const plain = await get("/pricing");
    expect(plain.headers.get("set-cookie")).toBeNull();
    expect(plain.headers.get("cache-control")).toBe("no-cache");
  });

  it("marks the cookie Secure when the page was asked for over https", async () => {
    expect(await cookieOf("https://rise.example/?utm_source=fb")).toMatch(/; Secure$/);
    expect(await cookieOf("/?utm_source=fb", { "X-Forwarded-Proto": "https" })).toMatch(
      /; Secure$/,
    );
  });

  it("sets it on every kind of page, even a 304, but never on files", async () => {
    const etag = (await get("/")).headers.get("etag") ?? "";
    const revalidated = await get("/?utm_source=fb", { "If-None-Match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("set-cookie")).toMatch(/^utm=utms=fb&/);
    expect(await cookieOf("/page/about?utm_source=fb")).toMatch(/^utm=utms=fb&/);
    expect(await cookieOf("/to/promo/spring?utm_source=fb")).toMatch(/^utm=utms=fb&/);
    expect(await cookieOf("/assets/app-abc123.js?utm_source=fb")).toBeNull();
    expect(await cookieOf("/nope?utm_source=fb")).toBeNull();
  });

  it("keeps another site's host only when the visitor has no live cookie", async () => {
    const referrer = { Referer: "https://www.google.com/" };
    expect(await cookieOf("/pricing", referrer)).toMatch(
      /^utm=utms=www.google.com&utmm=&utmc=&ref=[A-Za-z0-9_-]{22}&ts=\d+;/,
    );
    const live = `utm=utms=fb&utmm=cpc&utmc=spring&ts=${Date.now() - 1000}`;
    expect(await cookieOf("/pricing", { ...referrer, Cookie: live })).toBeNull();
    expect(await cookieOf("/pricing", { Referer: "http://localhost/book-demo" })).toBeNull();
  });

  it("never reflects a bad cookie or lets a value out of its header", async () => {
    const hostile = await cookieOf("/?utm_source=a%0D%0ASet-Cookie:%20admin=1;%20Domain=evil", {
      Referer: "https://www.google.com/",
      Cookie: 'utm=<script>alert(1)</script>; utm="utms=x%0d%0a"',
    });
    expect(hostile).toMatch(
      /^utm=utms=aSet-Cookie%3A\+admin%3D1%3B\+Domain%3Devil&utmm=&utmc=&ref=[A-Za-z0-9_-]{22}&ts=\d+;/,
    );
    const referred = await cookieOf("/", {
      Referer: "https://www.google.com/",
      Cookie: `utm=${"x".repeat(5000)}`,
    });
    expect(referred).toMatch(/^utm=utms=www.google.com&/);
    expect(referred).not.toContain("xxx");
  });
});

describe("serve-site after a rebuild", () => {
  it("serves the new file once the build folder changes", async () => {
    const file = path.join(root, "pricing/index.html");
    expect(await (await get("/pricing")).text()).toBe("<title>Pricing</title>");
    writeFileSync(file, "<title>New prices</title>");
    await vi.waitFor(async () => {
      expect(await (await get("/pricing")).text()).toBe("<title>New prices</title>");
    });
  });
});
