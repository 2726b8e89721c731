import { checkShortLinkTarget, redirectAllowedHosts } from "@bakery/shared/redirect-target";
import { siteConfig } from "#app/site-config.ts";

// What the app and the short-link page's head both need to follow a link, without the API
// client's schemas: the question to ask, and the check of the answer.

/** The API path that says where the link /to/`cat`/`id` leads. */
export function shortLinkApiPath(cat: string, id: string): string {
  return `/redirect/${encodeURIComponent(cat)}/${encodeURIComponent(id)}`;
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
