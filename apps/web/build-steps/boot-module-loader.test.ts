import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  BOOT_LOADER,
  BootScriptError,
  bootModuleFile,
  loadBootFromModuleFile,
  loadBootFromModuleFiles,
  SMALLEST_FILE_AFTER_BOOT,
  SPA_FALLBACK_FILE,
} from "./boot-module-loader.ts";
import { inlineScriptHashes } from "./inline-script-hashes.ts";

// What React Router 8.4 writes into a prerendered page (shortened).
const preloadLinks = [
  '<link rel="modulepreload" href="/assets/manifest-1.js"/>',
  '<link rel="modulepreload" href="/assets/entry.client-2.js"/>',
  '<link rel="modulepreload" href="/assets/framework-3.js"/>',
  '<link rel="modulepreload" href="/assets/landing-5.js"/>',
];
const bootBody = `import "/assets/manifest-1.js";
import * as route0 from "/assets/root-4.js";
import * as route1 from "/assets/landing-5.js";
  
  window.__reactRouterRouteModules = {"root":route0,"landing":route1};

import("/assets/entry.client-2.js");`;
const bootScript = `<script type="module" async="">${bootBody}</script>`;
const page = ({ links = preloadLinks, script = bootScript } = {}) =>
  `<!DOCTYPE html><html lang="en"><head><link rel="stylesheet" href="/assets/app.css"/>${links.join(
    "",
  )}</head><body><h1>Hi</h1><script>window.__reactRouterContext = {};</script>${script}</body></html>`;

const bootUrl = (body: string) => `/${bootModuleFile(body).file}`;

/** A preload link as the step writes it into the template. */
const atLowPriority = (link: string) => link.replace("<link", '<link fetchpriority="low"');

describe("loadBootFromModuleFile", () => {
  it("moves the boot script's text to a hashed module file and leaves one fixed loader", () => {
    const { html, module } = loadBootFromModuleFile(page());
    expect(module).toEqual({
      file: expect.stringMatching(/^assets\/boot-[\w-]{10}\.js$/),
      contents: bootBody,
    });
    expect(html).toContain(
      `<script type="module" async="" data-app-boot="${bootUrl(bootBody)}">${BOOT_LOADER}</script>`,
    );
    expect(html).not.toContain("__reactRouterRouteModules");
    expect(html).toContain("<script>window.__reactRouterContext = {};</script>");
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
  });

  it("keeps the module preloads, and adds the boot file's, in an inert template in the head", () => {
    const { html } = loadBootFromModuleFile(page());
    const template = /<template data-app-modules>(.*?)<\/template><\/head>/.exec(html)?.[1];
    expect(template).toBe(
      [...preloadLinks, `<link rel="modulepreload" href="${bootUrl(bootBody)}"/>`]
        .map(atLowPriority)
        .join(""),
    );
    expect(html.replace(/<template[\s\S]*?<\/template>/, "")).not.toContain("modulepreload");
  });

  it("asks for the modules at low priority, unless a preload says its own", () => {
    const links = ['<link rel="modulepreload" fetchpriority="high" href="/assets/manifest-1.js"/>'];
    const { html } = loadBootFromModuleFile(page({ links }));
    const template = /<template data-app-modules>(.*?)<\/template>/.exec(html)?.[1] ?? "";
    expect(template.match(/<link\b[^>]*>/g)).toEqual([
      links[0],
      `<link fetchpriority="low" rel="modulepreload" href="${bootUrl(bootBody)}"/>`,
    ]);
  });

  it("orders the preloads largest file first, the boot file among them by its own size", () => {
    const sizes: Record<string, number> = {
      "/assets/manifest-1.js": 900,
      "/assets/entry.client-2.js": 400,
      "/assets/framework-3.js": 376_000,
      "/assets/landing-5.js": 18_000,
    };
    const { html } = loadBootFromModuleFile(page(), (href) => sizes[href] ?? 0);
    const hrefs = [...html.matchAll(/modulepreload" href="([^"]+)"/g)].map(([, href]) => href);
    expect(hrefs).toEqual([
      "/assets/framework-3.js",
      "/assets/landing-5.js",
      "/assets/manifest-1.js",
      "/assets/entry.client-2.js",
      bootUrl(bootBody),
    ]);
  });

  it("asks for the lazy modules the page needs once started after all of its own, at low priority", () => {
    const sizes: Record<string, number> = {
      "/assets/framework-3.js": 376_000,
      "/assets/session-7.js": 107_000,
      "/assets/client-8.js": 89_000,
    };
    const afterBoot = ["/assets/session-7.js", "/assets/framework-3.js", "/assets/client-8.js"];
    const { html } = loadBootFromModuleFile(page(), (href) => sizes[href] ?? 0, afterBoot);
    const template = /<template data-app-modules>(.*?)<\/template>/.exec(html)?.[1] ?? "";
    const links = template.match(/<link\b[^>]*>/g) ?? [];
    expect(links.slice(-2)).toEqual([
      '<link fetchpriority="low" rel="modulepreload" href="/assets/session-7.js"/>',
      '<link fetchpriority="low" rel="modulepreload" href="/assets/client-8.js"/>',
    ]);
    // One the page preloads already keeps its place, once.
    expect(links[0]).toContain("/assets/framework-3.js");
    expect(links.filter((link) => link.includes("/assets/framework-3.js"))).toHaveLength(1);
    expect(links).toHaveLength(preloadLinks.length + 1 + 2);
  });

  it("fails the build when a lazy module the page needs at once brings a small file of its own", () => {
    const sizes: Record<string, number> = {
      "/assets/session-7.js": 107_000,
      "/assets/rules-9.js": SMALLEST_FILE_AFTER_BOOT - 1,
      "/assets/entry.client-2.js": 400,
    };
    const sizeOf = (href: string) => sizes[href] ?? 0;
    expect(() =>
      loadBootFromModuleFile(page(), sizeOf, ["/assets/session-7.js", "/assets/rules-9.js"]),
    ).toThrow(/rules-9\.js \(4095 bytes\)/);
    // A small file the page has among its own modules already costs nothing more.
    expect(() =>
      loadBootFromModuleFile(page(), sizeOf, ["/assets/session-7.js", "/assets/entry.client-2.js"]),
    ).not.toThrow();
  });

  it("gives every page the same loader text, so the policy holds one hash for it", () => {
    const other = bootBody.replace("landing-5", "pricing-6");
    const pages = [page(), page({ script: `<script type="module" async="">${other}</script>` })];
    const rewritten = pages.map((html) => loadBootFromModuleFile(html).html);
    const loaderHashes = rewritten.map((html) => inlineScriptHashes(html).at(-1));
    expect(loaderHashes[0]).toBe(loaderHashes[1]);
    expect(rewritten[0]).not.toBe(rewritten[1]);
  });

  it("does not depend on the boot script's statements or attributes (nonce, SRI, another shape)", () => {
    const nonce =
      '<script nonce="abc" type="module">window.x = 1;\nawait import(\'/assets/e.js\');</script>';
    const sriLinks = [
      '<script type="importmap" rr-importmap="">{"integrity":{"/assets/e.js":"sha384-x"}}</script>',
      '<link rel="modulepreload" href="/assets/e.js" integrity="sha384-x" crossorigin="anonymous" nonce="abc"/>',
    ];
    const { html, module } = loadBootFromModuleFile(page({ links: sriLinks, script: nonce }));
    expect(module?.contents).toBe("window.x = 1;\nawait import('/assets/e.js');");
    expect(html).toContain(`<script nonce="abc" type="module" data-app-boot="/${module?.file}">`);
    expect(html).toContain(
      `<template data-app-modules>${atLowPriority(sriLinks[1] ?? "")}${atLowPriority(`<link rel="modulepreload" href="/${module?.file}"/>`)}</template>`,
    );
    expect(html).toContain(sriLinks[0]);
  });

  it("leaves a page with nothing to boot as it is", () => {
    const plain = "<html><head></head><body><script>a()</script></body></html>";
    expect(loadBootFromModuleFile(plain)).toEqual({ html: plain });
  });

  it("fails the build rather than guess which script boots the page", () => {
    expect(() => loadBootFromModuleFile(page({ script: "" }))).toThrow(BootScriptError);
    expect(() => loadBootFromModuleFile(page({ script: bootScript + bootScript }))).toThrow(
      BootScriptError,
    );
    const relative = bootScript.replace('"/assets/manifest-1.js"', '"./manifest-1.js"');
    expect(() => loadBootFromModuleFile(page({ script: relative }))).toThrow(BootScriptError);
  });
});

/** Runs BOOT_LOADER against stand-ins for the document, frames, timers and import(). */
function runLoader(html: string) {
  const events: string[] = [];
  const listeners: Record<string, () => void> = {};
  const timers: Array<{ delay: number; callback: () => void }> = [];
  const frames: Array<() => void> = [];
  const appBoot = /data-app-boot="([^"]+)"/.exec(html)?.[1];
  const modules = /<template data-app-modules>(.*?)<\/template>/.exec(html)?.[1] ?? "";
  const document = {
    head: { append: (content: string) => events.push(`head gets ${content}`) },
    importNode: (content: string) => content,
    querySelector: (selector: string) =>
      selector === "template[data-app-modules]"
        ? { content: modules }
        : appBoot && { dataset: { appBoot } },
  };
  new Function(
    "document",
    "addEventListener",
    "requestAnimationFrame",
    "setTimeout",
    "importModule",
    BOOT_LOADER.replace(/\bimport\(/g, "importModule("),
  )(
    document,
    (type: string, listener: () => void) => {
      listeners[type] = listener;
    },
    (frame: () => void) => frames.push(frame),
    (callback: () => void, delay = 0) => {
      events.push(`timer ${delay} ms`);
      timers.push({ delay, callback });
    },
    (specifier: string) => events.push(`import ${specifier}`),
  );
  return {
    events,
    load: () => listeners.load?.(),
    nextFrame: () => frames.shift()?.(),
    /** Fires the pending timers set for `delay` ms. */
    runTimers: (delay: number) => {
      for (const timer of timers.filter((pending) => pending.delay === delay)) timer.callback();
    },
  };
}

describe("BOOT_LOADER", () => {
  const html = loadBootFromModuleFile(page()).html;
  const modules = /<template data-app-modules>(.*?)<\/template>/.exec(html)?.[1];
  const started = [`head gets ${modules}`, `import ${bootUrl(bootBody)}`];

  it("starts the app once, right after the first frame the page renders (its first paint)", () => {
    const loader = runLoader(html);
    expect(loader.events).toEqual([]);
    loader.nextFrame();
    expect(loader.events).toEqual(["timer 0 ms"]);
    loader.runTimers(0);
    expect(loader.events.slice(1)).toEqual(started);
    loader.load();
    loader.runTimers(3000);
    expect(loader.events.slice(1)).toEqual([...started, "timer 3000 ms"]);
  });

  it("starts a page that renders no frame (a background tab) 3 s after load", () => {
    const loader = runLoader(html);
    loader.load();
    expect(loader.events).toEqual(["timer 3000 ms"]);
    loader.runTimers(3000);
    expect(loader.events.slice(1)).toEqual(started);
  });
});

describe("loadBootFromModuleFiles", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("rewrites every prerendered page at any depth, writes each boot file once, leaves the SPA fallback", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "boot-loader-"));
    mkdirSync(path.join(dir, "assets"));
    mkdirSync(path.join(dir, "to/promo"), { recursive: true });
    for (const file of ["index.html", "saas.html", "to/promo/index.html", SPA_FALLBACK_FILE]) {
      writeFileSync(path.join(dir, file), page());
    }
    // The lazy module the page needs at once, large enough to be a file of its own.
    writeFileSync(path.join(dir, "assets/session-7.js"), "x".repeat(SMALLEST_FILE_AFTER_BOOT));
    await expect(
      loadBootFromModuleFiles(dir, new Map([[path.join(dir, "gone/index.html"), ["/x.js"]]])),
    ).rejects.toThrow(/no prerendered page/);
    const modules = await loadBootFromModuleFiles(
      dir,
      new Map([[path.join(dir, "to/promo/index.html"), ["/assets/session-7.js"]]]),
    );
    expect(readFileSync(path.join(dir, "to/promo/index.html"), "utf8")).toContain(
      'href="/assets/session-7.js"',
    );
    expect(readFileSync(path.join(dir, "index.html"), "utf8")).not.toContain("session-7");
    expect(modules).toHaveLength(1);
    const file = path.join(dir, modules[0]?.file ?? "");
    expect(existsSync(file) && readFileSync(file, "utf8")).toBe(bootBody);
    for (const file of ["index.html", "saas.html", "to/promo/index.html"]) {
      expect(readFileSync(path.join(dir, file), "utf8")).toContain(BOOT_LOADER);
    }
    expect(readFileSync(path.join(dir, SPA_FALLBACK_FILE), "utf8")).toBe(page());
  });
});

// The real build fails if React Router stops writing an inline module script; this says
// which part of its output the step relies on, and only that.
describe("React Router's Scripts output", () => {
  it("still boots with one inline module script next to module preloads", () => {
    const source = readFileSync(
      path.resolve(
        import.meta.dirname,
        "../../../node_modules/react-router/dist/production/lib/dom/ssr/components.js",
      ),
      "utf8",
    );
    expect(source).toContain('type: "module"');
    expect(source).toContain('rel: "modulepreload"');
  });
});
