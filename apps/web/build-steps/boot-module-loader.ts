import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { SPA_FALLBACK_FILE } from "@bakery/shared/build-files";
import { firstStylesheet } from "./head-places.ts";
import { htmlFiles, SCRIPT_ELEMENT, scriptType } from "./inline-script-hashes.ts";

/**
 * Starts each prerendered page's JavaScript at its first paint, or sooner on a slow link
 * (docs/decisions/0010-app-boots-from-a-module-file-at-first-paint.md).
 *
 * React Router writes into every prerendered page a `<link rel="modulepreload">` per
 * module of the page (~120 KB compressed) and one inline module script that boots the
 * app. Fetched with the HTML, those modules compete with the stylesheet, the fonts
 * and the hero image before the first paint, although the page is complete as HTML.
 *
 * This step does not read the boot script: whatever its statements, its text moves
 * to a file under assets/ named by its hash, and the script element stays where it was, with
 * its attributes and no text (an empty script does nothing, and React, which rendered it,
 * finds it there when it hydrates). The module preloads (with their `integrity`,
 * `crossorigin` or `nonce`) move unchanged into an inert `<template>`, largest file
 * first, then the lazy modules the page needs as soon as it runs (app/modules-after-boot.ts).
 * The template and one fixed loader, the same on every page (the policy needs one hash for
 * it), go into the head before the stylesheet: a classic script there runs while the page
 * is parsed, where one after the stylesheet waits for it. When the loader starts, it puts the
 * preloads into the head, so every module downloads at once, and imports the boot file named
 * by its `data-app-boot` attribute (on a slow link the download starts before the import).
 *
 * The SPA fallback is left as React Router writes it: it has nothing to paint before
 * its code runs, so waiting for a paint would only delay it.
 */

export { SPA_FALLBACK_FILE };

/**
 * When a page that has not painted yet starts anyway (ms after its navigation started). A page
 * still waiting then is on a slow link (or a slow device): its paint waits for bytes already on
 * their way, and a request made now delivers its first byte a round trip later, about when
 * they have arrived; asked for at the paint, the app's code pays that round trip after it. On
 * Lighthouse's slow-phone preset the document arrives at ~0.6 s and the first paint comes at
 * 1.7–2.0 s; a page on a good link has painted long before this, and starts at its paint as
 * before, so nothing competes with what it paints (docs/decisions/0010).
 */
export const SLOW_LINK_START_MS = 1000;

/**
 * The one inline loader, a classic script in the head. Starts right after the second frame
 * the page renders once it is parsed, the frame after its first paint: browsers render no frame
 * (and run no animation frame callback) while a render-blocking stylesheet is pending. Started
 * at the first, the app's requests left before that paint was recorded often enough for
 * Lighthouse's simulation to count them as needed for it (docs/performance.md). A page still
 * unpainted SLOW_LINK_START_MS after its navigation started asks for its modules then, and
 * runs them once it is parsed: the app hydrates the whole document, never the part of it that
 * has arrived. A page that renders no frame at all (a background tab) starts 3 s after `load`.
 * `import()` resolves the preloaded modules, so nothing is fetched twice.
 */
export const BOOT_LOADER = [
  "(() => {",
  "  const boot = document.currentScript.dataset.appBoot;",
  "  let downloading = false;",
  "  let started = false;",
  "  const download = () => {",
  "    if (downloading) return;",
  "    downloading = true;",
  "    const modules = document.querySelector('template[data-app-modules]');",
  "    if (modules) document.head.append(document.importNode(modules.content, true));",
  "  };",
  "  const start = () => {",
  "    if (started) return;",
  "    started = true;",
  "    download();",
  "    import(boot);",
  "  };",
  "  const whenParsed = (then) => {",
  "    if (document.readyState !== 'loading') then();",
  "    else document.addEventListener('DOMContentLoaded', then, { once: true });",
  "  };",
  "  const nextFrame = (then) => requestAnimationFrame(() => setTimeout(then));",
  "  whenParsed(() => nextFrame(() => nextFrame(start)));",
  "  setTimeout(() => {",
  "    download();",
  "    whenParsed(start);",
  `  }, ${SLOW_LINK_START_MS} - performance.now());`,
  "  addEventListener('load', () => setTimeout(start, 3000), { once: true });",
  "})();",
].join("\n");

export class BootScriptError extends Error {}

export interface BootModule {
  /** Path under the client build folder, e.g. "assets/boot-AbC123xy.js". */
  file: string;
  contents: string;
}

export const MODULE_PRELOAD = /<link\b[^>]*\brel\s*=\s*["']?modulepreload\b[^>]*>/gi;
// Module specifiers that would resolve differently from a file in assets/ than from the page.
const RELATIVE_SPECIFIER = /(?:\bfrom|\bimport)\s*\(?\s*["']\.\.?\//;

/** The boot module's file: named by its contents' hash, like the bundler's assets. */
export function bootModuleFile(contents: string): BootModule {
  const hash = createHash("sha256").update(contents).digest("base64url").slice(0, 10);
  return { file: `assets/boot-${hash}.js`, contents };
}

const HREF = /\shref\s*=\s*["']?([^"'\s>]+)/i;

const FETCH_PRIORITY = /\sfetchpriority\s*=/i;

/**
 * A module preload asked for at low priority: the app's code comes after what the first
 * paint and the largest paint need (the hero image, a font still on its way), on a link
 * that shares bandwidth by priority (HTTP/2 and 3) as in Lighthouse's simulation, which
 * counts only high-priority scripts as needed for a paint. One that says its own
 * priority keeps it.
 */
function atLowPriority(link: string): string {
  return FETCH_PRIORITY.test(link) ? link : link.replace(/^<link\b/i, '<link fetchpriority="low"');
}

/**
 * The module preloads, largest file first. Over HTTP/1.1 a browser opens six connections
 * to a host and queues the rest: every queued request waits for a free connection and then
 * one more request latency. Started first, the largest download (React and the router)
 * hides the small files' queueing behind it instead of waiting behind them.
 */
function largestFirst(links: readonly string[], sizeOf: (href: string) => number): string[] {
  const size = (link: string) => sizeOf(HREF.exec(link)?.[1] ?? "");
  return [...links].sort((a, b) => size(b) - size(a));
}

/**
 * The smallest file a page may ask for after its own modules (bytes, uncompressed). On a phone's
 * link any file costs a request latency (0.56 s on the slow-phone preset) far more than its bytes,
 * and queues for one of six connections: a module of a few hundred bytes that the identity SDK's
 * chunk imports, split off by the bundler, once held a signed-in visitor's short link back by a
 * round of requests (docs/decisions/0019). The build fails rather than let one in again.
 */
export const SMALLEST_FILE_AFTER_BOOT = 4096;

/**
 * One page with its inline boot module moved to a file and replaced by BOOT_LOADER.
 * Returns the page unchanged, and no module, when it has nothing to boot. `sizeOf` gives a
 * module's size in bytes from its href (the boot module's own is known), to order the
 * preloads largest first; without it they keep their order. `afterBoot`: hrefs of the lazy
 * modules the page needs once it has started (app/modules-after-boot.ts), preloaded after
 * all of the page's own, so they take no connection those are waiting for; each must be at
 * least SMALLEST_FILE_AFTER_BOOT bytes.
 */
export function loadBootFromModuleFile(
  html: string,
  sizeOf?: (href: string) => number,
  afterBoot: readonly string[] = [],
): { html: string; module?: BootModule } {
  const bootScripts = [...html.matchAll(SCRIPT_ELEMENT)].filter(
    ([, attributes = ""]) => scriptType(attributes) === "module" && !/\ssrc\s*=/i.test(attributes),
  );
  const preloads = html.match(MODULE_PRELOAD) ?? [];
  if (bootScripts.length === 0 && preloads.length === 0) return { html };
  const [bootScript, ...others] = bootScripts;
  if (!bootScript || others.length > 0) {
    throw new BootScriptError(
      `expected one inline module script to boot the page, found ${bootScripts.length}`,
    );
  }
  const [element, attributes = "", body = ""] = bootScript;
  if (RELATIVE_SPECIFIER.test(body)) {
    throw new BootScriptError("the boot script imports a relative path, which a file would change");
  }
  const module = bootModuleFile(body);
  const bootUrl = `/${module.file}`;
  const nonce = NONCE.exec(attributes)?.[0] ?? "";
  const loader = `<script${nonce} data-app-boot="${bootUrl}">${BOOT_LOADER}</script>`;
  const links = [...preloads, `<link rel="modulepreload" href="${bootUrl}"/>`].map(atLowPriority);
  const ordered = sizeOf
    ? largestFirst(links, (href) => (href === bootUrl ? module.contents.length : sizeOf(href)))
    : links;
  const preloaded = new Set(links.map((link) => HREF.exec(link)?.[1]));
  const laterHrefs = afterBoot.filter((href) => !preloaded.has(href));
  const small = sizeOf && laterHrefs.find((href) => sizeOf(href) < SMALLEST_FILE_AFTER_BOOT);
  if (small) {
    throw new BootScriptError(
      `${small} (${sizeOf(small)} bytes), which a lazy module the page needs at once imports, ` +
        "would take a connection and a request latency of its own: group it with what imports it (vite.config.ts)",
    );
  }
  const later = laterHrefs.map((href) =>
    atLowPriority(`<link rel="modulepreload" href="${href}"/>`),
  );
  const template = `<template data-app-modules>${[...ordered, ...later].join("")}</template>`;
  const rewritten = html
    .replace(MODULE_PRELOAD, "")
    .replace(element, () => `<script${attributes}></script>`);
  const at = loaderPlace(rewritten);
  return { html: rewritten.slice(0, at) + template + loader + rewritten.slice(at), module };
}

const NONCE = /\snonce\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i;
const IMPORT_MAP = /<script\b[^>]*\btype\s*=\s*["']?importmap\b[^>]*>[\s\S]*?<\/script\s*>/i;

/**
 * Where the loader goes: in the head before the first stylesheet (else at the head's end), so
 * it runs while the page is parsed; after the page's import map if it has one (React Router
 * writes one for subresource integrity), since no module may load before the map that
 * resolves it.
 */
function loaderPlace(html: string): number {
  const headEnd = html.indexOf("</head>");
  if (headEnd < 0) throw new BootScriptError("the page has no </head>");
  const stylesheet = firstStylesheet(html);
  const place = stylesheet !== undefined && stylesheet < headEnd ? stylesheet : headEnd;
  const importMap = IMPORT_MAP.exec(html);
  return importMap ? Math.max(place, importMap.index + importMap[0].length) : place;
}

/** The size of a built file named by a root-relative href ("/assets/…"); 0 when not one. */
function builtFileSize(clientDir: string, href: string): number {
  if (!href.startsWith("/") || href.startsWith("//")) return 0;
  try {
    return statSync(path.join(clientDir, href)).size;
  } catch {
    return 0;
  }
}

/**
 * Rewrites every prerendered page under clientDir and writes the boot modules.
 * `afterBoot` gives, by a page's HTML file, the hrefs it needs once it has started.
 */
export async function loadBootFromModuleFiles(
  clientDir: string,
  afterBoot: ReadonlyMap<string, readonly string[]> = new Map(),
): Promise<BootModule[]> {
  const written = new Map<string, BootModule>();
  const pages = (await htmlFiles(clientDir)).filter(
    (file) => path.basename(file) !== SPA_FALLBACK_FILE,
  );
  // A page renamed or removed would silently lose what it needs soon.
  for (const file of afterBoot.keys()) {
    if (!pages.includes(file)) throw new BootScriptError(`no prerendered page ${file}`);
  }
  for (const file of pages) {
    try {
      const { html, module } = loadBootFromModuleFile(
        await readFile(file, "utf8"),
        (href) => builtFileSize(clientDir, href),
        afterBoot.get(file),
      );
      if (!module) continue;
      if (!written.has(module.file)) {
        await writeFile(path.join(clientDir, module.file), module.contents);
        written.set(module.file, module);
      }
      await writeFile(file, html);
    } catch (error) {
      if (error instanceof BootScriptError) error.message += ` (${file})`;
      throw error;
    }
  }
  return [...written.values()];
}
