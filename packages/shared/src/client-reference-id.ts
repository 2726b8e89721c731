/**
 * The checkout's `client-reference-id`, read back: the site writes a visit's source into
 * it as `src_<source>__med_<medium>__cmp_<campaign>` (apps/web lib/attribution/
 * client-reference-id.ts), each part letters, digits and "-" (anything else became "-"),
 * at most 60 characters, "none" when empty; the payment provider returns it with the
 * completed checkout.
 */
const PART = "([A-Za-z0-9-]{1,60})";
const CLIENT_REFERENCE_ID = new RegExp(`^src_${PART}__med_${PART}__cmp_${PART}$`);

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
