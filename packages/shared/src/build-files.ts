/**
 * Names the web build writes and the API's server reads: the contract between the two apps'
 * files, written once here and imported by both sides, so renaming one is a compile error on
 * the other (build-files.test.ts fails if a name is spelled out anywhere else in source).
 */

/**
 * The page the app boots from for addresses prerendered nowhere else (/dashboard, a content
 * page on a static host): React Router's SPA fallback, in the build's client folder.
 */
export const SPA_FALLBACK_FILE = "__spa-fallback.html";

/**
 * The hashes of every inline script of the built pages, which the server's
 * Content-Security-Policy allows by hash: a dot file, never served.
 */
export const CSP_HASHES_FILE = ".csp-hashes.json";

/**
 * The page every short link (/to/:cat/:id) is prerendered as: its address is never linked to
 * (docs/deploy.md, fallback rules), and the file the build writes for it.
 */
export const SHORT_LINK_SHELL_PATH = "/to/_/_";
export const SHORT_LINK_SHELL_FILE = `${SHORT_LINK_SHELL_PATH.slice(1)}/index.html`;
