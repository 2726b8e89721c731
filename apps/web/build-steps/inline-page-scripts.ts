import {
  type ParseTimeScriptParts,
  parseTimeScriptMarker,
  parseTimeScripts,
} from "../app/parse-time-scripts.ts";
import { bundleInlineScript, type InlineScriptOptions } from "./bundle-inline-script.ts";
import { firstStylesheet, headOf, inlineScript, isInside, type ParsedPage } from "./page-html.ts";
import type { PageTransform } from "./page-transform.ts";

/**
 * Writes each parse-time script (app/parse-time-scripts.ts) inline where a page's markup asks
 * for it, and its head part where the list says (right after the charset, or before the
 * page's stylesheet), so the attribution capture, the booking frame and the pricing table
 * start as soon as the HTML arrives.
 */

/** A parse-time script bundled: its parts' code. */
export interface BundledParseTimeScript {
  readonly name: string;
  readonly headAt: ParseTimeScriptParts["headAt"];
  readonly everyPage: boolean;
  readonly head: string;
  readonly slot?: string;
}

const MARKER_PREFIX = parseTimeScriptMarker("" as never).slice(4, -3);

export async function bundleParseTimeScripts(
  options: InlineScriptOptions,
): Promise<BundledParseTimeScript[]> {
  const scripts: readonly ParseTimeScriptParts[] = parseTimeScripts;
  return Promise.all(
    scripts.map(async ({ name, head, slot, headAt, everyPage }) => {
      const [headScript, slotScript] = await Promise.all([
        bundleInlineScript(head, options),
        slot === undefined ? undefined : bundleInlineScript(slot, options),
      ]);
      const bundled = { name, headAt, everyPage: everyPage === true, head: headScript };
      return slotScript === undefined ? bundled : { ...bundled, slot: slotScript };
    }),
  );
}

/** The charset declaration a page's head must start with: "first" scripts go right after it. */
function charsetDeclaration(page: ParsedPage) {
  const head = headOf(page);
  const first = page.elements.find((element) => isInside(element, head));
  if (first?.name !== "meta" || first.attributes.charset === undefined) {
    throw new Error("the page does not start its head with the charset declaration");
  }
  return first;
}

/** The step: scripts in list order at each place; an unknown marker fails the build. */
export function writeParseTimeScripts(scripts: readonly BundledParseTimeScript[]): PageTransform {
  const byName = new Map(scripts.map((script) => [script.name, script]));
  const used = new Set<string>();
  return {
    name: "parse-time-scripts",
    pages: ["app", "spa-fallback"],
    writes:
      "each page's parse-time scripts: a slot's script in place of its marker, head parts after the charset or before the stylesheet",
    after: [],
    rewrite(page) {
      const asked = new Set<string>();
      for (const comment of page.page.comments) {
        if (!comment.text.startsWith(MARKER_PREFIX)) continue;
        const name = comment.text.slice(MARKER_PREFIX.length);
        const script = byName.get(name);
        if (script === undefined || script.everyPage) {
          throw new Error(`no parse-time script named "${name}"`);
        }
        asked.add(name);
        used.add(name);
        page.replace(comment, script.slot === undefined ? "" : inlineScript(script.slot));
      }
      const onPage = scripts.filter((script) => script.everyPage || asked.has(script.name));
      const heads = (at: BundledParseTimeScript["headAt"]) =>
        onPage.filter((script) => script.headAt === at).map((script) => inlineScript(script.head));
      const first = heads("charset");
      if (first.length > 0) page.insertAfter(charsetDeclaration(page.page), first.join(""));
      const beforeStylesheet = heads("stylesheet");
      if (beforeStylesheet.length > 0) {
        const stylesheet = firstStylesheet(page.page);
        if (!stylesheet) throw new Error("a page with parse-time scripts has no stylesheet");
        page.insertBefore(stylesheet, beforeStylesheet.join(""));
      }
    },
    // A script no page asks for means a page lost its slot: better a failed build than a page
    // that silently waits for the app again.
    finish() {
      for (const script of scripts) {
        if (!script.everyPage && !used.has(script.name)) {
          throw new Error(`no page has a slot for the "${script.name}" script`);
        }
      }
    },
  };
}
