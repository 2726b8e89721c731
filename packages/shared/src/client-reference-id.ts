import {
  cleanAttributionValue,
  hasUnprintableCharacter,
  isVisitReference,
} from "./attribution-record.ts";

/**
 * The checkout's `client-reference-id`: the site writes the visit's reference and source into
 * it (the pricing table's attribute), the payment provider returns it with the checkout, and
 * the API's webhook reads it back. Written `ref_<reference>__src_<source>__med_<medium>__cmp_<campaign>`:
 * the reference is what the API looks up to credit the exact names (decision 0022); the names
 * are the fallback for a reference it does not know (its landing was never reported), each
 * part "none" when empty. The provider allows only letters, digits, "-" and "_", so any other
 * character is written as "_" and two hex digits per UTF-8 byte ("www.google.com" is
 * `www_2Egoogle_2Ecom`, "march_news" `march_5Fnews`). A part keeps at most 52 characters, cut
 * between characters, never inside an escape: a longer name is exact only through the reference.
 * References written before the visit reference existed (`src_…__med_…__cmp_…`) still read.
 */

/** The payment provider accepts letters, digits, "-" and "_", up to 200 characters. */
const PART_MAX_LENGTH = 52;
const PART = "((?:[A-Za-z0-9-]|_[0-9A-F]{2})+)";
const CLIENT_REFERENCE_ID = new RegExp(
  `^(?:ref_([A-Za-z0-9_-]{22})__)?src_${PART}__med_${PART}__cmp_${PART}$`,
);
/** Parts of the older form kept up to 60 characters. */
const OLDER_PART_MAX_LENGTH = 60;
const KEPT = /^[A-Za-z0-9-]$/;
const EMPTY = "none";
const utf8 = new TextEncoder();

function encodePart(value: string): string {
  // The word itself would read back as empty: its first letter is escaped.
  if (value === EMPTY) return `_${EMPTY.charCodeAt(0).toString(16).toUpperCase()}${EMPTY.slice(1)}`;
  let encoded = "";
  for (const character of value) {
    const piece = KEPT.test(character)
      ? character
      : Array.from(
          utf8.encode(character),
          (byte) => `_${byte.toString(16).toUpperCase().padStart(2, "0")}`,
        ).join("");
    if (encoded.length + piece.length > PART_MAX_LENGTH) break;
    encoded += piece;
  }
  return encoded || EMPTY;
}

/** The text of an encoded part, or undefined when its bytes are not UTF-8. */
function decodePart(part: string): string | undefined {
  if (part === EMPTY) return "";
  const bytes: number[] = [];
  for (const [, kept, hex] of part.matchAll(/([A-Za-z0-9-])|_([0-9A-F]{2})/g)) {
    if (kept) bytes.push(kept.charCodeAt(0));
    else bytes.push(Number.parseInt(hex ?? "", 16));
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    return undefined;
  }
}

type Names = { utms: string; utmm: string; utmc: string };

/** The checkout reference for a visit's source, or undefined when the visit has none. */
export function encodeClientReferenceId(
  attribution: (Names & { ref?: string | undefined }) | undefined,
): string | undefined {
  if (!attribution?.utms) return undefined;
  const { utms, utmm, utmc, ref } = attribution;
  // The reference and its label (28), three parts of at most PART_MAX_LENGTH and theirs: 200 at most.
  const names = `src_${encodePart(utms)}__med_${encodePart(utmm)}__cmp_${encodePart(utmc)}`;
  return isVisitReference(ref) ? `ref_${ref}__${names}` : names;
}

/**
 * The visit reference and the names in `id` ("" where there was none), or null if it isn't one
 * of ours. The names pass the same rule as every attribution value: one that decodes to a
 * control or format character (a NUL, a terminal escape) makes the names null, so the checkout
 * is still stored, without attribution, and never refused by the database.
 */
export function decodeClientReferenceId(
  id: string | null | undefined,
): { ref: string | undefined; names: Names | null } | null {
  const match = CLIENT_REFERENCE_ID.exec(id ?? "");
  if (!match) return null;
  const [, ref, ...parts] = match;
  const longest = ref === undefined ? OLDER_PART_MAX_LENGTH : PART_MAX_LENGTH;
  if (parts.some((part) => (part ?? "").length > longest)) return null;
  const decoded = parts.map((part) => decodePart(part ?? ""));
  // A part the encoder cut may end in a space: cleaned like any value, never refused for it.
  const printable = decoded.every(
    (value) => value !== undefined && !hasUnprintableCharacter(value),
  );
  const [utms = "", utmm = "", utmc = ""] = decoded.map(cleanAttributionValue);
  return { ref, names: printable && utms ? { utms, utmm, utmc } : null };
}
