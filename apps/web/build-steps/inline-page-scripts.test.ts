import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseTimeScriptMarker } from "../app/parse-time-scripts.ts";
import { bundleParseTimeScripts, inlinePageScripts } from "./inline-page-scripts.ts";

const head = '<head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/app.css"/></head>';
const frameScript = new Map([["scheduling-frame", { head: "start()", slot: "mount()" }]]);

describe("inlinePageScripts", () => {
  it("writes each script where its marker is, and its head part before the stylesheet", () => {
    const page = `${head}<div id="slot">${parseTimeScriptMarker("scheduling-frame")}</div><p>after</p>`;
    expect(inlinePageScripts(page, frameScript)).toBe(
      '<head><meta charSet="utf-8"/><script>start()</script><link rel="stylesheet" href="/assets/app.css"/></head>' +
        '<div id="slot"><script>mount()</script></div><p>after</p>',
    );
  });

  it("writes only the head part of a script that fills no slot, and drops its marker", () => {
    const page = `${head}<div hidden>${parseTimeScriptMarker("short-link-lookup")}</div>`;
    const lookup = new Map([["short-link-lookup", { head: "lookUp()" }]]);
    expect(inlinePageScripts(page, lookup)).toBe(
      '<head><meta charSet="utf-8"/><script>lookUp()</script><link rel="stylesheet" href="/assets/app.css"/></head>' +
        "<div hidden></div>",
    );
  });

  it("writes the head part of a script that runs first right after the charset, before the capture", () => {
    const captured = head.replace(
      'charSet="utf-8"/>',
      'charSet="utf-8"/><script>capture()</script>',
    );
    const page = `${captured}<div id="slot">${parseTimeScriptMarker("pricing-table")}</div>`;
    const table = new Map([["pricing-table", { head: "ask()", slot: "mount()", first: true }]]);
    expect(inlinePageScripts(page, table)).toBe(
      '<head><meta charSet="utf-8"/><script>ask()</script><script>capture()</script><link rel="stylesheet" href="/assets/app.css"/></head>' +
        '<div id="slot"><script>mount()</script></div>',
    );
    expect(() => inlinePageScripts(page.replace('<meta charSet="utf-8"/>', ""), table)).toThrow(
      /charset/,
    );
  });

  it("leaves a page without markers as it was, and fails on an unknown marker", () => {
    expect(inlinePageScripts(`${head}<p>plain</p>`, frameScript)).toBe(`${head}<p>plain</p>`);
    expect(() => inlinePageScripts("<!--parse-time-script:nope-->", new Map())).toThrow(/nope/);
  });

  it("fails on a page with a marker but no stylesheet to start before", () => {
    const page = `<head></head>${parseTimeScriptMarker("scheduling-frame")}`;
    expect(() => inlinePageScripts(page, frameScript)).toThrow(/no stylesheet/);
  });
});

describe("bundleParseTimeScripts", () => {
  it("bundles each part into one small classic script; lazy imports load the app's chunk", async () => {
    const appDir = path.resolve(import.meta.dirname, "../app");
    const sender = "/assets/send-booked-demo-AbC.js";
    const scripts = await bundleParseTimeScripts({
      define: {
        __SITE_CONFIG__: JSON.stringify({ SCHEDULING_URL: "https://calendly.com/acme/demo" }),
      },
      lazyChunks: new Map([[path.join(appDir, "features/book-demo/send-booked-demo.ts"), sender]]),
    });
    expect([...scripts.keys()].sort()).toEqual([
      "pricing-table",
      "scheduling-frame",
      "short-link-lookup",
    ]);
    for (const { head, slot } of scripts.values()) {
      for (const script of slot === undefined ? [head] : [head, slot]) {
        expect(script).not.toMatch(/\bexport\b|\bimport\s*[{"'`*]/);
        // Small enough to sit in the page's HTML. 4,200 since the short link's head script
        // passes the QR code's scan marker on (decision 0024); it was 4,000.
        expect(script.length).toBeLessThan(4200);
      }
    }
    expect(scripts.get("pricing-table")?.first).toBe(true);
    expect(scripts.get("scheduling-frame")?.first).toBeUndefined();
    const frame = scripts.get("scheduling-frame");
    expect(frame?.head).toContain("https://calendly.com/acme/demo");
    expect(frame?.head).toContain("moveBefore");
    expect(frame?.slot).toContain("hide_gdpr_banner");
    expect(frame?.slot).toContain(`import(\`${sender}\`)`);
    expect(scripts.get("pricing-table")?.head).toContain("pricing-table.js");
    expect(scripts.get("pricing-table")?.slot).toContain("client-reference-id");
    const lookup = scripts.get("short-link-lookup");
    expect(lookup?.head).toContain("/redirect/");
    expect(lookup?.slot).toBeUndefined();
  }, 60_000);

  it("fails when a lazy import is not a chunk of the app, rather than inlining it", async () => {
    await expect(bundleParseTimeScripts({ define: { __SITE_CONFIG__: "{}" } })).rejects.toThrow(
      /send-booked-demo.*not a chunk of the app/,
    );
  }, 60_000);
});
