import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  type ParseTimeScript,
  type ParseTimeScriptFiles,
  parseTimeScripts,
} from "../app/parse-time-scripts.ts";
import { bundleInlineScript, type InlineScriptOptions } from "./bundle-inline-script.ts";
import { firstStylesheet, HEAD_START } from "./head-places.ts";
import { prerenderedPageFile } from "./inline-script-hashes.ts";

/**
 * Writes each parse-time script (app/parse-time-scripts.ts) inline where a page's markup asks
 * for it, and its head part before the page's stylesheet, so the booking frame and the pricing
 * table start as soon as the HTML arrives. Runs before the CSP hashes are computed, so the
 * policy allows them.
 */

const MARKER = /<!--parse-time-script:([a-z-]+)-->/g;

export interface PageScript {
  /** Runs before the stylesheet, so it does not wait for it. */
  head: string;
  /**
   * The head part goes right after the charset declaration, before the attribution capture
   * that an earlier step wrote there (react-router.config.ts).
   */
  first?: boolean;
  /** Runs right after the slot it fills; a script that fills no slot has none. */
  slot?: string;
}

/**
 * One page with each marker replaced by its script and the head parts of those scripts right
 * before its first stylesheet (a `first` one right after its charset declaration); an unknown
 * marker, or a page asking for a script without a stylesheet to put the head part before (or
 * a charset declaration to put it after), fails the build.
 */
export function inlinePageScripts(html: string, scripts: ReadonlyMap<string, PageScript>): string {
  const heads: string[] = [];
  const firstHeads: string[] = [];
  const withSlots = html.replace(MARKER, (_marker, name: string) => {
    const script = scripts.get(name);
    if (script === undefined) throw new Error(`no parse-time script named "${name}"`);
    (script.first ? firstHeads : heads).push(`<script>${script.head}</script>`);
    return script.slot === undefined ? "" : `<script>${script.slot}</script>`;
  });
  if (heads.length + firstHeads.length === 0) return withSlots;
  const at = firstStylesheet(withSlots);
  if (at === undefined) throw new Error("a page with parse-time scripts has no stylesheet");
  const page = `${withSlots.slice(0, at)}${heads.join("")}${withSlots.slice(at)}`;
  if (firstHeads.length === 0) return page;
  if (!page.includes(HEAD_START)) {
    throw new Error("a page with a script to run first has no charset declaration to put it after");
  }
  return page.replace(HEAD_START, () => `${HEAD_START}${firstHeads.join("")}`);
}

export async function bundleParseTimeScripts(
  options: InlineScriptOptions,
): Promise<Map<ParseTimeScript, PageScript>> {
  const appDir = path.resolve(import.meta.dirname, "../app");
  const entries = Object.entries(parseTimeScripts) as [ParseTimeScript, ParseTimeScriptFiles][];
  const bundle = (entry: string) => bundleInlineScript(path.join(appDir, entry), options);
  const bundled = await Promise.all(
    entries.map(async ([name, { head, slot, beforeAttributionCapture }]) => {
      const [headScript, slotScript] = await Promise.all([
        bundle(head),
        slot === undefined ? undefined : bundle(slot),
      ]);
      const script: PageScript = { head: headScript };
      if (slotScript !== undefined) script.slot = slotScript;
      if (beforeAttributionCapture) script.first = true;
      return [name, script] as const;
    }),
  );
  return new Map(bundled);
}

export async function inlinePageScriptsInPages(
  clientDir: string,
  pagePaths: readonly string[],
  options: InlineScriptOptions,
): Promise<void> {
  const scripts = await bundleParseTimeScripts(options);
  const used = new Set<string>();
  for (const pagePath of pagePaths) {
    const file = prerenderedPageFile(clientDir, pagePath);
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
