import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { SPA_FALLBACK_FILE } from "@bakery/shared/build-files";
import { appFreePagePaths, publicRoutePaths } from "../app/public-routes.ts";
import { modulesAfterBootByPage } from "./after-boot-modules.ts";
import { readAppChunks } from "./app-chunks.ts";
import { takeTheAppOut } from "./app-free-pages.ts";
import {
  builtFileSize,
  builtFileText,
  bundleBootLoader,
  loadBootFromModuleFiles,
} from "./boot-module-loader.ts";
import type { InlineScriptOptions } from "./bundle-inline-script.ts";
import { keepContentPageTemplates } from "./content-page-template.ts";
import { bundleParseTimeScripts, writeParseTimeScripts } from "./inline-page-scripts.ts";
import { writeInlineScriptHashes } from "./inline-script-hashes.ts";
import { htmlFiles, prerenderedPageFile } from "./page-html.ts";
import { type BuiltPage, inOrder, type PageTransform, rewritePages } from "./page-transform.ts";

/**
 * What the build does to the prerendered pages, in one place (docs/decisions/0025). Each
 * page is parsed once, rewritten by the steps that apply to it in the order of this list, and
 * written once; each step says what it writes, where, and which steps it must follow, checked
 * before any page is touched. Then the Content-Security-Policy allows the final pages' inline
 * scripts by hash (apps/api/src/security/security-headers.ts), and the content page's
 * template leaves the site's pages for the file the Node server fills in.
 */
async function pageTransforms(
  clientDir: string,
  options: Required<InlineScriptOptions> & { afterBoot: ReadonlyMap<string, readonly string[]> },
): Promise<readonly PageTransform[]> {
  const [parseTimeScripts, loader] = await Promise.all([
    bundleParseTimeScripts(options),
    bundleBootLoader(),
  ]);
  return inOrder([
    // The pages that need no app lose it.
    takeTheAppOut,
    // The scripts that run while the page is parsed: the attribution capture, the booking
    // frame, the pricing table, the short link's lookup.
    writeParseTimeScripts(parseTimeScripts),
    // The app boots at the first paint from a module file its one fixed loader starts.
    loadBootFromModuleFiles(
      {
        loader,
        sizeOf: (href) => builtFileSize(clientDir, href),
        readBuilt: (href) => builtFileText(clientDir, href),
      },
      options.afterBoot,
    ),
  ]);
}

/** Every HTML file the prerender wrote, with what it is; a file no list names fails the build. */
async function builtPages(clientDir: string): Promise<BuiltPage[]> {
  const known = new Map<string, BuiltPage>();
  const add = (kind: BuiltPage["kind"], pagePath?: string) => {
    const file = pagePath
      ? prerenderedPageFile(clientDir, pagePath)
      : path.join(clientDir, SPA_FALLBACK_FILE);
    known.set(file, pagePath === undefined ? { file, kind } : { file, path: pagePath, kind });
  };
  for (const pagePath of publicRoutePaths) add("app", pagePath);
  for (const pagePath of appFreePagePaths) add("app-free", pagePath);
  add("spa-fallback");
  return (await htmlFiles(clientDir)).map((file) => {
    const page = known.get(file);
    if (!page) throw new Error(`${file}: a prerendered page no list in app/public-routes.ts names`);
    return page;
  });
}

/** Runs after prerendering (react-router.config.ts buildEnd). */
export async function buildPages(
  clientDir: string,
  appRoot: string,
  define: Record<string, string> = {},
): Promise<{ scriptHashes: number }> {
  const chunks = await readAppChunks(clientDir, appRoot);
  const afterBoot = new Map(
    [...modulesAfterBootByPage()].map(([pagePath, modules]) => [
      pagePath,
      modules.flatMap((module) => chunks.withImports(module, { alsoWhatItLoads: true })),
    ]),
  );
  const transforms = await pageTransforms(clientDir, {
    define,
    lazyChunks: chunks.lazy,
    afterBoot,
  });
  const pages = await rewritePages(await builtPages(clientDir), transforms);
  for (const transform of transforms) {
    for (const [file, contents] of transform.files?.() ?? []) {
      await mkdir(path.dirname(path.join(clientDir, file)), { recursive: true });
      await writeFile(path.join(clientDir, file), contents);
    }
  }
  const { scriptHashes } = await writeInlineScriptHashes(clientDir, pages);
  await keepContentPageTemplates(clientDir);
  return { scriptHashes: scriptHashes.length };
}
