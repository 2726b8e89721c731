/**
 * The checkout's `client-reference-id`: the site writes a visit's source into it (the
 * pricing table's attribute), the payment provider returns it with the completed checkout,
 * and the API's webhook reads it back. Written `src_<source>__med_<medium>__cmp_<campaign>`,
 * each part "none" when empty. The provider allows only letters, digits, "-" and "_", so any
 * other character is written as "_" and two hex digits per UTF-8 byte ("www.google.com" is
 * `www_2Egoogle_2Ecom`, "march_news" `march_5Fnews`): the webhook reads back exactly the
 * source the landing was counted under, and the dashboard puts the checkout beside it. A
 * part keeps at most 60 characters, cut between characters, never inside an escape.
 */

/** The payment provider accepts letters, digits, "-" and "_", up to 200 characters. */
const PART_MAX_LENGTH = 60;
const PART = "((?:[A-Za-z0-9-]|_[0-9A-F]{2})+)";
const CLIENT_REFERENCE_ID = new RegExp(`^src_${PART}__med_${PART}__cmp_${PART}$`);
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

/** The reference for a visit's source, or undefined when the visit has none. */
export function encodeClientReferenceId(
  attribution: { utms: string; utmm: string; utmc: string } | undefined,
): string | undefined {
  if (!attribution?.utms) return undefined;
  const { utms, utmm, utmc } = attribution;
  // Three parts of at most PART_MAX_LENGTH and their labels: 197 characters at most.
  return `src_${encodePart(utms)}__med_${encodePart(utmm)}__cmp_${encodePart(utmc)}`;
}

/** The source, medium and campaign in `id` ("" where there was none), or null if it isn't one of ours. */
export function decodeClientReferenceId(
  id: string | null | undefined,
): { utms: string; utmm: string; utmc: string } | null {
  const match = CLIENT_REFERENCE_ID.exec(id ?? "");
  if (!match) return null;
  const parts = match.slice(1);
  if (parts.some((part) => part.length > PART_MAX_LENGTH)) return null;
  const [utms, utmm, utmc] = parts.map(decodePart);
  if (!utms || utmm === undefined || utmc === undefined) return null;
  return { utms, utmm, utmc };
}
