import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SHORT_LINK_SHELL_FILE, SPA_FALLBACK_FILE } from "@bakery/shared/build-files";
import { CONTENT_PAGE_TEMPLATE_FILE } from "@bakery/shared/content-page-template";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadServerConfig } from "../config.ts";
import { silentLogger } from "../logger.ts";
import { CSP_HASHES_FILE, inlineScriptHashReader } from "../security/inline-script-hashes.ts";
import { securityHeadersMiddleware } from "../security/security-headers.ts";
import { findNginx, type NginxServer, startNginx } from "../test-support/nginx-server.ts";
import { writeHostConfigs } from "./host-configs.ts";
import { createSiteHandler } from "./serve-site.ts";

const hash = "sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";
let dir: string;
let buildDir: string;
let files: { headers: string; redirects: string; nginx: string };
let site: Hono;

// The kinds of files a build has, each with words of its own, so an answer shows which it is.
const build: Record<string, string> = {
  "index.html": "<title>Home</title>",
  "pricing/index.html": "<title>Pricing</title>",
  "privacy-policy/index.html": "<title>Privacy Policy</title>",
  [SPA_FALLBACK_FILE]: "<title>Loading</title>",
  [SHORT_LINK_SHELL_FILE]: "<title>Opening your link</title>",
  "to/not-found/index.html": "<title>Link not found</title>",
  "to/cannot-open/index.html": "<title>Link cannot open</title>",
  "page-not-found/index.html": "<title>Page not found</title>",
  "assets/app-1.js": "export const one = 1;",
  "assets/app-1.css": "body{margin:0}",
  "favicon.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
  "manifest.webmanifest": '{"name":"Rise"}',
  "robots.txt": "User-agent: *",
  [CONTENT_PAGE_TEMPLATE_FILE]: "<title>%%page-title%%</title>",
};

/** A production build, as a CDN would get it. */
const config = () =>
  loadServerConfig(
    {
      FIREBASE_PROJECT_ID: "rise-prod",
      FIREBASE_API_KEY: "AIzaRealKey",
      FIREBASE_AUTH_DOMAIN: "auth.rise.example",
      SITE_URL: "https://www.rise.example",
      API_BASE_URL: "https://api.rise.example",
      WEB_BUILD_DIR: buildDir,
    },
    { purpose: "static-build" },
  );

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "bakery-hosts-"));
  buildDir = path.join(dir, "client");
  for (const [file, text] of Object.entries(build)) {
    mkdirSync(path.dirname(path.join(buildDir, file)), { recursive: true });
    writeFileSync(path.join(buildDir, file), text);
  }
  writeFileSync(path.join(buildDir, CSP_HASHES_FILE), JSON.stringify({ scriptHashes: [hash] }));
  await writeHostConfigs(config());
  files = {
    headers: readFileSync(path.join(buildDir, "_headers"), "utf8"),
    redirects: readFileSync(path.join(buildDir, "_redirects"), "utf8"),
    nginx: readFileSync(path.join(dir, "nginx-site.conf"), "utf8"),
  };
  // The local server's way of serving the same build (as createLocalApp puts it together).
  site = new Hono();
  site.use(securityHeadersMiddleware(config(), inlineScriptHashReader(buildDir, silentLogger)));
  site.get("*", createSiteHandler({ root: buildDir }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What an answer says, as a visitor's browser and a CDN read it. */
async function answerOf(response: Response) {
  const headers = Object.fromEntries(
    [...SECURITY_HEADER_NAMES, "Cache-Control"].map((name) => [name, response.headers.get(name)]),
  );
  // Both are right for a browser; nginx's mime.types has the older names.
  const mediaType = response.headers.get("Content-Type")?.split(";")[0]?.toLowerCase() ?? "";
  const sameMeaning: Record<string, string> = { "application/javascript": "text/javascript" };
  const location = response.headers.get("Location");
  // A redirect's body is never shown: nginx writes a page of its own into it.
  const redirect = response.status === 301 || response.status === 302;
  return {
    status: response.status,
    location,
    headers,
    mediaType: redirect ? "(redirect)" : (sameMeaning[mediaType] ?? mediaType),
    body: redirect ? "(redirect)" : await response.text(),
  };
}
const SECURITY_HEADER_NAMES = [
  "Content-Security-Policy",
  "X-Content-Type-Options",
  "Referrer-Policy",
  "Permissions-Policy",
  "X-Frame-Options",
  "Cross-Origin-Opener-Policy",
  "Strict-Transport-Security",
];

describe("host configurations", () => {
  it("carry the same CSP, with the build's hashes, as the local server sends", async () => {
    const served = await site.request("/");
    const csp = served.headers.get("Content-Security-Policy");
    expect(csp).toContain(`'${hash}'`);
    expect(files.headers).toContain(`  Content-Security-Policy: ${csp}\n`);
    expect(files.nginx).toContain(`add_header Content-Security-Policy "${csp}" always;`);
    for (const name of ["X-Frame-Options", "Strict-Transport-Security", "Referrer-Policy"]) {
      expect(files.headers).toContain(`  ${name}: ${served.headers.get(name)}\n`);
    }
  });

  it("give assets and pages the local server's cache headers", async () => {
    const asset = await site.request("/assets/app-1.js");
    const page = await site.request("/");
    expect(files.headers).toMatch(
      new RegExp(`/assets/\\*\\n  Cache-Control: ${asset.headers.get("Cache-Control")}`),
    );
    expect(files.nginx).toContain(
      `add_header Cache-Control "${asset.headers.get("Cache-Control")}" always;`,
    );
    expect(files.nginx).toContain(
      `add_header Cache-Control "${page.headers.get("Cache-Control")}" always;`,
    );
  });

  it("give nginx's assets the headers the local server gives them", async () => {
    const asset = await site.request("/assets/app-1.js");
    const assetsBlock = /location \^~ \/assets\/ \{([\s\S]*?)\n\}/.exec(files.nginx)?.[1] ?? "";
    const names = ["Content-Security-Policy", "X-Frame-Options", "Strict-Transport-Security"];
    for (const name of names) {
      const value = asset.headers.get(name) ?? "";
      expect(value, name).not.toBe("");
      expect(assetsBlock).toContain(`add_header ${name} "${value}" always;`);
    }
    expect(asset.headers.get("Content-Security-Policy")).not.toContain("script-src");
  });

  it("fall back like the local server: the app shell for app routes, / for the rest", async () => {
    expect(files.redirects).toContain(`/page/:handle  /${SPA_FALLBACK_FILE}  200\n`);
    expect(files.redirects).toContain(`/to/:cat/:id  /${SHORT_LINK_SHELL_FILE}  200\n`);
    expect(files.redirects.trimEnd().split("\n").at(-1)).toBe("/*  /  302");
    expect(files.nginx).toContain("location ~ ^/page/[^/]+/?$ {");
    expect(files.nginx).toContain("return 302 /$is_args$args;");
  });

  it("are never served by the local server", async () => {
    for (const file of ["/_headers", "/_redirects"]) {
      const response = await site.request(file);
      expect(response.status, file).toBe(302);
    }
  });
});

/**
 * The nginx snippet in a real nginx, answer by answer against the local server serving the
 * same build. CI installs nginx (.ci/run); elsewhere the test runs when nginx is there.
 */
const nginxBinary = findNginx();
describe.runIf(nginxBinary || process.env.CI === "true")("nginx with the build's snippet", () => {
  let nginx: NginxServer | undefined;
  beforeAll(async () => {
    if (!nginxBinary)
      throw new Error("nginx is not installed (.ci/run installs it: apt-get install nginx)");
    // In a server block that already says what the snippet's locations say for themselves:
    // nginx refuses a directive set twice in one block.
    const operators = "charset utf-8;\nabsolute_redirect off;\ngzip on;\n";
    nginx = await startNginx(nginxBinary, buildDir, operators + files.nginx);
  });
  afterAll(() => nginx?.stop());

  const addresses = [
    // Not a page opened from a campaign: that one gets the attribution cookie from the local
    // server, which a static host leaves to code at its edge (docs/deploy.md).
    "/",
    "/pricing",
    "/pricing/",
    "/pricing/index.html",
    "/index.html?utm_source=mail",
    "/page/about/index.html",
    "/dashboard",
    "/dashboard/",
    "/dashboard/activity",
    "/dashboard/pages",
    "/dashboard/pages/privacy-policy",
    "/dashboard/team",
    "/page/about",
    "/page/about/",
    "/to/promo/spring",
    "/to/promo/spring/",
    "/to/not-found",
    "/to/not-found/",
    "/to/not-found/index.html",
    "/to/cannot-open",
    "/page-not-found",
    "/nope",
    "/spring-sale?utm_source=mail&utm_campaign=spring",
    "/page/a/b",
    "/to/promo",
    "/to/promo/spring/extra",
    "/to",
    "/page?utm_source=mail",
    "/_headers",
    "/_redirects?utm_source=x",
    `/${CSP_HASHES_FILE}`,
    `/${CONTENT_PAGE_TEMPLATE_FILE}`,
    "/assets/app-1.js",
    "/assets/app-1.css",
    "/assets/missing-2.js",
    "/favicon.svg",
    "/manifest.webmanifest",
    "/robots.txt",
  ];

  it.each(addresses)("answers %s as the local server does", async (address) => {
    const local = await answerOf(await site.request(address));
    const served = await answerOf(
      await fetch(`${nginx?.origin}${address}`, { redirect: "manual" }),
    );
    expect(served).toEqual(local);
  });

  it("keeps a campaign's query on the way home and never caches a missing file", async () => {
    const home = await fetch(`${nginx?.origin}/spring?utm_source=mail`, { redirect: "manual" });
    expect(home.headers.get("Location")).toBe("/?utm_source=mail");
    const missing = await fetch(`${nginx?.origin}/assets/missing-2.js`);
    expect([missing.status, missing.headers.get("Cache-Control")]).toEqual([404, "no-store"]);
    const problem = await fetch(`${nginx?.origin}/to/not-found`);
    expect([problem.status, await problem.text()]).toEqual([404, build["to/not-found/index.html"]]);
  });

  it("sends short links and content pages to the Node server with docs/deploy.md's block", async () => {
    // What reaches the Node server, and its answer: a 302 as for a short link opened in a browser.
    const reached: Array<{
      url?: string;
      proto?: string | string[];
      forwardedFor?: string | string[];
    }> = [];
    const nodeServer = createServer((request, response) => {
      reached.push({
        url: request.url,
        proto: request.headers["x-forwarded-proto"],
        forwardedFor: request.headers["x-forwarded-for"],
      });
      response.writeHead(302, {
        Location: "https://calendly.com/rise",
        "Cache-Control": "no-store",
      });
      response.end();
    });
    await new Promise<void>((resolve) => nodeServer.listen(0, "127.0.0.1", resolve));
    const { port } = nodeServer.address() as AddressInfo;
    const guide = readFileSync(
      path.join(import.meta.dirname, "../../../../docs/deploy.md"),
      "utf8",
    );
    const block = /```nginx\n([^`]*?proxy_pass[^`]*)```/.exec(guide)?.[1];
    expect(block, "docs/deploy.md's nginx block that forwards").toBeDefined();
    const server = (block ?? "")
      .replaceAll("http://127.0.0.1:3000", `http://127.0.0.1:${port}`)
      .replace(/include \S+nginx-site\.conf;/, `include ${path.join(dir, "nginx-site.conf")};`);
    const forwarding = await startNginx(nginxBinary as string, buildDir, server);
    try {
      const answers = [];
      for (const address of [
        "/to/promo/spring",
        "/page/about?utm_source=mail",
        "/to/not-found",
        "/privacy-policy",
        "/terms-of-service?utm_source=mail",
        "/pricing",
        // Not links or pages: home, in one step, as on the Node server.
        "/to?utm_source=mail",
        "/page",
        "/privacy-policy/",
      ]) {
        const answer = await fetch(`${forwarding.origin}${address}`, { redirect: "manual" });
        answers.push([address, answer.status, answer.headers.get("Location")]);
      }
      expect(answers).toEqual([
        ["/to/promo/spring", 302, "https://calendly.com/rise"],
        ["/page/about?utm_source=mail", 302, "https://calendly.com/rise"],
        ["/to/not-found", 302, "https://calendly.com/rise"],
        ["/privacy-policy", 302, "https://calendly.com/rise"],
        ["/terms-of-service?utm_source=mail", 302, "https://calendly.com/rise"],
        ["/pricing", 200, null],
        ["/to?utm_source=mail", 302, "/?utm_source=mail"],
        ["/page", 302, "/"],
        ["/privacy-policy/", 302, "https://calendly.com/rise"],
      ]);
      expect(reached).toEqual([
        { url: "/to/promo/spring", proto: "http", forwardedFor: "127.0.0.1" },
        { url: "/page/about?utm_source=mail", proto: "http", forwardedFor: "127.0.0.1" },
        { url: "/to/not-found", proto: "http", forwardedFor: "127.0.0.1" },
        { url: "/privacy-policy", proto: "http", forwardedFor: "127.0.0.1" },
        {
          url: "/terms-of-service?utm_source=mail",
          proto: "http",
          forwardedFor: "127.0.0.1",
        },
        { url: "/privacy-policy/", proto: "http", forwardedFor: "127.0.0.1" },
      ]);
    } finally {
      await forwarding.stop();
      await new Promise((resolve) => nodeServer.close(resolve));
    }
  });
});
