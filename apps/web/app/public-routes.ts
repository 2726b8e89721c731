import { pageNotFoundPath } from "@bakery/shared/api-contract";
import { SHORT_LINK_SHELL_PATH } from "@bakery/shared/build-files";
import { legalPagePaths } from "@bakery/shared/content-page-address";
import {
  contentPageTemplatePath,
  legalPageTemplatePath,
} from "@bakery/shared/content-page-template";
import { shortLinkProblemPaths } from "@bakery/shared/short-link-outcome";

/** Paths prerendered to HTML and listed in the sitemap (the indexable pages). */
export const indexedRoutePaths = [
  "/",
  "/book-demo",
  "/pricing",
  "/signup",
  "/privacy-policy",
  "/terms-of-service",
  "/login",
] as const;

/**
 * The page every short link (/to/:cat/:id) is served as when it is not answered with a
 * redirect: the site's frame and the progress bar in the HTML, then the app resolves the link
 * the address names. Its own address is never linked to (docs/deploy.md, fallback rules).
 */
export const shortLinkShellPath = SHORT_LINK_SHELL_PATH;

/**
 * The templates the Node server writes stored pages into: every content page's, and each
 * legal page's (the build moves them out of the site's pages: build-steps/content-page-template.ts).
 */
export const pageTemplatePaths: readonly string[] = [
  contentPageTemplatePath,
  ...legalPagePaths.map(legalPageTemplatePath),
];

/**
 * Every prerendered page the app runs on: indexable ones plus those kept out of search results,
 * and the templates above.
 */
export const publicRoutePaths: readonly string[] = [
  ...indexedRoutePaths,
  "/saas",
  shortLinkShellPath,
  ...pageTemplatePaths,
];

/** The pages above that are served at their own addresses (not those served at others'). */
export const pagesAtTheirOwnAddress = publicRoutePaths.filter(
  (route) => route !== shortLinkShellPath && !pageTemplatePaths.includes(route),
);

/**
 * Pages prerendered with no app at all (build-steps/app-free-pages.ts): what they say and
 * every control on them work from the HTML and CSS. The pages for a short link that cannot be
 * followed and for a content page that doesn't exist, which the server answers with 404 at
 * the link's or the page's own address.
 */
export const appFreePagePaths = [...Object.values(shortLinkProblemPaths), pageNotFoundPath];
