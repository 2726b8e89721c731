import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { appFreePagePaths, publicRoutePaths } from "./app/public-routes.ts";
import { buildPages } from "./build-steps/build-pages.ts";

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
  // Rewrites the prerendered pages in one pass of the build steps listed in build-pages.ts.
  async buildEnd({ reactRouterConfig, viteConfig }) {
    const clientDir = path.resolve(viteConfig.root, reactRouterConfig.buildDirectory, "client");
    const { scriptHashes } = await buildPages(clientDir, viteConfig.root, viteConfig.define);
    viteConfig.logger.info(`CSP: ${scriptHashes} inline script hashes written`);
  },
} satisfies Config;
