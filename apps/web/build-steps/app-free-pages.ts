import { readFile, writeFile } from "node:fs/promises";
import { MODULE_PRELOAD } from "./boot-module-loader.ts";
import { prerenderedPageFile, SCRIPT_ELEMENT } from "./inline-script-hashes.ts";

/**
 * A prerendered page without the app: every script element and module preload removed,
 * so the browser fetches and runs nothing but the page. For pages whose every control
 * is a link or works from the HTML (the menu drawer is a native popover): a short link's
 * problem page, which the server also answers at addresses the app would route
 * elsewhere, where hydrating it would not match.
 */
export function withoutTheApp(html: string): string {
  return html.replace(SCRIPT_ELEMENT, "").replace(MODULE_PRELOAD, "");
}

/** Rewrites the prerendered pages at `pagePaths` ("/to/not-found") under clientDir. */
export async function takeTheAppOutOfPages(
  clientDir: string,
  pagePaths: readonly string[],
): Promise<void> {
  for (const pagePath of pagePaths) {
    const file = prerenderedPageFile(clientDir, pagePath);
    await writeFile(file, withoutTheApp(await readFile(file, "utf8")));
  }
}
