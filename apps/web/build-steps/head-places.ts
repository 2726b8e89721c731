/**
 * Where the build steps write into a prerendered page's head. A classic script before the
 * first stylesheet runs while the page is parsed; one after it waits for the stylesheet.
 */

/** Where a page's head starts: scripts that must run first go right after the charset. */
export const HEAD_START = '<head><meta charSet="utf-8"/>';

const STYLESHEET = /<link\b[^>]*\brel\s*=\s*["']?stylesheet\b[^>]*>/i;

/** The index of the page's first stylesheet link, if it has one. */
export function firstStylesheet(html: string): number | undefined {
  return STYLESHEET.exec(html)?.index;
}
