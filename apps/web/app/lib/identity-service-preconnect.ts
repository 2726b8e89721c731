import { identityServiceOrigins } from "@bakery/shared/identity-service";
import { siteConfig } from "#app/site-config.ts";

/**
 * Opens the connections the identity SDK's first requests will need, while the page is still
 * loading. Restoring a session (an account lookup, a token refresh) and signing in go to hosts
 * the page has not talked to yet: each would start with a DNS lookup and a TCP and a TLS
 * handshake, about three round trips, after the app has loaded. `crossOrigin`: the SDK's
 * requests carry no cookies, and browsers keep such connections apart from those that do.
 */
export const identityServicePreconnects = identityServiceOrigins(
  siteConfig.FIREBASE_AUTH_EMULATOR_HOST,
).map((href) => ({ rel: "preconnect", href, crossOrigin: "anonymous" }) as const);

/** The same, from a script: for a page that needs them only for a visitor who has signed in before. */
export function preconnectToIdentityService(): void {
  for (const { rel, href, crossOrigin } of identityServicePreconnects) {
    const link = document.createElement("link");
    link.rel = rel;
    link.href = href;
    link.crossOrigin = crossOrigin;
    document.head.append(link);
  }
}
