import { checkShortLinkTarget, redirectAllowedHosts } from "@bakery/shared/redirect-target";
import { isScanQuery, SCAN_QUERY } from "@bakery/shared/scan-marker";
import { siteConfig } from "#app/site-config.ts";

// What the app and the short-link page's head both need to follow a link, without the API
// client's schemas: the question to ask, and the check of the answer.

/**
 * The API path that says where the link /to/`cat`/`id` leads, opened at an address whose
 * query is `search`: the QR code's scan marker in it is passed on, so the API counts a scan
 * rather than a click (docs/decisions/0024). Nothing else of the query is.
 */
export function shortLinkApiPath(cat: string, id: string, search = ""): string {
  const scan = isScanQuery(search) ? `?${SCAN_QUERY}` : "";
  return `/redirect/${encodeURIComponent(cat)}/${encodeURIComponent(id)}${scan}`;
}

/**
 * The address to send the browser to for a link's target, or undefined when the site's
 * allow-list refuses it or it is another short link (checkShortLinkTarget): the server
 * checked it too, but a target is never followed on trust.
 */
export function checkedShortLinkTarget(to: string, siteOrigin: string): string | undefined {
  const checked = checkShortLinkTarget(to, {
    siteOrigin,
    allowedHosts: redirectAllowedHosts(siteConfig),
  });
  return checked.ok ? checked.url : undefined;
}
