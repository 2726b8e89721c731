import { type ContentPage, contentPageSchema } from "@bakery/shared/api-contract";
import { api } from "#app/lib/api/browser-api-client.ts";

/**
 * The stored copy of a content page (spec §2), checked against the API contract. A module of
 * its own so that the API client and the contract's schemas (~26 KB compressed) load only
 * when a content page asks the API, after the prerendered pages are already up.
 */
export function fetchContentPage(handle: string): Promise<ContentPage> {
  return api.get(`/p/${encodeURIComponent(handle)}`, contentPageSchema);
}
