/**
 * Scripts that run while a page's HTML is parsed, before the app (docs/decisions/0011): each is
 * a module of the app, bundled and written inline into the prerendered HTML
 * (build-steps/inline-page-scripts.ts), and hashed into the CSP like every inline script.
 * `slot` replaces its marker, right after the slot it fills; `head`, on every page with that
 * marker, goes before the stylesheet (or first, `beforeAttributionCapture`), so it runs as soon
 * as the parser reaches it (a script after a stylesheet waits for it). A script with no `slot` fills none: its marker only asks
 * for the head part. Paths are relative to this folder.
 */
export const parseTimeScripts = {
  "scheduling-frame": {
    head: "features/book-demo/scheduling-frame-in-head.ts",
    slot: "features/book-demo/scheduling-frame-on-parse.ts",
  },
  "pricing-table": {
    head: "features/signup/pricing-table-in-head.ts",
    slot: "features/signup/pricing-table-on-parse.ts",
    // Asks for the provider's file, whose address is fixed: it reads nothing the capture
    // writes (the table's client reference is the slot's), so it need not wait for it.
    beforeAttributionCapture: true,
  },
  "short-link-lookup": {
    head: "features/short-links/short-link-lookup-in-head.ts",
  },
} as const satisfies Record<string, ParseTimeScriptFiles>;

/** A parse-time script's modules. */
export interface ParseTimeScriptFiles {
  readonly head: string;
  readonly slot?: string;
  /**
   * Its head part goes first in the head, before the attribution capture (otherwise the page's
   * first script, ~30 ms on a slow phone's 4× CPU), for a script that reads nothing the capture
   * writes. The others run after it: the booking frame carries the source it stores.
   */
  readonly beforeAttributionCapture?: true;
}

export type ParseTimeScript = keyof typeof parseTimeScripts;

/** Where a page asks for a script; the build replaces it with the script. */
export function parseTimeScriptMarker(name: ParseTimeScript): string {
  return `<!--parse-time-script:${name}-->`;
}
