/**
 * Where the site shows a content page. Apart from the API's contract (and its schemas), so the
 * browser's content page can name its own address without downloading them.
 */

/** Pages with their own site route, the legal pages; every other page lives at /page/{handle}. */
const pagesWithOwnRoute: Record<string, string> = {
  "privacy-policy": "/privacy-policy",
  "terms-of-service": "/terms-of-service",
};

/** The site paths of the legal pages (the privacy policy and the terms of service). */
export const legalPagePaths: readonly string[] = Object.values(pagesWithOwnRoute);

/** The handles of the legal pages. */
export const legalPageHandles: readonly string[] = Object.keys(pagesWithOwnRoute);

/** The site path that shows the content page `handle`. */
export function sitePathForPage(handle: string): string {
  return pagesWithOwnRoute[handle] ?? `/page/${encodeURIComponent(handle)}`;
}
