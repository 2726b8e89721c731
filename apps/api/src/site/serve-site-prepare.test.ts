import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as encodedBody from "../http/encoded-body.ts";
import { PREPARE_AT_ONCE } from "./build-cache.ts";
import { createSiteHandler } from "./serve-site.ts";

// Counts the compressions while doing them for real.
vi.mock("../http/encoded-body.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof encodedBody>();
  return { ...actual, compress: vi.fn(actual.compress) };
});

let dir: string;
const big = (text: string) => `${text}${" ".repeat(4000)}`;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "bakery-site-prepare-"));
  mkdirSync(path.join(dir, "assets"), { recursive: true });
  mkdirSync(path.join(dir, ".cache"), { recursive: true });
  writeFileSync(path.join(dir, "index.html"), big("<title>Home</title>"));
  writeFileSync(path.join(dir, "assets/app-1.js"), big("console.log(1);"));
  writeFileSync(path.join(dir, "assets/app-1.css"), big("body{}"));
  // Never served, so never prepared.
  writeFileSync(path.join(dir, "_headers"), big("/*"));
  writeFileSync(path.join(dir, ".cache/x.js"), big("secret"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("serve-site's prepareAll", () => {
  it("compresses every file it serves before the first request, and none again for it", async () => {
    const compress = vi.mocked(encodedBody.compress);
    compress.mockClear();
    const site = createSiteHandler({ root: dir });
    await site.prepareAll();
    // Brotli and gzip for each of the three served files; the host config and dotfiles skipped.
    expect(compress).toHaveBeenCalledTimes(6);

    const app = new Hono().get("*", site);
    for (const url of ["/", "/assets/app-1.js", "/assets/app-1.css"]) {
      const response = await app.request(url, { headers: { "Accept-Encoding": "br" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe("br");
    }
    expect(compress).toHaveBeenCalledTimes(6);
  });

  it("tries a file again after a failure to prepare it, rather than failing it for good", async () => {
    const compress = vi.mocked(encodedBody.compress);
    compress.mockRejectedValueOnce(new Error("compression failed"));
    const app = new Hono()
      .get("*", createSiteHandler({ root: dir }))
      // Without Hono's default handler, which would print the expected error.
      .onError((_error, c) => c.text("Internal Server Error", 500));
    expect((await app.request("/assets/app-1.css")).status).toBe(500);
    expect((await app.request("/assets/app-1.css")).status).toBe(200);
  });

  it("prepares a large build a few files at a time, and every file of it", async () => {
    const manyDir = mkdtempSync(path.join(tmpdir(), "bakery-site-prepare-many-"));
    const files = Array.from({ length: PREPARE_AT_ONCE * 3 }, (_, i) => `chunk-${i}.js`);
    for (const file of files)
      writeFileSync(path.join(manyDir, file), big(`export const n = ${file};`));
    const compress = vi.mocked(encodedBody.compress);
    const real = compress.getMockImplementation();
    if (!real) throw new Error("compress is not wrapped");
    let inFlight = 0;
    let most = 0;
    compress.mockClear();
    compress.mockImplementation(async (...args) => {
      most = Math.max(most, ++inFlight);
      try {
        return await real(...args);
      } finally {
        inFlight--;
      }
    });
    try {
      await createSiteHandler({ root: manyDir }).prepareAll();
    } finally {
      compress.mockImplementation(real);
      rmSync(manyDir, { recursive: true, force: true });
    }
    // Two compressions (brotli and gzip) per file being prepared; how many overlap in fact
    // depends on how fast each finishes, so only the bound is certain.
    expect(most).toBeLessThanOrEqual(PREPARE_AT_ONCE * 2);
    expect(compress).toHaveBeenCalledTimes(files.length * 2);
  });

  it("does nothing for a build folder that is not there yet", async () => {
    await expect(
      createSiteHandler({ root: path.join(dir, "missing") }).prepareAll(),
    ).resolves.toBeUndefined();
  });
});
