import { createHash } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { test as plainTest } from "@playwright/test";
import { samplePagePath, storeSamplePage } from "./support/admin-cli.ts";
import { e2eAuthEmulatorOrigin, e2eOrigin } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";
import { demoUsers, myArea, stubMyArea, submitSignIn } from "./support/sign-in.ts";

/**
 * The security headers as the built server sends them (the policy itself is
 * unit-tested in apps/api/src/security/security-headers.test.ts). Every other
 * browser test also fails on any CSP violation (e2e/support/fixtures.ts).
 */

const sitePaths = ["/", "/pricing", "/signup", "/login", samplePagePath, "/to/promo/spring"];

function directive(policy: string, name: string): string[] {
  const found = policy
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return found?.slice(1) ?? [];
}

/** The hashes of a page's inline scripts that run: a script with no text never does. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, , body = ""]) => body !== "")
    .filter(([, attributes = ""]) => !/\ssrc=|application\/(ld\+)?json/i.test(attributes))
    .map(([, , body = ""]) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`);
}

test.describe("security headers", () => {
  test.skip(({ isMobile }) => isMobile, "the headers are the same for every device");

  test("every prerendered page's inline scripts are allowed by hash, and nothing else inline", async ({
    request,
  }) => {
    await storeSamplePage();
    for (const path of sitePaths) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const policy = response.headers()["content-security-policy"] ?? "";
      const scriptSrc = directive(policy, "script-src");
      const hashes = inlineScriptHashes(await response.text());
      expect(hashes.length, path).toBeGreaterThan(0);
      for (const hash of hashes) expect(scriptSrc, `${path}: ${hash}`).toContain(hash);
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(directive(policy, "frame-ancestors")).toEqual(["'none'"]);
      expect(directive(policy, "object-src")).toEqual(["'none'"]);
      // The browser tests run in local mode, so the Auth emulator is allowed.
      expect(directive(policy, "connect-src")).toContain(e2eAuthEmulatorOrigin);
    }
  });

  test("site, API, redirects and errors all carry the hardening headers", async ({ request }) => {
    const answers = [
      ["/", 200],
      ["/assets/missing.js", 404],
      ["/no-such-page", 302],
      ["/api/health", 200],
      ["/api/no-such-route", 404],
    ] as const;
    for (const [path, status] of answers) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(status);
      const headers = response.headers();
      expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(headers["x-frame-options"], path).toBe("DENY");
      expect(headers["permissions-policy"], path).toContain("camera=()");
      // Local mode is plain http: no HSTS.
      expect(headers["strict-transport-security"], path).toBeUndefined();
    }
    const api = await request.get("/api/health");
    expect(api.headers()["content-security-policy"]).toContain("default-src 'none'");
  });

  test("the app's scripts, styles and fonts carry every header, with the short allow-nothing policy", async ({
    request,
  }) => {
    const home = await (await request.get("/")).text();
    const files = [
      /href="(\/assets\/[^"]+\.css)"/,
      /href="(\/assets\/[^"]+\.js)"/,
      /href="(\/assets\/[^"]+\.woff2)"/,
    ].map((pattern) => pattern.exec(home)?.[1]);
    for (const file of files) {
      expect(file, "the home page links a stylesheet, a script and a font").toBeDefined();
      const response = await request.get(file as string);
      expect(response.status(), file).toBe(200);
      const headers = response.headers();
      expect(headers["content-security-policy"], file).toBe(
        "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      );
      expect(headers["x-content-type-options"], file).toBe("nosniff");
      expect(headers["referrer-policy"], file).toBe("strict-origin-when-cross-origin");
      expect(headers["x-frame-options"], file).toBe("DENY");
      expect(headers["permissions-policy"], file).toContain("camera=()");
    }
  });

  test("a violation report is accepted and answered with 204", async ({ request }) => {
    const response = await request.post("/api/csp-report", {
      headers: { "Content-Type": "application/csp-report" },
      data: JSON.stringify({
        "csp-report": {
          "document-uri": `${e2eOrigin}/`,
          "effective-directive": "script-src-elem",
          "blocked-uri": "https://evil.example/x.js",
        },
      }),
    });
    expect(response.status()).toBe(204);
  });
});

plainTest.describe("clickjacking", () => {
  plainTest.skip(({ isMobile }) => isMobile, "framing rules are the same for every device");

  plainTest("another site cannot show our pages in a frame", async ({ page }) => {
    // A real server on this machine plays the attacker (the browser already keeps
    // public sites from framing local addresses, which would prove nothing about
    // our headers). Its second frame, from a third origin without our headers,
    // shows that a frame the browser allows does appear.
    const attacker = createServer((request, response) => {
      response.writeHead(200, { "Content-Type": "text/html" });
      if (request.url === "/framed") return response.end("<h1>Framed fine</h1>");
      const port = (attacker.address() as AddressInfo).port;
      response.end(
        `<!doctype html><title>Win a prize</title><iframe id="ours" src="${e2eOrigin}/login"></iframe><iframe id="control" src="http://127.0.0.1:${port}/framed"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
    try {
      const refused = page.waitForEvent("requestfailed", (request) =>
        request.url().startsWith(`${e2eOrigin}/login`),
      );
      await page.goto(`http://localhost:${(attacker.address() as AddressInfo).port}/`);
      expect((await refused).failure()?.errorText).toBe("net::ERR_BLOCKED_BY_RESPONSE");
      await expect(page.frameLocator("#control").getByRole("heading")).toHaveText("Framed fine");
      await expect(page.frameLocator("#ours").getByRole("heading")).toHaveCount(0);
    } finally {
      attacker.close();
    }
  });
});

test.describe("sign-in target", () => {
  test("a target that normalizes to another host (/.//evil.example) leads to my-area home", async ({
    page,
  }) => {
    await stubMyArea(page);
    await page.goto(`/login?target=${encodeURIComponent("/.//evil.example/")}`);
    await submitSignIn(page, demoUsers.active.email);
    await page.waitForURL(myArea.home);
  });
});
