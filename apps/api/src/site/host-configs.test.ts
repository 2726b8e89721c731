import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadServerConfig } from "../config.ts";
import { silentLogger } from "../logger.ts";
import { CSP_HASHES_FILE, inlineScriptHashReader } from "../security/inline-script-hashes.ts";
import { securityHeadersMiddleware } from "../security/security-headers.ts";
import { writeHostConfigs } from "./host-configs.ts";
import { createSiteHandler } from "./serve-site.ts";

const hash = "sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";
let dir: string;
let buildDir: string;
let files: { headers: string; redirects: string; nginx: string };
let site: Hono;

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
  mkdirSync(path.join(buildDir, "assets"), { recursive: true });
  writeFileSync(path.join(buildDir, "index.html"), "<title>Home</title>");
  writeFileSync(path.join(buildDir, "assets/app-1.js"), "1");
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
    const assetsBlock = /location \/assets\/ \{([\s\S]*?)\n\}/.exec(files.nginx)?.[1] ?? "";
    const names = ["Content-Security-Policy", "X-Frame-Options", "Strict-Transport-Security"];
    for (const name of names) {
      const value = asset.headers.get(name) ?? "";
      expect(value, name).not.toBe("");
      expect(assetsBlock).toContain(`add_header ${name} "${value}" always;`);
    }
    expect(asset.headers.get("Content-Security-Policy")).not.toContain("script-src");
  });

  it("fall back like the local server: the app shell for app routes, / for the rest", async () => {
    expect(files.redirects).toContain("/page/:handle  /__spa-fallback.html  200\n");
    expect(files.redirects).toContain("/to/:cat/:id  /to/_/_/index.html  200\n");
    expect(files.redirects.trimEnd().split("\n").at(-1)).toBe("/*  /  302");
    expect(files.nginx).toContain("location ~ ^/page/[^/]+/?$ {");
    expect(files.nginx).toContain("return 302 /;");
  });

  it("are never served by the local server", async () => {
    for (const file of ["/_headers", "/_redirects"]) {
      const response = await site.request(file);
      expect(response.status, file).toBe(302);
    }
  });
});
