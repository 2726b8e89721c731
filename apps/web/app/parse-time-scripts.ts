import type * as inlineScripts from "./inline-scripts.ts";

/** A script the build can write inline: an export of inline-scripts.ts. */
export type InlineScriptName = keyof typeof inlineScripts;

/**
 * Scripts that run while a page's HTML is parsed, before the app (docs/decisions/0011): each is
 * a function of the app (inline-scripts.ts), bundled and written inline into the prerendered
 * HTML (build-steps/inline-page-scripts.ts), and hashed into the CSP like every inline script.
 * `slot` replaces its marker, right after the slot it fills; `head`, on every page with that
 * marker (or on every page, `everyPage`), goes where `headAt` says: "charset", right after the
 * charset declaration, or "stylesheet", right before the first stylesheet. A script there runs
 * as soon as the parser reaches it; one after a stylesheet waits for it. Scripts at one place
 * go in the order of this list. A script with no `slot` fills none: its marker only asks for
 * the head part.
 */
export const parseTimeScripts = [
  {
    name: "pricing-table",
    head: "pricingTableInHead",
    slot: "pricingTableOnParse",
    // Asks for the provider's file, whose address is fixed: it reads nothing the capture
    // writes (the table's client reference is the slot's), so it need not wait for it, and
    // goes first (the capture is otherwise the page's first script, ~30 ms on a slow phone).
    headAt: "charset",
  },
  {
    // Where a visitor came from is kept even if they follow a link before the app boots at
    // the first paint; it runs before anything else reads the address (the booking frame
    // carries the source it stores), on every page and the SPA fallback. The app's own
    // bundle carries no copy: entry.client runs it only on the development server.
    name: "attribution-capture",
    head: "attributionCapture",
    headAt: "charset",
    everyPage: true,
  },
  {
    name: "scheduling-frame",
    head: "schedulingFrameInHead",
    slot: "schedulingFrameOnParse",
    headAt: "stylesheet",
  },
  {
    name: "short-link-lookup",
    head: "shortLinkLookupInHead",
    headAt: "stylesheet",
  },
] as const satisfies readonly ParseTimeScriptParts[];

/** A parse-time script's parts. */
export interface ParseTimeScriptParts {
  readonly name: string;
  readonly head: InlineScriptName;
  readonly slot?: InlineScriptName;
  readonly headAt: "charset" | "stylesheet";
  /** Written into every page, asked for by no marker. */
  readonly everyPage?: true;
}

type AnyParseTimeScript = (typeof parseTimeScripts)[number];

/** A script a page asks for with a marker. */
export type ParseTimeScript = Exclude<AnyParseTimeScript, { everyPage: true }>["name"];

/** Where a page asks for a script; the build replaces it with the script. */
export function parseTimeScriptMarker(name: ParseTimeScript): string {
  return `<!--parse-time-script:${name}-->`;
}
