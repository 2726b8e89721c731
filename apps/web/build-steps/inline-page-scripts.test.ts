import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseTimeScriptMarker } from "../app/parse-time-scripts.ts";
import {
  type BundledParseTimeScript,
  bundleParseTimeScripts,
  writeParseTimeScripts,
} from "./inline-page-scripts.ts";
import { parsePage } from "./page-html.ts";
import { PageRewriter } from "./page-rewriter.ts";

const head = '<head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/app.css"/></head>';
const script = (
  name: string,
  parts: Partial<BundledParseTimeScript> = {},
): BundledParseTimeScript => ({
  name,
  headAt: "stylesheet",
  everyPage: false,
  head: `${name}.head()`,
  ...parts,
});
const frame = script("scheduling-frame", { slot: "mount()" });

/** One page through the step, as the build rewrites it. */
function rewrite(html: string, scripts: readonly BundledParseTimeScript[]): string {
  const page = new PageRewriter(parsePage(html));
  writeParseTimeScripts(scripts).rewrite(page, { file: "x/index.html", kind: "app" });
  return page.toHtml();
}

describe("writeParseTimeScripts", () => {
  it("writes each script where its marker is, and its head part before the stylesheet", () => {
    const page = `${head}<div id="slot">${parseTimeScriptMarker("scheduling-frame")}</div><p>after</p>`;
    expect(rewrite(page, [frame])).toBe(
      '<head><meta charSet="utf-8"/><script>scheduling-frame.head()</script><link rel="stylesheet" href="/assets/app.css"/></head>' +
        '<div id="slot"><script>mount()</script></div><p>after</p>',
    );
  });

  it("writes only the head part of a script that fills no slot, and drops its marker", () => {
    const page = `${head}<div hidden>${parseTimeScriptMarker("short-link-lookup")}</div>`;
    expect(rewrite(page, [script("short-link-lookup")])).toBe(
      '<head><meta charSet="utf-8"/><script>short-link-lookup.head()</script><link rel="stylesheet" href="/assets/app.css"/></head>' +
        "<div hidden></div>",
    );
  });

  it("writes the every-page scripts into every page, and those at one place in the list's order", () => {
    const scripts = [
      script("pricing-table", { headAt: "charset", slot: "mount()" }),
      script("attribution-capture", { headAt: "charset", everyPage: true }),
      frame,
    ];
    const page = `${head}<div id="slot">${parseTimeScriptMarker("pricing-table")}</div>`;
    expect(rewrite(page, scripts)).toBe(
      '<head><meta charSet="utf-8"/><script>pricing-table.head()</script><script>attribution-capture.head()</script><link rel="stylesheet" href="/assets/app.css"/></head>' +
        '<div id="slot"><script>mount()</script></div>',
    );
    expect(rewrite(`${head}<p>plain</p>`, scripts)).toBe(
      '<head><meta charSet="utf-8"/><script>attribution-capture.head()</script><link rel="stylesheet" href="/assets/app.css"/></head><p>plain</p>',
    );
    expect(() => rewrite(`${head.replace('<meta charSet="utf-8"/>', "")}`, scripts)).toThrow(
      /charset/,
    );
  });

  it("leaves a page without markers as it was, and fails on an unknown marker", () => {
    expect(rewrite(`${head}<p>plain</p>`, [frame])).toBe(`${head}<p>plain</p>`);
    expect(() => rewrite(`${head}<!--parse-time-script:nope-->`, [])).toThrow(/nope/);
  });

  it("fails on a page with a marker but no stylesheet to start before", () => {
    const page = `<head></head>${parseTimeScriptMarker("scheduling-frame")}`;
    expect(() => rewrite(page, [frame])).toThrow(/no stylesheet/);
  });

  it("fails the build when no page asks for a script", () => {
    const step = writeParseTimeScripts([frame]);
    step.rewrite(new PageRewriter(parsePage(`${head}<p>plain</p>`)), { file: "x", kind: "app" });
    expect(() => step.finish?.()).toThrow(/no page has a slot for the "scheduling-frame" script/);
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
    const byName = new Map(scripts.map((bundled) => [bundled.name, bundled]));
    expect(scripts.map(({ name }) => name)).toEqual([
      "pricing-table",
      "attribution-capture",
      "scheduling-frame",
      "short-link-lookup",
    ]);
    for (const { head, slot } of scripts) {
      for (const code of slot === undefined ? [head] : [head, slot]) {
        expect(code).not.toMatch(/\bexport\b|\bimport\s*[{"'`*]/);
        // Small enough to sit in the page's HTML. 4,200 since the short link's head script
        // passes the QR code's scan marker on (decision 0024); it was 4,000.
        expect(code.length).toBeLessThan(4200);
      }
    }
    const capture = byName.get("attribution-capture");
    expect(capture).toMatchObject({ everyPage: true, headAt: "charset" });
    expect(capture?.head).toContain("utm_source");
    expect(capture?.head.length).toBeLessThan(3000);
    expect(byName.get("pricing-table")?.headAt).toBe("charset");
    const frame = byName.get("scheduling-frame");
    expect(frame?.headAt).toBe("stylesheet");
    expect(frame?.head).toContain("https://calendly.com/acme/demo");
    expect(frame?.head).toContain("moveBefore");
    expect(frame?.slot).toContain("hide_gdpr_banner");
    expect(frame?.slot).toContain(`import(\`${sender}\`)`);
    expect(byName.get("pricing-table")?.head).toContain("pricing-table.js");
    expect(byName.get("pricing-table")?.slot).toContain("client-reference-id");
    const lookup = byName.get("short-link-lookup");
    expect(lookup?.head).toContain("/redirect/");
    expect(lookup?.slot).toBeUndefined();
  }, 60_000);

  it("fails when a lazy import is not a chunk of the app, rather than inlining it", async () => {
    await expect(bundleParseTimeScripts({ define: { __SITE_CONFIG__: "{}" } })).rejects.toThrow(
      /send-booked-demo.*not a chunk of the app/,
    );
  }, 60_000);
});
