import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { deferAppBoot, deferAppBootInPages, UnexpectedBootScriptError } from "./defer-app-boot.ts";

// What React Router 8.4 writes into a prerendered page (shortened).
const preloads = [
  "/assets/manifest-1.js",
  "/assets/entry.client-2.js",
  "/assets/framework-3.js",
  "/assets/root-4.js",
  "/assets/landing-5.js",
];
const bootScript = `<script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-4.js";
import * as route1_clientLoader from "/assets/landing-loader-6.js";
import * as route1_main from "/assets/landing-5.js";
const route1 = {...route1_clientLoader,...route1_main};
  
  window.__reactRouterRouteModules = {"root":route0,"landing":route1};

import("/assets/entry.client-2.js");</script>`;
const page = (script = bootScript) =>
  `<!DOCTYPE html><html lang="en"><head><link rel="stylesheet" href="/assets/app.css"/>${preloads
    .map((href) => `<link rel="modulepreload" href="${href}"/>`)
    .join(
      "",
    )}</head><body><h1>Hi</h1><script>window.__reactRouterContext = {};</script>${script}</body></html>`;

/** Runs the rewritten boot script with stand-ins for the browser and for import(). */
async function runBoot(html: string, readyState: "loading" | "complete", paintTiming = true) {
  const body = /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
  const events: string[] = [];
  const listeners: Record<string, () => void> = {};
  const timers: Array<() => unknown> = [];
  let onPaint: ((name: string) => void) | undefined;
  class PerformanceObserver {
    static supportedEntryTypes = paintTiming ? ["paint"] : [];
    constructor(callback: (entries: unknown, observer: unknown) => void) {
      onPaint = (name) =>
        callback(
          { getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) },
          { disconnect: () => events.push("observer disconnected") },
        );
    }
    observe() {
      events.push("observing paint");
    }
  }
  const window: Record<string, unknown> = {
    PerformanceObserver,
    addEventListener: (type: string, listener: () => void) => {
      listeners[type] = listener;
    },
  };
  const document = {
    readyState,
    createElement: () => ({}),
    head: {
      append: (link: { rel: string; href: string }) => events.push(`${link.rel} ${link.href}`),
    },
  };
  const importModule = async (specifier: string) => {
    events.push(`import ${specifier}`);
    return { specifier };
  };
  // Zero-delay tasks run at once; the fallback timer waits for the test to fire it.
  const setTimeout = (callback: () => unknown, delay?: number) => {
    if (delay) {
      events.push(`fallback after ${delay} ms`);
      timers.push(callback);
    } else callback();
  };
  const run = new Function(
    "window",
    "document",
    "importModule",
    "setTimeout",
    `return (async () => {${body.replace(/\bimport\(/g, "await importModule(")}})()`,
  );
  await run(window, document, importModule, setTimeout);
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return {
    events,
    window,
    load: async () => {
      listeners.load?.();
      await settle();
    },
    paint: async (name: string) => {
      onPaint?.(name);
      await settle();
    },
    fireFallback: async () => {
      for (const timer of timers) timer();
      await settle();
    },
  };
}

const booted = [
  ...preloads.map((href) => `modulepreload ${href}`),
  "import /assets/manifest-1.js",
  "import /assets/root-4.js",
  "import /assets/landing-loader-6.js",
  "import /assets/landing-5.js",
  "import /assets/entry.client-2.js",
];

describe("deferAppBoot", () => {
  it("removes the module preloads and keeps everything else", () => {
    const html = deferAppBoot(page());
    expect(html).not.toMatch(/<link[^>]*modulepreload/);
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html).toContain("<script>window.__reactRouterContext = {};</script>");
    expect(html).not.toContain('type="module" async');
    expect(html).not.toMatch(/^import /m);
  });

  it("boots nothing before the load event and the first contentful paint, then starts the entry", async () => {
    const boot = await runBoot(deferAppBoot(page()), "loading");
    expect(boot.events).toEqual([]);
    await boot.load();
    expect(boot.events).toEqual(["fallback after 3000 ms", "observing paint"]);
    await boot.paint("first-paint");
    expect(boot.events).toHaveLength(2);
    await boot.paint("first-contentful-paint");
    expect(boot.events.slice(2)).toEqual(["observer disconnected", ...booted]);
    expect(boot.window.__reactRouterRouteModules).toEqual({
      root: { specifier: "/assets/root-4.js" },
      landing: { specifier: "/assets/landing-5.js" },
    });
    await boot.fireFallback();
    expect(boot.events.slice(3)).toEqual(booted);
  });

  it("waits for the paint when the page has loaded already", async () => {
    const boot = await runBoot(deferAppBoot(page()), "complete");
    expect(boot.events).toEqual(["fallback after 3000 ms", "observing paint"]);
    await boot.paint("first-contentful-paint");
    expect(boot.events.at(-1)).toBe("import /assets/entry.client-2.js");
  });

  it("boots a page that never paints after the fallback, once", async () => {
    const boot = await runBoot(deferAppBoot(page()), "complete");
    await boot.fireFallback();
    await boot.paint("first-contentful-paint");
    expect(boot.events.slice(2)).toEqual([...booted, "observer disconnected"]);
  });

  it("boots at load in a browser without paint timing", async () => {
    const boot = await runBoot(deferAppBoot(page()), "loading", false);
    await boot.load();
    expect(boot.events).toEqual(["fallback after 3000 ms", ...booted]);
  });

  it("fails on a boot script of a shape it does not know, rather than ship a page that never boots", () => {
    const unknownStatement = bootScript.replace(
      'import("/assets/entry.client-2.js");',
      'import("/assets/entry.client-2.js");\nwindow.somethingNew = 1;',
    );
    expect(() => deferAppBoot(page(unknownStatement))).toThrow(UnexpectedBootScriptError);
    expect(() => deferAppBoot(page(bootScript.replace(' async=""', "")))).toThrow(
      UnexpectedBootScriptError,
    );
    expect(() => deferAppBoot(page().replace(/<link rel="modulepreload"[^>]*>/g, ""))).toThrow(
      UnexpectedBootScriptError,
    );
  });
});

describe("deferAppBootInPages", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("rewrites the listed pages and leaves the SPA fallback alone", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "defer-boot-"));
    mkdirSync(path.join(dir, "pricing"));
    writeFileSync(path.join(dir, "index.html"), page());
    writeFileSync(path.join(dir, "pricing/index.html"), page());
    writeFileSync(path.join(dir, "__spa-fallback.html"), page());
    await deferAppBootInPages(dir, ["/", "/pricing"]);
    for (const file of ["index.html", "pricing/index.html"]) {
      expect(readFileSync(path.join(dir, file), "utf8")).not.toMatch(/<link[^>]*modulepreload/);
    }
    expect(readFileSync(path.join(dir, "__spa-fallback.html"), "utf8")).toBe(page());
  });
});

// The real build fails if the shape changes (the step throws); this says so earlier.
describe("React Router's Scripts output", () => {
  it("still writes the preloads and the boot script in the shape the rewrite knows", () => {
    const source = readFileSync(
      path.resolve(
        import.meta.dirname,
        "../../../node_modules/react-router/dist/production/lib/dom/ssr/components.js",
      ),
      "utf8",
    );
    expect(source).toContain('rel: "modulepreload"');
    expect(source).toContain("window.__reactRouterRouteModules = {");
    expect(source).toContain('type: "module",\n\t\t\tasync: true');
  });
});
