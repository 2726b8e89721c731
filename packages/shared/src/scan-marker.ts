// Without schemas (no zod): the short-link page's head script reads it.

/**
 * The query parameter a link's QR code adds to its address (`/to/promo/spring?qr=1`): following
 * the link with it counts a scan instead of a click (docs/decisions/0024). Short, so the code
 * stays small; never passed on to the link's destination.
 */
export const SCAN_MARKER = { name: "qr", value: "1" } as const;

/**
 * The marker as a query, written out (a test keeps it equal to SCAN_MARKER): the short-link
 * page's head script carries these few bytes rather than the object's.
 */
export const SCAN_QUERY = "qr=1";

/** Whether a short link's address (its query) carries the QR code's scan marker. */
export function isScanQuery(search: string): boolean {
  return new URLSearchParams(search).get("qr") === "1";
}

/** The address a QR code encodes for the short link at `linkAddress` (its full address). */
export function scanAddress(linkAddress: string): string {
  return `${linkAddress}?${SCAN_QUERY}`;
}
