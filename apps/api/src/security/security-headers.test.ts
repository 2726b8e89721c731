import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, describe, expect, it, vi } from "vitest";
import { loadServerConfig } from "../config.ts";
import { silentLogger } from "../logger.ts";
import { cspReportRoute, MAX_CSP_REPORT_BYTES, summarizeCspReport } from "./csp-report.ts";
import { CSP_HASHES_FILE, inlineScriptHashReader } from "./inline-script-hashes.ts";
import {
  API_CONTENT_SECURITY_POLICY,
  securityHeaders,
  securityHeadersMiddleware,
  siteContentSecurityPolicy,
} from "./security-headers.ts";

const localConfig = loadServerConfig({});
const productionConfig = loadServerConfig({
  FIREBASE_PROJECT_ID: "rise-bakery-prod",
  DATABASE_URL: "postgres://db.rise.example/rise",
  FIREBASE_API_KEY: "AIzaRealKey",
  FIREBASE_AUTH_DOMAIN: "auth.rise.example",
  SITE_URL: "https://www.rise.example",
  API_BASE_URL: "https://api.rise.example/v1",
  MEDIA_BASE_URL: "https://media.rise.example/site",
  LOGO_URL: "https://cdn.rise.example/logo.svg",
  SCHEDULING_URL: "https://calendly.com/rise/demo",
  VIDEO_URL: "https://player.vimeo.com/video/1",
  CHAT_PROVIDER: "intercom",
  CHAT_ID: "abc123",
});

const hash = "sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

/** The policy as a map of directive → sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name = "", ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe("siteContentSecurityPolicy (local mode, defaults)", () => {
  const policy = directives(siteContentSecurityPolicy(localConfig, [hash]));

  it("runs scripts only from the site, the build's inline-script hashes and on-demand third parties", () => {
    expect(policy.get("script-src")).toEqual([
      "'self'",
      `'${hash}'`,
      "https://js.stripe.com",
      "https://apis.google.com",
    ]);
    const everything = [...policy.values()].flat();
    expect(everything).not.toContain("'unsafe-inline'");
    expect(everything).not.toContain("'unsafe-eval'");
    expect(everything).not.toContain("*");
  });

  it("frames only the scheduling page, payment table, video and sign-in helper", () => {
    expect(policy.get("frame-src")).toEqual([
      "https://calendly.com",
      "https://js.stripe.com",
      "https://www.youtube-nocookie.com",
      "https://demo-bakery.firebaseapp.com",
      "http://127.0.0.1:9099",
    ]);
  });

  it("connects to the site, Firebase identity and, locally, the Auth emulator", () => {
    expect(policy.get("connect-src")).toEqual([
      "'self'",
      "https://identitytoolkit.googleapis.com",
      "https://securetoken.googleapis.com",
      "http://127.0.0.1:9099",
    ]);
  });

  it("locks down the rest", () => {
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("style-src")).toEqual(["'self'"]);
    expect(policy.get("img-src")).toEqual(["'self'", "data:"]);
    expect(policy.get("font-src")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("report-uri")).toEqual(["/api/csp-report"]);
  });

  it("drops anything in the hash list that is not a hash source", () => {
    const tampered = siteContentSecurityPolicy(localConfig, [
      hash,
      "sha256-x'; script-src *",
      "'unsafe-inline'",
      "https://evil.example",
    ]);
    expect(directives(tampered).get("script-src")).toEqual([
      "'self'",
      `'${hash}'`,
      "https://js.stripe.com",
      "https://apis.google.com",
    ]);
  });

  it("allows the chat provider's hosts only when one is configured", () => {
    const crisp = loadServerConfig({ CHAT_PROVIDER: "crisp", CHAT_ID: "site-1" });
    const withCrisp = directives(siteContentSecurityPolicy(crisp, []));
    expect(withCrisp.get("script-src")).toContain("https://client.crisp.chat");
    expect(withCrisp.get("connect-src")).toContain("wss://client.relay.crisp.chat");
    expect(withCrisp.get("img-src")).toContain("https://image.crisp.chat");
    expect([...policy.values()].flat().join(" ")).not.toMatch(/crisp|intercom/);
  });
});

describe("siteContentSecurityPolicy (production mode)", () => {
  const policy = directives(siteContentSecurityPolicy(productionConfig, [hash]));

  it("never allows the Auth emulator", () => {
    expect([...policy.values()].flat().join(" ")).not.toMatch(/127\.0\.0\.1|localhost/);
  });

  it("adds the API's, media host's and logo's origins when they are elsewhere", () => {
    expect(policy.get("connect-src")).toEqual([
      "'self'",
      "https://api.rise.example",
      "https://identitytoolkit.googleapis.com",
      "https://securetoken.googleapis.com",
      "https://api-iam.intercom.io",
      "https://api-ping.intercom.io",
      "https://nexus-websocket-a.intercom.io",
      "https://nexus-websocket-b.intercom.io",
      "wss://nexus-websocket-a.intercom.io",
      "wss://nexus-websocket-b.intercom.io",
      "https://uploads.intercomcdn.com",
    ]);
    expect(policy.get("img-src")?.slice(0, 4)).toEqual([
      "'self'",
      "data:",
      "https://media.rise.example",
      "https://cdn.rise.example",
    ]);
    expect(policy.get("report-uri")).toEqual(["https://api.rise.example/v1/csp-report"]);
  });

  it("frames the configured scheduling, video and auth hosts", () => {
    expect(policy.get("frame-src")).toEqual([
      "https://calendly.com",
      "https://js.stripe.com",
      "https://player.vimeo.com",
      "https://auth.rise.example",
    ]);
  });

  it("loads the configured chat widget's scripts", () => {
    expect(policy.get("script-src")).toEqual([
      "'self'",
      `'${hash}'`,
      "https://js.stripe.com",
      "https://apis.google.com",
      "https://widget.intercom.io",
      "https://js.intercomcdn.com",
    ]);
  });
});

describe("securityHeaders", () => {
  it("sends the usual hardening headers, HSTS in production only", () => {
    const local = securityHeaders(localConfig, { forApi: false, scriptHashes: [] });
    expect(local).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
    });
    expect(local["Permissions-Policy"]).toContain("camera=()");
    expect(local["Permissions-Policy"]).toContain("microphone=()");
    expect(local["Permissions-Policy"]).toContain("geolocation=()");
    expect(local["Permissions-Policy"]).toContain('payment=(self "https://js.stripe.com")');
    expect(local["Strict-Transport-Security"]).toBeUndefined();
    const production = securityHeaders(productionConfig, { forApi: false, scriptHashes: [] });
    expect(production["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("gives the API a policy that allows nothing", () => {
    const api = securityHeaders(localConfig, { forApi: true, scriptHashes: [hash] });
    expect(api["Content-Security-Policy"]).toBe(API_CONTENT_SECURITY_POLICY);
    expect(API_CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(API_CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
  });
});

describe("securityHeadersMiddleware", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "bakery-csp-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function app(buildDir: string) {
    const server = new Hono();
    server.use(
      securityHeadersMiddleware(localConfig, inlineScriptHashReader(buildDir, silentLogger)),
    );
    server.get("/api/health", (c) => c.json({ ok: true }));
    server.get("/", (c) => c.html("<p>home</p>"));
    server.get("/old", (c) => c.redirect("/", 302));
    server.get("/broken", () => {
      throw new Error("boom");
    });
    server.onError((_error, c) => c.text("Something went wrong", 500));
    return server;
  }

  it("puts the site policy, with the build's hashes, on site answers of every kind", async () => {
    writeFileSync(path.join(dir, CSP_HASHES_FILE), JSON.stringify({ scriptHashes: [hash] }));
    const server = app(dir);
    for (const [url, status] of [
      ["/", 200],
      ["/old", 302],
      ["/missing", 404],
      ["/broken", 500],
    ] as const) {
      const response = await server.request(url);
      expect(response.status, url).toBe(status);
      expect(response.headers.get("content-security-policy"), url).toContain(`'${hash}'`);
      expect(response.headers.get("x-content-type-options"), url).toBe("nosniff");
    }
  });

  it("sets exactly the same headers whether the handler answered through the context or built its own Response", async () => {
    writeFileSync(path.join(dir, CSP_HASHES_FILE), JSON.stringify({ scriptHashes: [hash] }));
    const server = app(dir);
    server.get(
      "/own",
      () => new Response("<p>file</p>", { headers: { "Content-Type": "text/html" } }),
    );
    server.get(
      "/api/own",
      () => new Response("{}", { headers: { "Content-Type": "application/json" } }),
    );
    const expected = (forApi: boolean) =>
      securityHeaders(localConfig, { forApi, scriptHashes: forApi ? [] : [hash] });
    for (const [url, forApi] of [
      ["/", false],
      ["/own", false],
      ["/api/health", true],
      ["/api/own", true],
    ] as const) {
      const response = await server.request(url);
      for (const [name, value] of Object.entries(expected(forApi))) {
        expect(response.headers.get(name), `${url} ${name}`).toBe(value);
      }
    }
  });

  it("gives the site's scripts, styles and fonts every header, with the API's short policy", async () => {
    writeFileSync(path.join(dir, CSP_HASHES_FILE), JSON.stringify({ scriptHashes: [hash] }));
    const server = app(dir);
    const file = (type: string) => () => new Response("x", { headers: { "Content-Type": type } });
    server.get("/assets/app.js", file("text/javascript; charset=utf-8"));
    server.get("/assets/app.css", file("text/css; charset=utf-8"));
    server.get("/assets/inter.woff2", file("font/woff2"));
    server.get("/media/hero.svg", file("image/svg+xml"));
    const expected = securityHeaders(localConfig, { forApi: true, scriptHashes: [] });
    for (const url of ["/assets/app.js", "/assets/app.css", "/assets/inter.woff2"]) {
      const response = await server.request(url);
      for (const [name, value] of Object.entries(expected)) {
        expect(response.headers.get(name), `${url} ${name}`).toBe(value);
      }
    }
    // An SVG can be opened as a page, and its scripts would run: it keeps the site's policy.
    const svg = await server.request("/media/hero.svg");
    expect(svg.headers.get("content-security-policy")).toContain(`'${hash}'`);
  });

  it("puts the API policy on API answers", async () => {
    const response = await app(dir).request("/api/health");
    expect(response.headers.get("content-security-policy")).toBe(API_CONTENT_SECURITY_POLICY);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it("rereads the hashes after a rebuild, and allows no inline script without them", async () => {
    const warn = vi.fn();
    const read = inlineScriptHashReader(path.join(dir, "nowhere"), { warn });
    expect(await read()).toEqual([]);
    expect(await read()).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);

    const other = "sha256-BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB=";
    const reader = inlineScriptHashReader(dir, silentLogger);
    writeFileSync(path.join(dir, CSP_HASHES_FILE), JSON.stringify({ scriptHashes: [hash] }));
    expect(await reader()).toEqual([hash]);
    writeFileSync(path.join(dir, CSP_HASHES_FILE), JSON.stringify({ scriptHashes: [hash, other] }));
    // Looked at again at most once a second, so a busy server doesn't stat on every request.
    await vi.waitFor(async () => expect(await reader()).toEqual([hash, other]), {
      timeout: 3_000,
    });
  });
});

describe("POST /csp-report", () => {
  const warn = vi.fn();
  const limiter = { hit: () => ({ allowed: true }) as const, sync: vi.fn(), close: vi.fn() };
  const server = new Hono().route(
    "/csp-report",
    cspReportRoute({
      logger: { warn },
      limiter,
      config: { TRUST_PROXY: 0, RATE_LIMIT_CSP_REPORTS_PER_MINUTE: 30 },
    }),
  );
  const post = (body: string) =>
    server.request("/csp-report", {
      method: "POST",
      headers: { "Content-Type": "application/csp-report" },
      body,
    });

  it("logs the useful fields of a report-uri report", async () => {
    const response = await post(
      JSON.stringify({
        "csp-report": {
          "document-uri": "https://www.rise.example/pricing",
          "violated-directive": "script-src-elem",
          "effective-directive": "script-src-elem",
          "blocked-uri": "https://evil.example/x.js",
          "original-policy": "x".repeat(2000),
        },
      }),
    );
    expect(response.status).toBe(204);
    expect(warn).toHaveBeenCalledWith(
      {
        csp: {
          documentUrl: "https://www.rise.example/pricing",
          directive: "script-src-elem",
          blockedUrl: "https://evil.example/x.js",
        },
      },
      expect.any(String),
    );
  });

  it("reads Reporting API reports too", () => {
    expect(
      summarizeCspReport([
        { type: "csp-violation", body: { effectiveDirective: "img-src", blockedURL: "data" } },
      ]),
    ).toEqual({ directive: "img-src", blockedUrl: "data" });
  });

  it("refuses what is not a report, and large bodies", async () => {
    expect((await post("not json")).status).toBe(400);
    expect((await post(JSON.stringify({ hello: "world" }))).status).toBe(400);
    const big = JSON.stringify({
      "csp-report": { "document-uri": "x".repeat(MAX_CSP_REPORT_BYTES) },
    });
    expect((await post(big)).status).toBe(413);
  });
});
