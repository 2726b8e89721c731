import { pageNotFoundPath } from "@bakery/shared/api-contract";
import { SHORT_LINK_SHELL_FILE, SPA_FALLBACK_FILE } from "@bakery/shared/build-files";
import { shortLinkProblemPaths } from "@bakery/shared/short-link-outcome";

/**
 * The site's routing rules as data: which addresses the app renders in the browser and from
 * which page, which pages say something went wrong, which files are never served. The local
 * server (serve-site.ts) and the host configurations (host-configs.ts) both follow them, so a
 * CDN is told exactly what the local server does.
 */

/**
 * Paths the app renders on the client (answered with 200), written the way static hosts
 * write them, each with the prerendered page that serves it: a page of its own where the
 * build has one, else the SPA fallback. The host configurations (host-configs.ts) are
 * written from this list, so they say exactly what this server does.
 */
export const SPA_ROUTES: readonly { pattern: string; page: string }[] = [
  { pattern: "/page/:handle", page: SPA_FALLBACK_FILE },
  { pattern: "/dashboard", page: SPA_FALLBACK_FILE },
  { pattern: "/dashboard/activity", page: SPA_FALLBACK_FILE },
  { pattern: "/dashboard/pages", page: SPA_FALLBACK_FILE },
  { pattern: "/dashboard/pages/:handle", page: SPA_FALLBACK_FILE },
  { pattern: "/dashboard/team", page: SPA_FALLBACK_FILE },
  { pattern: "/to/:cat/:id", page: SHORT_LINK_SHELL_FILE },
];
export const SPA_ROUTE_MATCHERS = SPA_ROUTES.map(({ pattern, page }) => ({
  regex: new RegExp(`^${pattern.replace(/:[a-z]+/g, "[^/]+")}/?$`),
  page,
}));
/**
 * Pages that say something went wrong (a short link that doesn't exist or can't be opened, a
 * content page that doesn't exist): answered with 404 wherever they are served, at the
 * address that failed (answerPage) or at their own, so that no link checker or search index
 * takes them for content, and never cached.
 */
export const ERROR_PAGES: readonly string[] = [
  ...Object.values(shortLinkProblemPaths),
  pageNotFoundPath,
];
/**
 * A page's own address when `urlPath` names its file (`/index.html`, `/pricing/index.html`):
 * the app routes by address and knows no page there, so the visitor is sent, in one 301 with
 * the query kept, to the address the page is at. Not for the pages that say something went
 * wrong, which have no app to route and answer 404 at any of their addresses (ERROR_PAGES).
 * The host configurations say the same (host-configs.ts).
 */
export function addressOfPageFile(urlPath: string): string | undefined {
  const page = /^(.*?)\/?\/index\.html$/.exec(urlPath)?.[1];
  if (page === undefined || ERROR_PAGES.includes(page)) return undefined;
  return page === "" ? "/" : page;
}

/** The host configurations written into the build (host-configs.ts); never served. */
export const HOST_CONFIG_FILES = new Set(["_headers", "_redirects"]);

/** Whether a decoded site path may name a file: no traversal, no dotfiles, no host config. */
export function isServed(sitePath: string): boolean {
  if (HOST_CONFIG_FILES.has(sitePath.slice(1))) return false;
  return !sitePath.split("/").some((segment) => segment === ".." || segment.startsWith("."));
}
