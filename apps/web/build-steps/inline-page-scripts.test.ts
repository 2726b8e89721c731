import { describe, expect, it } from "vitest";
import { parseTimeScriptMarker } from "../app/parse-time-scripts.ts";
import { bundleParseTimeScripts, inlinePageScripts } from "./inline-page-scripts.ts";

describe("inlinePageScripts", () => {
  it("writes each script where its marker is", () => {
    const page = `<div id="slot">${parseTimeScriptMarker("scheduling-frame")}</div><p>after</p>`;
    expect(inlinePageScripts(page, new Map([["scheduling-frame", "mount()"]]))).toBe(
      '<div id="slot"><script>mount()</script></div><p>after</p>',
    );
  });

  it("leaves a page without markers as it was, and fails on an unknown marker", () => {
    expect(inlinePageScripts("<p>plain</p>", new Map())).toBe("<p>plain</p>");
    expect(() => inlinePageScripts("<!--parse-time-script:nope-->", new Map())).toThrow(/nope/);
  });
});

describe("bundleParseTimeScripts", () => {
  it("bundles each script into one small classic script with no imports", async () => {
    const scripts = await bundleParseTimeScripts();
    expect([...scripts.keys()].sort()).toEqual(["pricing-table", "scheduling-frame"]);
    for (const script of scripts.values()) {
      expect(script).not.toMatch(/\bimport\b|\bexport\b/);
      expect(script.length).toBeLessThan(4000);
    }
    expect(scripts.get("scheduling-frame")).toContain("hide_gdpr_banner");
    expect(scripts.get("pricing-table")).toContain("client-reference-id");
  }, 60_000);
});
