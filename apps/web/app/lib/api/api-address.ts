// Where and how long: shared by the API client and the short-link lookup a page starts while
// its HTML is parsed, which must not carry the client's schemas (zod) into the page.

/** How long a request may take before the client gives up (docs/decisions/0013). */
export const API_TIMEOUT_MS = 15_000;

/** The address of `path` ("/redirect/promo/spring") under the API's base URL. */
export function apiAddress(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/$/, "")}${path}`;
}
