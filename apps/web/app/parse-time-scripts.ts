/**
 * Scripts that run while a page's HTML is parsed, before the app (docs/decisions/0011): each is
 * a module of the app, bundled and written inline in place of its marker in the prerendered
 * HTML (build-steps/inline-page-scripts.ts), and hashed into the CSP like every inline script.
 * Paths are relative to this folder.
 */
export const parseTimeScripts = {
  "scheduling-frame": "features/book-demo/scheduling-frame-on-parse.ts",
  "pricing-table": "features/signup/pricing-table-on-parse.ts",
} as const;

export type ParseTimeScript = keyof typeof parseTimeScripts;

/** Where a page asks for a script; the build replaces it with the script. */
export function parseTimeScriptMarker(name: ParseTimeScript): string {
  return `<!--parse-time-script:${name}-->`;
}
