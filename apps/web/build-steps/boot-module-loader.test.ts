import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  BootScriptError,
  bootModuleFile,
  loadBootFromModuleFile as bootPage,
  builtFileSize,
  bundleBootLoader,
  loadBootFromModuleFiles,
  SLOW_LINK_START_MS,
  SMALLEST_FILE_AFTER_BOOT,
} from "./boot-module-loader.ts";
import { inlineScriptHashes } from "./inline-script-hashes.ts";
import { parsePage } from "./page-html.ts";
import { PageRewriter } from "./page-rewriter.ts";
import { rewritePages } from "./page-transform.ts";

const BOOT_LOADER = await bundleBootLoader();

/** One page through the step, as the build rewrites it. */
function loadBootFromModuleFile(
  html: string,
  sizeOf?: (href: string) => number,
  afterBoot?: readonly string[],
) {
  const page = new PageRewriter(parsePage(html));
  const inputs = sizeOf ? { loader: BOOT_LOADER, sizeOf } : { loader: BOOT_LOADER };
  const module = bootPage(page, inputs, afterBoot);
  return module ? { html: page.toHtml(), module } : { html: page.toHtml() };
}

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
  it("moves the boot script's text to a hashed module file, and one fixed loader to the head", () => {
    const { html, module } = loadBootFromModuleFile(page());
    expect(module).toEqual({
      file: expect.stringMatching(/^assets\/boot-[\w-]{10}\.js$/),
      contents: bootBody,
    });
    expect(html).not.toContain("__reactRouterRouteModules");
    // Where React rendered it, the boot script stays, empty: React finds it when it hydrates.
    expect(html).toContain(
      '<script>window.__reactRouterContext = {};</script><script type="module" async=""></script></body>',
    );
    // The loader runs while the head is parsed: before the stylesheet, which scripts after it wait for.
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toMatch(
      new RegExp(
        `</template><script data-app-boot="${bootUrl(bootBody)}">[^<]*</script><link rel="stylesheet" href="/assets/app.css"/>`,
      ),
    );
    expect(head).toContain(`>${BOOT_LOADER}</script>`);
  });

  it("puts the loader at the head's end when the page has no stylesheet", () => {
    const { html } = loadBootFromModuleFile(page().replace(/<link rel="stylesheet"[^>]*>/, ""));
    expect(html).toContain(`${BOOT_LOADER}</script></head>`);
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
    expect(html).toContain('<script nonce="abc" type="module"></script></body>');
    // After the import map: no module may load before the map that resolves it.
    expect(html).toContain(
      `${sriLinks[0]}<template data-app-modules>${atLowPriority(sriLinks[1] ?? "")}${atLowPriority(`<link rel="modulepreload" href="/${module?.file}"/>`)}</template><script nonce="abc" data-app-boot="/${module?.file}">`,
    );
  });

  it("is a module of the app bundled into one small classic script", () => {
    expect(BOOT_LOADER).not.toMatch(/\bexport\b|\bimport\s*[{"'`*]/);
    expect(BOOT_LOADER).toContain(
      `${SLOW_LINK_START_MS === 1000 ? "1e3" : SLOW_LINK_START_MS}-performance.now()`,
    );
    expect(BOOT_LOADER.length).toBeLessThan(1000);
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

/**
 * Runs BOOT_LOADER against stand-ins for the document, frames, timers and import(), as the
 * head's parser would run it `now` ms after the navigation started.
 */
function runLoader(html: string, now = 200) {
  const events: string[] = [];
  const listeners: Record<string, Array<() => void>> = {};
  const timers: Array<{ delay: number; callback: () => void }> = [];
  const frames: Array<() => void> = [];
  const appBoot = /data-app-boot="([^"]+)"/.exec(html)?.[1];
  const modules = /<template data-app-modules>(.*?)<\/template>/.exec(html)?.[1] ?? "";
  const listen = (type: string, listener: () => void) => {
    listeners[type] = [...(listeners[type] ?? []), listener];
  };
  /** Fires an event's listeners, once each (the loader asks for `once`). */
  const fire = (type: string) => {
    const due = listeners[type] ?? [];
    listeners[type] = [];
    for (const listener of due) listener();
  };
  const document = {
    readyState: "loading",
    currentScript: { dataset: { appBoot } },
    head: { append: (content: string) => events.push(`head gets ${content}`) },
    importNode: (content: string) => content,
    querySelector: (selector: string) =>
      selector === "template[data-app-modules]" ? { content: modules } : null,
    addEventListener: listen,
  };
  new Function(
    "document",
    "addEventListener",
    "requestAnimationFrame",
    "setTimeout",
    "performance",
    "importModule",
    BOOT_LOADER.replace(/\bimport\(/g, "importModule("),
  )(
    document,
    listen,
    (frame: () => void) => frames.push(frame),
    (callback: () => void, delay = 0) => {
      events.push(`timer ${delay} ms`);
      timers.push({ delay, callback });
    },
    { now: () => now },
    (specifier: string) => events.push(`import ${specifier}`),
  );
  return {
    events,
    parsed: () => {
      document.readyState = "interactive";
      fire("DOMContentLoaded");
    },
    load: () => fire("load"),
    nextFrame: () => frames.shift()?.(),
    /** Fires the pending timers set for `delay` ms, once each. */
    runTimers: (delay: number) => {
      const due = timers.filter((pending) => pending.delay === delay);
      timers.splice(0, timers.length, ...timers.filter((pending) => pending.delay !== delay));
      for (const timer of due) timer.callback();
    },
  };
}

describe("BOOT_LOADER", () => {
  const html = loadBootFromModuleFile(page()).html;
  const modules = /<template data-app-modules>(.*?)<\/template>/.exec(html)?.[1];
  const started = [`head gets ${modules}`, `import ${bootUrl(bootBody)}`];
  const slowLinkTimer = `timer ${SLOW_LINK_START_MS - 200} ms`;

  it("starts the app once, right after the parsed page's second frame (the one after its first paint)", () => {
    const loader = runLoader(html);
    expect(loader.events).toEqual([slowLinkTimer]);
    loader.nextFrame();
    expect(loader.events).toEqual([slowLinkTimer]);
    loader.parsed();
    loader.nextFrame();
    loader.runTimers(0);
    expect(loader.events.slice(1)).toEqual(["timer 0 ms"]);
    loader.nextFrame();
    loader.runTimers(0);
    expect(loader.events.slice(1)).toEqual(["timer 0 ms", "timer 0 ms", ...started]);
    loader.runTimers(SLOW_LINK_START_MS - 200);
    loader.load();
    loader.runTimers(3000);
    expect(loader.events.slice(3)).toEqual([...started, "timer 3000 ms"]);
  });

  it("starts a page still unpainted SLOW_LINK_START_MS after its navigation started (a slow link)", () => {
    const loader = runLoader(html);
    loader.parsed();
    loader.runTimers(SLOW_LINK_START_MS - 200);
    expect(loader.events.slice(1)).toEqual(started);
    loader.nextFrame();
    loader.runTimers(0);
    loader.nextFrame();
    loader.runTimers(0);
    expect(loader.events.slice(1)).toEqual([...started, "timer 0 ms", "timer 0 ms"]);
  });

  it("on a slow link still parsing the page, downloads the modules at once and runs them once it is parsed", () => {
    const loader = runLoader(html);
    loader.runTimers(SLOW_LINK_START_MS - 200);
    expect(loader.events.slice(1)).toEqual([started[0]]);
    loader.parsed();
    expect(loader.events.slice(1)).toEqual(started);
    loader.nextFrame();
    loader.runTimers(0);
    loader.nextFrame();
    loader.runTimers(0);
    loader.load();
    loader.runTimers(3000);
    expect(loader.events.slice(1)).toEqual([
      ...started,
      "timer 0 ms",
      "timer 0 ms",
      "timer 3000 ms",
    ]);
  });

  it("when it runs after SLOW_LINK_START_MS, downloads at once and runs once the page is parsed", () => {
    const loader = runLoader(html, SLOW_LINK_START_MS + 300);
    expect(loader.events).toEqual(["timer -300 ms"]);
    loader.runTimers(-300);
    expect(loader.events.slice(1)).toEqual([started[0]]);
    loader.parsed();
    expect(loader.events.slice(1)).toEqual(started);
  });

  it("starts a page that renders no frame (a background tab) 3 s after load at the latest", () => {
    const loader = runLoader(html);
    loader.parsed();
    loader.load();
    expect(loader.events).toEqual([slowLinkTimer, "timer 3000 ms"]);
    loader.runTimers(3000);
    expect(loader.events.slice(2)).toEqual(started);
  });
});

describe("loadBootFromModuleFiles", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("rewrites every page the app hydrates, at any depth, and writes each boot file once", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "boot-loader-"));
    const root = dir;
    mkdirSync(path.join(root, "assets"));
    mkdirSync(path.join(root, "to/promo"), { recursive: true });
    const pages = ["index.html", "saas/index.html", "to/promo/index.html"].map((file) => ({
      file: path.join(root, file),
      path: `/${path.dirname(file)}`.replace("/.", "/"),
      kind: "app" as const,
    }));
    for (const { file } of pages) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, page());
    }
    // The lazy module the page needs at once, large enough to be a file of its own.
    writeFileSync(path.join(root, "assets/session-7.js"), "x".repeat(SMALLEST_FILE_AFTER_BOOT));
    const inputs = { loader: BOOT_LOADER, sizeOf: (href: string) => builtFileSize(root, href) };
    await expect(
      rewritePages(pages, [loadBootFromModuleFiles(inputs, new Map([["/gone", ["/x.js"]]]))]),
    ).rejects.toThrow(/no prerendered page/);
    for (const { file } of pages) writeFileSync(file, page());
    const step = loadBootFromModuleFiles(
      inputs,
      new Map([["/to/promo", ["/assets/session-7.js"]]]),
    );
    await rewritePages(pages, [step]);
    expect(readFileSync(path.join(root, "to/promo/index.html"), "utf8")).toContain(
      'href="/assets/session-7.js"',
    );
    expect(readFileSync(path.join(root, "index.html"), "utf8")).not.toContain("session-7");
    const files = [...(step.files?.() ?? [])];
    expect(files).toHaveLength(1);
    expect(files[0]?.[1]).toBe(bootBody);
    for (const { file } of pages) expect(readFileSync(file, "utf8")).toContain(BOOT_LOADER);
  });
});
