import { readFile, writeFile } from "node:fs/promises";
import { parsePage } from "./page-html.ts";
import { PageRewriter } from "./page-rewriter.ts";

/** What a built HTML file is to the build steps. */
export type PageKind =
  /** A prerendered page the app hydrates (app/public-routes.ts publicRoutePaths). */
  | "app"
  /** A prerendered page served without the app (appFreePagePaths). */
  | "app-free"
  /** The page the server answers for any address it has no page for; the app renders it. */
  | "spa-fallback";

export interface BuiltPage {
  /** The HTML file. */
  readonly file: string;
  /** The path it was prerendered for ("/pricing"); none for the SPA fallback. */
  readonly path?: string;
  readonly kind: PageKind;
}

/**
 * One build step over the prerendered pages: what it rewrites, what it writes and where, and
 * the steps it must follow (it reads what they leave, or writes next to what they write). Each
 * step gets the same parsed page and writes through its PageRewriter; the page is parsed
 * once and written once (rewritePages).
 */
export interface PageTransform {
  readonly name: string;
  readonly pages: readonly PageKind[];
  /** What it inserts, where, or what it takes out: for the reader and the error messages. */
  readonly writes: string;
  /** Names of the steps that must come before it in the list. */
  readonly after: readonly string[];
  rewrite(page: PageRewriter, built: BuiltPage): void;
  /** Checks once every page is rewritten, e.g. that each script went into some page. */
  finish?(): void;
  /** Files it writes beside the pages, by path under the client build folder. */
  files?(): ReadonlyMap<string, string>;
}

/**
 * The steps in the order given, after checking that each comes after the steps it names: the
 * list is the order, and a step moved before one it depends on fails the build at once.
 */
export function inOrder(transforms: readonly PageTransform[]): readonly PageTransform[] {
  const seen = new Set<string>();
  for (const transform of transforms) {
    if (seen.has(transform.name)) throw new Error(`two build steps named "${transform.name}"`);
    for (const before of transform.after) {
      if (!seen.has(before)) {
        throw new Error(`the build step "${transform.name}" must come after "${before}"`);
      }
    }
    seen.add(transform.name);
  }
  return transforms;
}

/** Rewrites each page in one pass of every step that applies to it; returns the final pages. */
export async function rewritePages(
  pages: readonly BuiltPage[],
  transforms: readonly PageTransform[],
): Promise<string[]> {
  const written: string[] = [];
  for (const built of pages) {
    const page = new PageRewriter(parsePage(await readFile(built.file, "utf8")));
    for (const transform of transforms) {
      if (!transform.pages.includes(built.kind)) continue;
      try {
        transform.rewrite(page, built);
      } catch (error) {
        if (error instanceof Error) error.message += ` (${transform.name}, ${built.file})`;
        throw error;
      }
    }
    const html = page.toHtml();
    if (html !== page.page.html) await writeFile(built.file, html);
    written.push(html);
  }
  for (const transform of transforms) transform.finish?.();
  return written;
}
