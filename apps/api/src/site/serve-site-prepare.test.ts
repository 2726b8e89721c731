import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as encodedBody from "../http/encoded-body.ts";
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

  it("does nothing for a build folder that is not there yet", async () => {
    await expect(
      createSiteHandler({ root: path.join(dir, "missing") }).prepareAll(),
    ).resolves.toBeUndefined();
  });
});
