import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { type ParseTimeScript, parseTimeScripts } from "../app/parse-time-scripts.ts";
import { bundleInlineScript } from "./bundle-inline-script.ts";

/**
 * Writes each parse-time script (app/parse-time-scripts.ts) inline where a page's markup asks
 * for it, so the booking frame and the pricing table start while the HTML is parsed. Runs
 * before the CSP hashes are computed, so the policy allows them.
 */

const MARKER = /<!--parse-time-script:([a-z-]+)-->/g;

/** One page with each marker replaced by its script; an unknown marker fails the build. */
export function inlinePageScripts(html: string, scripts: ReadonlyMap<string, string>): string {
  return html.replace(MARKER, (_marker, name: string) => {
    const script = scripts.get(name);
    if (script === undefined) throw new Error(`no parse-time script named "${name}"`);
    return `<script>${script}</script>`;
  });
}

export async function bundleParseTimeScripts(): Promise<Map<ParseTimeScript, string>> {
  const appDir = path.resolve(import.meta.dirname, "../app");
  const entries = Object.entries(parseTimeScripts) as [ParseTimeScript, string][];
  const bundled = await Promise.all(
    entries.map(async ([name, entry]) => {
      const script = await bundleInlineScript(path.join(appDir, entry));
      return [name, script] as const;
    }),
  );
  return new Map(bundled);
}

export async function inlinePageScriptsInPages(
  clientDir: string,
  pagePaths: readonly string[],
): Promise<void> {
  const scripts = await bundleParseTimeScripts();
  const used = new Set<string>();
  for (const pagePath of pagePaths) {
    const file = path.join(clientDir, pagePath, "index.html");
    const html = await readFile(file, "utf8");
    for (const [, name = ""] of html.matchAll(MARKER)) used.add(name);
    await writeFile(file, inlinePageScripts(html, scripts));
  }
  // A script no page asks for means a page lost its slot: better a failed build than a page
  // that silently waits for the app again.
  for (const name of scripts.keys()) {
    if (!used.has(name)) throw new Error(`no page has a slot for the "${name}" script`);
  }
}
