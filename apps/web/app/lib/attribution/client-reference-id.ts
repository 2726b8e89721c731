import type { SessionAttribution } from "./capture-attribution.ts";

/** The payment provider accepts letters, digits, "-" and "_", up to 200 characters. */
const maxLength = 200;

function part(value: string): string {
  return (
    value
      .replace(/[^A-Za-z0-9-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "none"
  );
}

/**
 * Encodes a visit's source for the checkout's `client-reference-id`, so a
 * subscription can be traced to the campaign that brought it:
 * `src_<source>__med_<medium>__cmp_<campaign>`.
 */
export function clientReferenceId(attribution: SessionAttribution | undefined): string | undefined {
  if (!attribution?.utms) return undefined;
  const id = `src_${part(attribution.utms)}__med_${part(attribution.utmm)}__cmp_${part(attribution.utmc)}`;
  return id.slice(0, maxLength);
}
