import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SPA_FALLBACK_FILE } from "./boot-module-loader.ts";
import {
  bundleAttributionCapture,
  inlineAttributionCapture,
  inlineAttributionCaptureInPages,
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

describe("inlineAttributionCaptureInPages", () => {
  it("writes the capture into each page and into the SPA fallback", async () => {
    const clientDir = await mkdtemp(path.join(tmpdir(), "capture-pages-"));
    try {
      await mkdir(path.join(clientDir, "pricing"));
      const files = [
        path.join(clientDir, "pricing", "index.html"),
        path.join(clientDir, SPA_FALLBACK_FILE),
      ];
      for (const file of files) await writeFile(file, page);
      await inlineAttributionCaptureInPages(clientDir, ["/pricing"]);
      const script = await bundleAttributionCapture();
      for (const file of files) {
        expect(await readFile(file, "utf8")).toBe(inlineAttributionCapture(page, script));
      }
    } finally {
      await rm(clientDir, { recursive: true, force: true });
    }
  }, 30_000);
});
