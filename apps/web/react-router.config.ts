import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { modulesAfterBoot } from "./app/modules-after-boot.ts";
import { appFreePagePaths, publicRoutePaths } from "./app/public-routes.ts";
import { readAppChunks } from "./build-steps/app-chunks.ts";
import { takeTheAppOutOfPages } from "./build-steps/app-free-pages.ts";
import { loadBootFromModuleFiles } from "./build-steps/boot-module-loader.ts";
import { keepContentPageTemplate } from "./build-steps/content-page-template.ts";
import { inlineAttributionCaptureInPages } from "./build-steps/inline-attribution-capture.ts";
import { inlinePageScriptsInPages } from "./build-steps/inline-page-scripts.ts";
import {
  prerenderedPageFile,
  writeInlineScriptHashes,
} from "./build-steps/inline-script-hashes.ts";

/**
 * The browser tests build with their own configuration into their own folder. It must be
 * inside the repository: the prerender runs the server build from there, and it imports React
 * and React Router from the repository's node_modules (outside, every page fails with a bare
 * "500 Internal Server Error").
 */
function buildDirectory(): string {
  const folder = process.env.WEB_BUILD_OUT ?? "build";
  const repo = path.resolve(import.meta.dirname, "../..");
  const relative = path.relative(repo, path.resolve(import.meta.dirname, folder));
  if (relative.startsWith("..") || path.isAbsolute(relative)) {
    throw new Error(`WEB_BUILD_OUT=${folder}: must be a folder inside the repository (${repo})`);
  }
  return folder;
}

// No runtime rendering server: every public route is prerendered to HTML at
// build time and hydrates into the SPA; dynamic routes use the SPA fallback.
export default {
  ssr: false,
  // A route's clientLoader stays in its route's file. Split out, the short link's route (the only
  // one with one) became three files of ~2 KB together, and over HTTP/1.1's six connections its
  // page's identity SDK then waited for a third round (docs/decisions/0019).
  splitRouteModules: false,
  buildDirectory: buildDirectory(),
  prerender: [
    ...publicRoutePaths,
    ...appFreePagePaths,
    "/sitemap.xml",
    "/robots.txt",
    "/manifest.webmanifest",
  ],
  // Runs after prerendering, with the bundler's map of the app's chunks (build-steps/app-chunks.ts).
  // First the pages that need no app lose it (build-steps/app-free-pages.ts); then the
  // attribution capture is written inline so it still runs at once
  // (build-steps/inline-attribution-capture.ts), and the scripts that start the booking frame
  // and the pricing table during parse are written where their pages ask for them
  // (build-steps/inline-page-scripts.ts), with the site's configuration and the app's lazy
  // chunks (what the booked-demo report loads); then each page's boot moves to a module file
  // its one fixed loader starts at the first paint (at 1 s on a slow link), with the lazy
  // modules it needs right after (build-steps/boot-module-loader.ts): the loader goes in after
  // the parse-time scripts, so it takes none of their time. Then, on the final HTML, the
  // Content-Security-Policy allows the inline scripts by hash
  // (apps/api/src/security/security-headers.ts); last, the content page's template leaves the
  // site's pages for the file the Node server fills in (build-steps/content-page-template.ts).
  async buildEnd({ reactRouterConfig, viteConfig }) {
    const clientDir = path.resolve(viteConfig.root, reactRouterConfig.buildDirectory, "client");
    const chunks = await readAppChunks(clientDir, viteConfig.root);
    const appDir = path.resolve(import.meta.dirname, "app");
    await takeTheAppOutOfPages(clientDir, appFreePagePaths);
    const afterBoot = Object.entries(modulesAfterBoot).map(
      ([pagePath, modules]) =>
        [
          prerenderedPageFile(clientDir, pagePath),
          modules.flatMap((module) =>
            chunks.withImports(path.join(appDir, module), { alsoWhatItLoads: true }),
          ),
        ] as const,
    );
    await inlineAttributionCaptureInPages(clientDir, publicRoutePaths);
    await inlinePageScriptsInPages(clientDir, publicRoutePaths, {
      define: viteConfig.define,
      lazyChunks: chunks.lazy,
    });
    await loadBootFromModuleFiles(clientDir, new Map(afterBoot));
    const { scriptHashes } = await writeInlineScriptHashes(clientDir);
    viteConfig.logger.info(`CSP: ${scriptHashes.length} inline script hashes written`);
    await keepContentPageTemplate(clientDir);
  },
} satisfies Config;
