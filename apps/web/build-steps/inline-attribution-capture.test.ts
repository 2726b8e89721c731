import { describe, expect, it } from "vitest";
import {
  bundleAttributionCapture,
  inlineAttributionCapture,
} from "./inline-attribution-capture.ts";

const page =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>x</title></head></html>';

describe("inlineAttributionCapture", () => {
  it("writes the script first in the head, after the charset", () => {
    expect(inlineAttributionCapture(page, "capture()")).toBe(
      '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><script>capture()</script><title>x</title></head></html>',
    );
  });

  it("fails on a page of another shape or a script that would end early", () => {
    expect(() => inlineAttributionCapture("<html><head></head></html>", "capture()")).toThrow();
    expect(() => inlineAttributionCapture(page, 'a("</script>")')).toThrow();
  });
});

describe("bundleAttributionCapture", () => {
  it("bundles the capture into one classic script with no imports", async () => {
    const script = await bundleAttributionCapture();
    expect(script).not.toMatch(/\bimport\b|\bexport\b/);
    expect(script).toContain("utm_source");
    expect(script.length).toBeLessThan(3000);
  }, 30_000);
});
