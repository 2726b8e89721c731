/**
 * The checkout's `client-reference-id`: the site writes a visit's source into it (the
 * pricing table's attribute), the payment provider returns it with the completed checkout,
 * and the API's webhook reads it back. Written `src_<source>__med_<medium>__cmp_<campaign>`,
 * each part letters, digits and "-" (anything else becomes "-"), at most 60 characters,
 * "none" when empty.
 */

/** The payment provider accepts letters, digits, "-" and "_", up to 200 characters. */
const MAX_LENGTH = 200;
const PART_MAX_LENGTH = 60;
const PART = `([A-Za-z0-9-]{1,${PART_MAX_LENGTH}})`;
const CLIENT_REFERENCE_ID = new RegExp(`^src_${PART}__med_${PART}__cmp_${PART}$`);

function encodePart(value: string): string {
  return (
    value
      .replace(/[^A-Za-z0-9-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, PART_MAX_LENGTH) || "none"
  );
}

/** The reference for a visit's source, or undefined when the visit has none. */
export function encodeClientReferenceId(
  attribution: { utms: string; utmm: string; utmc: string } | undefined,
): string | undefined {
  if (!attribution?.utms) return undefined;
  const { utms, utmm, utmc } = attribution;
  return `src_${encodePart(utms)}__med_${encodePart(utmm)}__cmp_${encodePart(utmc)}`.slice(
    0,
    MAX_LENGTH,
  );
}

/** The source, medium and campaign in `id` ("" where there was none), or null if it isn't one of ours. */
export function decodeClientReferenceId(
  id: string | null | undefined,
): { utms: string; utmm: string; utmc: string } | null {
  const match = CLIENT_REFERENCE_ID.exec(id ?? "");
  if (!match) return null;
  const [, source = "", medium = "", campaign = ""] = match;
  const value = (part: string) => (part === "none" ? "" : part);
  if (value(source) === "") return null;
  return { utms: source, utmm: value(medium), utmc: value(campaign) };
}
