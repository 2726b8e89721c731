import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { bundleInlineScript } from "./bundle-inline-script.ts";
import {
  attribute,
  contentOf,
  firstStylesheet,
  hasRel,
  headOf,
  inlineScript,
  isInlineScript,
  markupOf,
  type PageElement,
  scriptType,
} from "./page-html.ts";
import type { PageRewriter } from "./page-rewriter.ts";
import type { PageTransform } from "./page-transform.ts";
import { importRouteFacadesDirectly } from "./route-facades.ts";

/**
 * Starts each prerendered page's JavaScript at its first paint, or sooner on a slow link
 * (docs/decisions/0010-app-boots-from-a-module-file-at-first-paint.md).
 *
 * React Router writes into every prerendered page a `<link rel="modulepreload">` per
 * module of the page (~120 KB compressed) and one inline module script that boots the
 * app. Fetched with the HTML, those modules compete with the stylesheet, the fonts
 * and the hero image before the first paint, although the page is complete as HTML.
 *
 * Whatever the boot script's statements, its text moves to a file under assets/ named by its
 * hash (with one change: the routes' facade files are imported from the file they re-export,
 * route-facades.ts), and the script element stays where it was, with
 * its attributes and no text (an empty script does nothing, and React, which rendered it,
 * finds it there when it hydrates). The module preloads (with their `integrity`,
 * `crossorigin` or `nonce`) move unchanged into an inert `<template>`, largest file
 * first, then the lazy modules the page needs as soon as it runs (app/modules-after-boot.ts).
 * The template and one fixed loader (app/boot/load-app-at-first-paint.ts), the same on every
 * page (the policy needs one hash for it), go into the head before the stylesheet: a classic
 * script there runs while the page is parsed, where one after the stylesheet waits for it.
 * When the loader starts, it puts the preloads into the head, so every module downloads at
 * once, and imports the boot file named by its `data-app-boot` attribute.
 *
 * The SPA fallback is left as React Router writes it: it has nothing to paint before
 * its code runs, so waiting for a paint would only delay it.
 */

export { SLOW_LINK_START_MS } from "../app/boot/slow-link.ts";

/** The loader (app/boot/load-app-at-first-paint.ts), bundled into one classic script. */
export function bundleBootLoader(): Promise<string> {
  return bundleInlineScript("bootLoader");
}

export class BootScriptError extends Error {}

export interface BootModule {
  /** Path under the client build folder, e.g. "assets/boot-AbC123xy.js". */
  file: string;
  contents: string;
}

// Module specifiers that would resolve differently from a file in assets/ than from the page.
const RELATIVE_SPECIFIER = /(?:\bfrom|\bimport)\s*\(?\s*["']\.\.?\//;

/** The boot module's file: named by its contents' hash, like the bundler's assets. */
export function bootModuleFile(contents: string): BootModule {
  const hash = createHash("sha256").update(contents).digest("base64url").slice(0, 10);
  return { file: `assets/boot-${hash}.js`, contents };
}

/** A module preload as the template holds it, with its href. */
interface Preload {
  href: string;
  markup: string;
}

/**
 * A module preload asked for at low priority: the app's code comes after what the first
 * paint and the largest paint need (the hero image, a font still on its way), on a link
 * that shares bandwidth by priority (HTTP/2 and 3) as in Lighthouse's simulation, which
 * counts only high-priority scripts as needed for a paint. One that says its own
 * priority keeps it.
 */
function atLowPriority(markup: string, element?: PageElement): string {
  if (element?.attributes.fetchpriority !== undefined) return markup;
  return `<link fetchpriority="low"${markup.slice("<link".length)}`;
}

const preloadOf = (href: string): Preload => ({
  href,
  markup: atLowPriority(`<link rel="modulepreload"${attribute("href", href)}/>`),
});

/**
 * The smallest file a page may ask for after its own modules (bytes, uncompressed). On a phone's
 * link any file costs a request latency far more than its bytes, and queues for one of six
 * connections: a module of a few hundred bytes that the identity SDK's chunk imports, split off
 * by the bundler, once held a signed-in visitor's short link back by a round of requests
 * (docs/decisions/0019). The build fails rather than let one in again.
 */
export const SMALLEST_FILE_AFTER_BOOT = 4096;

export interface BootInputs {
  /** The bundled loader (bundleBootLoader). */
  loader: string;
  /**
   * A module's size in bytes from its href, to order the preloads largest first (over
   * HTTP/1.1's six connections the largest download then hides the small files' queueing);
   * without it they keep their order.
   */
  sizeOf?: (href: string) => number;
  /**
   * A built file's text from its href, to take the routes' facade files off the page's start
   * (route-facades.ts); without it the boot module imports them as React Router wrote it.
   */
  readBuilt?: (href: string) => string | undefined;
}

/**
 * One page with its inline boot module moved to a file and the loader put in its head.
 * Returns no module, and changes nothing, when it has nothing to boot. `afterBoot`: hrefs of
 * the lazy modules the page needs once it has started (app/modules-after-boot.ts), preloaded
 * after all of the page's own, so they take no connection those are waiting for; each must be
 * at least SMALLEST_FILE_AFTER_BOOT bytes.
 */
export function loadBootFromModuleFile(
  page: PageRewriter,
  { loader, sizeOf, readBuilt }: BootInputs,
  afterBoot: readonly string[] = [],
): BootModule | undefined {
  const elements = page.elements();
  const bootScripts = elements.filter((e) => isInlineScript(e) && scriptType(e) === "module");
  const links = elements.filter((element) => hasRel(element, "modulepreload"));
  if (bootScripts.length === 0 && links.length === 0) return undefined;
  const [bootScript, ...others] = bootScripts;
  if (!bootScript || others.length > 0) {
    throw new BootScriptError(
      `expected one inline module script to boot the page, found ${bootScripts.length}`,
    );
  }
  const body = contentOf(page.page, bootScript);
  if (RELATIVE_SPECIFIER.test(body)) {
    throw new BootScriptError("the boot script imports a relative path, which a file would change");
  }
  const direct = readBuilt
    ? importRouteFacadesDirectly(body, readBuilt)
    : { boot: body, unused: [] };
  const module = bootModuleFile(direct.boot);
  const bootUrl = `/${module.file}`;
  const preloads: Preload[] = links
    .filter((link) => !direct.unused.includes(link.attributes.href ?? ""))
    .map((link) => ({
      href: link.attributes.href ?? "",
      markup: atLowPriority(markupOf(page.page, link), link),
    }));
  preloads.push(preloadOf(bootUrl));
  const size = (href: string) =>
    href === bootUrl ? module.contents.length : (sizeOf?.(href) ?? 0);
  const ordered = sizeOf ? [...preloads].sort((a, b) => size(b.href) - size(a.href)) : preloads;
  const later = modulesAfterBoot(preloads, afterBoot, sizeOf).map(preloadOf);
  for (const link of links) page.remove(link);
  page.replaceContent(bootScript, "");
  const template = `<template data-app-modules>${[...ordered, ...later].map((p) => p.markup).join("")}</template>`;
  const nonce = bootScript.attributes.nonce;
  const attributes = `${nonce === undefined ? "" : attribute("nonce", nonce)}${attribute("data-app-boot", bootUrl)}`;
  placeLoader(page, template + inlineScript(loader, attributes));
  return module;
}

/** The hrefs the page needs once started and does not preload already; fails on a small one. */
function modulesAfterBoot(
  preloads: readonly Preload[],
  afterBoot: readonly string[],
  sizeOf: BootInputs["sizeOf"],
): string[] {
  const preloaded = new Set(preloads.map((preload) => preload.href));
  const hrefs = afterBoot.filter((href) => !preloaded.has(href));
  const small = sizeOf && hrefs.find((href) => sizeOf(href) < SMALLEST_FILE_AFTER_BOOT);
  if (small) {
    throw new BootScriptError(
      `${small} (${sizeOf(small)} bytes), which a lazy module the page needs at once imports, ` +
        "would take a connection and a request latency of its own: group it with what imports it (vite.config.ts)",
    );
  }
  return hrefs;
}

/**
 * The loader goes in the head before the first stylesheet (else at the head's end), so it runs
 * while the page is parsed, after what earlier steps put there; and after the page's import
 * map if it has one (React Router writes one for subresource integrity), since no module may
 * load before the map that resolves it.
 */
function placeLoader(page: PageRewriter, markup: string): void {
  const head = headOf(page.page);
  const stylesheet = firstStylesheet(page.page);
  const importMap = page.page.elements.find(
    (element) => element.name === "script" && scriptType(element) === "importmap",
  );
  const place = stylesheet?.start ?? head.endTagStart;
  if (importMap && importMap.end > place) page.insertAfter(importMap, markup);
  else if (stylesheet) page.insertBefore(stylesheet, markup);
  else page.append(head, markup);
}

/** The size of a built file named by a root-relative href ("/assets/…"); 0 when not one. */
export function builtFileSize(clientDir: string, href: string): number {
  if (!href.startsWith("/") || href.startsWith("//")) return 0;
  try {
    return statSync(path.join(clientDir, href)).size;
  } catch {
    return 0;
  }
}

/** The text of a built script named by a root-relative href ("/assets/….js"); undefined when none. */
export function builtFileText(clientDir: string, href: string): string | undefined {
  if (!href.startsWith("/assets/") || !href.endsWith(".js")) return undefined;
  try {
    return readFileSync(path.join(clientDir, href), "utf8");
  } catch {
    return undefined;
  }
}

/**
 * The step: every page the app hydrates boots from a module file. `afterBoot` gives, by a
 * page's path, the hrefs it needs once it has started; a path no page has fails the build.
 */
export function loadBootFromModuleFiles(
  inputs: BootInputs,
  afterBoot: ReadonlyMap<string, readonly string[]> = new Map(),
): PageTransform {
  const written = new Map<string, string>();
  const pathsSeen = new Set<string>();
  return {
    name: "boot-from-module-file",
    pages: ["app"],
    writes:
      "the boot script's code into assets/boot-<hash>.js; the module preloads into a template and the loader, before the stylesheet",
    // Its loader goes after their head scripts before the stylesheet, so it takes none of their time.
    after: ["parse-time-scripts"],
    rewrite(page, built) {
      if (built.path !== undefined) pathsSeen.add(built.path);
      const module = loadBootFromModuleFile(page, inputs, afterBoot.get(built.path ?? ""));
      if (module) written.set(module.file, module.contents);
    },
    // A page renamed or removed would silently lose what it needs soon.
    finish() {
      for (const pagePath of afterBoot.keys()) {
        if (!pathsSeen.has(pagePath)) throw new BootScriptError(`no prerendered page ${pagePath}`);
      }
    },
    files: () => written,
  };
}
