import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Starts each prerendered page's JavaScript after the page has loaded
 * (docs/decisions/0010-app-boots-after-the-page-has-loaded.md).
 *
 * React Router writes into every prerendered page a `<link rel="modulepreload">`
 * per module of the page (~120 KB compressed) and an inline module script that
 * imports them statically. On a phone's link those downloads compete with the
 * HTML, the stylesheet, the fonts and the hero image before the first paint,
 * although the page is already complete as HTML. This step removes the preloads
 * and rewrites the boot script so it fetches the same modules, in parallel, once
 * the `load` event has fired and the first contentful paint has been presented,
 * then starts the app exactly as before.
 *
 * It runs before the CSP hashes are computed (inline-script-hashes.ts), so the
 * policy allows the rewritten script. If React Router's output ever changes
 * shape, the step throws and the build fails rather than ship a page that never
 * boots or boots early.
 */

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const BOOT_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/g;

const SIDE_EFFECT_IMPORT = /^import ("[^"]+");$/;
const NAMESPACE_IMPORT = /^import \* as (route\d+(?:_\w+)?) from ("[^"]+");$/;
// What follows the imports: routes assembled from several chunks, the route
// modules handed to the router, and the entry module that hydrates the page.
const STATEMENTS_KEPT = [
  /^const route\d+ = \{(?:\.\.\.route\d+_\w+,?)+\};$/,
  /^window\.__reactRouterRouteModules = \{("[^"]+":route\d+,?)+\};$/,
  /^import\("[^"]+"\);$/,
];

/** How long after load a page that has not painted waits before it boots anyway. */
const FIRST_PAINT_WAIT_MS = 3000;

export class UnexpectedBootScriptError extends Error {}

/** The boot script's body, rewritten to import its modules once the page has loaded. */
export function deferredBootScript(body: string, preloads: readonly string[]): string {
  const imports: { binding: string | undefined; specifier: string }[] = [];
  const kept: string[] = [];
  for (const line of body.split("\n").map((text) => text.trim())) {
    if (line === "") continue;
    const sideEffect = SIDE_EFFECT_IMPORT.exec(line);
    const namespace = NAMESPACE_IMPORT.exec(line);
    if (sideEffect?.[1] && kept.length === 0) {
      imports.push({ binding: undefined, specifier: sideEffect[1] });
    } else if (namespace?.[1] && namespace[2] && kept.length === 0) {
      imports.push({ binding: namespace[1], specifier: namespace[2] });
    } else if (STATEMENTS_KEPT.some((statement) => statement.test(line))) {
      kept.push(line);
    } else {
      throw new UnexpectedBootScriptError(`unexpected statement in the boot script: ${line}`);
    }
  }
  if (!kept.some((line) => line.startsWith("window.__reactRouterRouteModules"))) {
    throw new UnexpectedBootScriptError("the boot script does not hand over the route modules");
  }
  if (!kept.at(-1)?.startsWith("import(")) {
    throw new UnexpectedBootScriptError("the boot script does not end by importing the entry");
  }
  return [
    "let started = false;",
    "const boot = async () => {",
    "  if (started) return;",
    "  started = true;",
    // The same flat list the page preloaded: fetched together, not import by import.
    `  for (const href of ${JSON.stringify(preloads)}) {`,
    '    const link = document.createElement("link");',
    '    link.rel = "modulepreload";',
    "    link.href = href;",
    "    document.head.append(link);",
    "  }",
    `  const [${imports.map(({ binding }) => binding ?? "").join(", ")}] = await Promise.all([`,
    ...imports.map(({ specifier }) => `    import(${specifier}),`),
    "  ]);",
    ...kept.map((line) => `  ${line}`),
    "};",
    // After load and after the first contentful paint has been presented: on a fast
    // connection load can come before the first paint. A page that never paints (a
    // background tab) or a browser without paint timing boots all the same.
    "const bootAfterFirstPaint = () => {",
    `  setTimeout(boot, ${FIRST_PAINT_WAIT_MS});`,
    "  const Observer = window.PerformanceObserver;",
    '  if (!Observer?.supportedEntryTypes?.includes("paint")) return boot();',
    "  new Observer((entries, observer) => {",
    '    if (entries.getEntriesByName("first-contentful-paint").length === 0) return;',
    "    observer.disconnect();",
    "    setTimeout(boot);",
    '  }).observe({ type: "paint", buffered: true });',
    "};",
    'if (document.readyState === "complete") bootAfterFirstPaint();',
    'else window.addEventListener("load", bootAfterFirstPaint, { once: true });',
  ].join("\n");
}

/** One prerendered page with its preloads removed and its boot script deferred. */
export function deferAppBoot(html: string): string {
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? "");
  const bootScripts = [...html.matchAll(BOOT_SCRIPT)];
  if (preloads.length === 0 || bootScripts.length !== 1) {
    throw new UnexpectedBootScriptError(
      `expected module preloads and one boot script, found ${preloads.length} and ${bootScripts.length}`,
    );
  }
  const rewritten = html
    .replace(MODULE_PRELOAD, "")
    .replace(
      BOOT_SCRIPT,
      (_script, body: string) =>
        `<script type="module">${deferredBootScript(body, preloads)}</script>`,
    );
  if (/<link\b[^>]*modulepreload/.test(rewritten)) {
    throw new UnexpectedBootScriptError("a module preload of another shape is left in the page");
  }
  return rewritten;
}

/**
 * Rewrites the prerendered pages of `pagePaths` under clientDir. The SPA fallback
 * is left alone: it renders nothing until its code runs, so nothing is gained there.
 */
export async function deferAppBootInPages(
  clientDir: string,
  pagePaths: readonly string[],
): Promise<void> {
  for (const pagePath of pagePaths) {
    const file = path.join(clientDir, pagePath, "index.html");
    try {
      await writeFile(file, deferAppBoot(await readFile(file, "utf8")));
    } catch (error) {
      if (error instanceof UnexpectedBootScriptError) error.message += ` (${file})`;
      throw error;
    }
  }
}
