/**
 * Size budgets: for each prerendered route, the compressed JavaScript and CSS
 * its HTML makes the browser fetch before any interaction, compared with
 * bench/size-budgets.json. Bytes are deterministic, so CI can guard them;
 * times are measured by `npm run bench`, never asserted.
 *
 * Usage: node scripts/check-size-budgets.ts [build/client folder]
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { legalPageHandles, sitePathForPage } from "@bakery/shared/content-page-address";
import {
  CONTENT_PAGE_TEMPLATE_FILE,
  legalPageTemplateFile,
} from "@bakery/shared/content-page-template";

type Budget = { js: number; css: number };
const root = resolve(import.meta.dirname, "..");
const clientDir = resolve(process.argv[2] ?? join(root, "apps/web/build/client"));
const budgets = JSON.parse(readFileSync(join(root, "bench/size-budgets.json"), "utf8"))
  .routes as Record<string, Budget>;

/** The HTML files a route is answered with, each held to the route's budget. */
function htmlFiles(route: string): { label: string; file: string }[] {
  // Every content page is the build's template with the page written in.
  if (route === "/page/:handle") {
    return [{ label: route, file: join(clientDir, CONTENT_PAGE_TEMPLATE_FILE) }];
  }
  const page = join(clientDir, route === "/" ? "index.html" : `${route.slice(1)}/index.html`);
  // A legal page is its template with the stored text written in on the Node server, and the
  // page itself on a static host.
  const legal = legalPageHandles.find((handle) => sitePathForPage(handle) === route);
  if (!legal) return [{ label: route, file: page }];
  return [
    { label: route, file: page },
    { label: `${route} served`, file: join(clientDir, legalPageTemplateFile(legal)) },
  ];
}

/**
 * Every same-origin asset the HTML asks for before any interaction: scripts, module preloads,
 * stylesheets, and the modules the boot loader preloads when it starts the app, with the boot module
 * (apps/web/build-steps/boot-module-loader.ts): any quoted /assets/ path of a script or stylesheet.
 */
export function assetsOf(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/["'](\/assets\/[^"']+\.(?:js|css))["']/g))
    found.add(match[1] as string);
  return [...found];
}

const gzipped = new Map<string, number>();
function compressedSize(asset: string): number {
  let size = gzipped.get(asset);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(clientDir, asset)), { level: 9 }).length;
    gzipped.set(asset, size);
  }
  return size;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
let failures = 0;
console.log(`Size budgets (gzip) for ${clientDir}`);
console.log("route".padEnd(24), "JS".padStart(22), "CSS".padStart(22));
for (const [route, budget] of Object.entries(budgets)) {
  for (const { label, file } of htmlFiles(route)) {
    if (!existsSync(file)) {
      console.log(`${label.padEnd(24)} missing: ${file}`);
      failures++;
      continue;
    }
    const assets = assetsOf(readFileSync(file, "utf8"));
    const sum = (extension: string) =>
      assets
        .filter((asset) => asset.endsWith(extension))
        .reduce((total, asset) => total + compressedSize(asset), 0);
    const js = sum(".js");
    const css = sum(".css");
    const over = js > budget.js || css > budget.css;
    if (over) failures++;
    const cell = (value: number, limit: number) => `${kb(value)} / ${kb(limit)}`.padStart(22);
    console.log(
      `${label.padEnd(24)}${cell(js, budget.js)}${cell(css, budget.css)}${over ? "  OVER BUDGET" : ""}`,
    );
  }
}
if (failures > 0) {
  console.error(`${failures} route(s) over budget or missing.`);
  process.exit(1);
}
