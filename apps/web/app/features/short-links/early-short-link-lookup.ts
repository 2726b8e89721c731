import { API_TIMEOUT_MS, apiAddress } from "#app/lib/api/api-address.ts";
import { preconnectToIdentityService } from "#app/lib/identity-service-preconnect.ts";
import { hasSignedInBefore } from "#app/lib/sign-in-memory.ts";
import { siteConfig } from "#app/site-config.ts";
import { checkedShortLinkTarget, shortLinkApiPath } from "./short-link-target.ts";

/**
 * A short link's page resolves the link from its HTML (docs/decisions/0011): a script in the
 * head asks the API where the link leads as soon as the document arrives and, when the answer
 * is a target that passes the same check the app makes, goes there before the app has even
 * downloaded. Any other answer, or the failure to get one, is handed to the app, which acts on
 * it (a link that doesn't exist, one behind sign-in, a server too slow) without asking again,
 * so a click is never counted twice.
 */

/** The lookup, from the page's head to the app's loader. */
export type EarlyLookup =
  /** The target was checked and the browser is already on its way there. */
  | { going: true }
  /**
   * Anything else, for the app to handle as if it had asked: the API's answer (its body
   * unread), or the failure to get one (no connection, no answer in the time limit).
   */
  | { going: false; answer: Promise<Response> };

type Started = { pathname: string; lookup: Promise<EarlyLookup> };

const KEY = "__riseEarlyShortLinkLookup";
const store = globalThis as typeof globalThis & { [KEY]?: Started };

/**
 * Run by the page's head while it is parsed. Only for a visitor this browser has never seen
 * signed in: a signed-in visitor's lookup carries their identity, and their session may send
 * them elsewhere first (onboarding, docs/decisions/0012), which only the app knows. For them
 * it only opens the connections their session's first requests need.
 */
export function startEarlyShortLinkLookup(): void {
  if (hasSignedInBefore()) {
    // Their way on starts with the session's requests to the identity service: connect now.
    preconnectToIdentityService();
    return;
  }
  const { pathname, origin, search } = window.location;
  const match = /^\/to\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  if (!match) return;
  let path: string;
  try {
    path = shortLinkApiPath(
      decodeURIComponent(match[1] ?? ""),
      decodeURIComponent(match[2] ?? ""),
      search,
    );
  } catch {
    return; // A malformed address: the app explains it.
  }
  const answer = fetch(apiAddress(siteConfig.API_BASE_URL, path), {
    headers: { Authorization: "Bearer ", Accept: "application/json" },
    redirect: "error",
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  });
  const lookup = answer.then(
    async (response): Promise<EarlyLookup> => {
      if (response.ok) {
        const body: unknown = await response
          .clone()
          .json()
          .catch(() => undefined);
        const to = (body as { to?: unknown } | undefined)?.to;
        const target = typeof to === "string" ? checkedShortLinkTarget(to, origin) : undefined;
        if (target !== undefined) {
          // replace(): the short link itself should not stay in the back history.
          window.location.replace(target);
          return { going: true };
        }
      }
      return { going: false, answer };
    },
    // The app reports the failure, as it would its own (the wait is not started again).
    () => ({ going: false, answer }),
  );
  store[KEY] = { pathname, lookup };
}

/** Run by the app's loader: the lookup this page's head started for the address it is on, once. */
export function takeEarlyShortLinkLookup(): Promise<EarlyLookup> | undefined {
  const started = store[KEY];
  if (!started || started.pathname !== window.location.pathname) return undefined;
  delete store[KEY];
  return started.lookup;
}
