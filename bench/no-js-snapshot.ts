/**
 * The "no JavaScript" baseline of a page: its DOM after load (in the browser the
 * benchmarks use, at Lighthouse's phone size), with every script removed, saved
 * over a copy of the build and served by the same static handler as the product.
 * What the product page costs beyond this snapshot is the price of its JavaScript.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createSiteHandler } from "@bakery/api/site-handler";
import { serve } from "@hono/node-server";
import { chromium } from "@playwright/test";
import { Hono } from "hono";
import { chromiumPath } from "../scripts/chromium.ts";
import { LIGHTHOUSE_FLAGS } from "./lighthouse-pages.ts";

export interface SnapshotSite {
  origin: string;
  close(): Promise<void>;
}

const htmlFileOf = (route: string) =>
  route === "/" ? "index.html" : `${route.slice(1)}/index.html`;

/** Renders each route on `productOrigin`, strips its scripts and serves the results. */
export async function startSnapshotSite(
  productOrigin: string,
  buildDir: string,
  routes: readonly string[],
): Promise<SnapshotSite> {
  const root = mkdtempSync(join(tmpdir(), "bakery-bench-snapshot-"));
  cpSync(buildDir, root, { recursive: true });

  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: LIGHTHOUSE_FLAGS.filter((flag) => !flag.startsWith("--headless")),
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    await context.route(
      (url) => url.hostname !== "127.0.0.1",
      (route) => route.abort("blockedbyclient"),
    );
    const page = await context.newPage();
    for (const route of routes) {
      await page.goto(`${productOrigin}${route}`, { waitUntil: "networkidle" });
      const html = await page.evaluate(() => {
        const copy = document.documentElement.cloneNode(true) as HTMLElement;
        const scripts = copy.querySelectorAll(
          'script:not([type="application/ld+json"]), link[rel="modulepreload"], link[rel="preload"][as="script"]',
        );
        for (const node of scripts) node.remove();
        return `<!DOCTYPE html>${copy.outerHTML}`;
      });
      const file = join(root, htmlFileOf(route));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, html);
    }
  } finally {
    await browser.close();
  }

  const app = new Hono();
  app.get("*", createSiteHandler({ root }));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, () =>
      resolve(started),
    );
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          rmSync(root, { recursive: true, force: true });
          resolve();
        });
        if ("closeIdleConnections" in server) server.closeIdleConnections();
      }),
  };
}
