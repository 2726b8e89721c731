import type { Context, MiddlewareHandler } from "hono";
import { isAutomatedRequest } from "../http/automated-client.ts";
import { requestClient } from "../limits/client-address.ts";
import { type FollowShortLinkDeps, followShortLink } from "../links/follow-short-link.ts";
import { parseSlug } from "../validation.ts";

/**
 * A short link opened from a text message, in one round trip: a browser's top-level
 * navigation to /to/:cat/:id of a public link is answered with a 302 to the link's
 * checked target (the click counted), so it opens with no JavaScript at all.
 *
 * Everything else falls through to the site handler, which serves the SPA page as
 * before (it asks GET /api/redirect and goes): HEAD, prefetches, crawlers and
 * link-preview fetchers (which must not count as clicks), links behind sign-in (the
 * page flow sends the visitor to sign in first), moved or unknown links (the page
 * flow explains them), and any failure here.
 *
 * A client over the `redirect` limit (counted inside followShortLink, shared with GET
 * /api/redirect) is not sent anywhere and its click is not counted: it gets the page too,
 * whose own request to /api/redirect is refused with 429, so the person sees the site's
 * error page saying how many seconds to wait, rather than a bare error from this route.
 */
export function shortLinkNavigation(deps: FollowShortLinkDeps): MiddlewareHandler {
  return async (c, next) => {
    if (!isClickThrough(c)) return next();
    let cat: string;
    let id: string;
    try {
      cat = parseSlug("cat", c.req.param("cat"));
      id = parseSlug("id", c.req.param("id"));
    } catch {
      return next();
    }
    try {
      const client = requestClient(c, deps.config.TRUST_PROXY);
      const outcome = await followShortLink(deps, { cat, id, client }, async () => false);
      if (outcome.kind !== "go") return next();
      // Every click must reach us to be counted: nothing may keep this answer.
      return c.body(null, 302, { Location: outcome.to, "Cache-Control": "no-store" });
    } catch (error) {
      deps.logger.warn({ err: error, cat, id }, "short link redirect failed; serving the page");
      return next();
    }
  };
}

/** A person's browser opening the page, not a preview, a prefetch or a script. */
function isClickThrough(c: Context): boolean {
  if (c.req.method !== "GET") return false;
  if (isAutomatedRequest((name) => c.req.header(name))) return false;
  return isTopLevelNavigation({
    mode: c.req.header("Sec-Fetch-Mode"),
    dest: c.req.header("Sec-Fetch-Dest"),
    site: c.req.header("Sec-Fetch-Site"),
    user: c.req.header("Sec-Fetch-User"),
    accept: c.req.header("Accept"),
  });
}

/**
 * Fetch-metadata browsers say so (`Sec-Fetch-Mode: navigate`, into a document rather
 * than a frame); older ones send no Sec-Fetch headers and ask for HTML.
 */
export function isTopLevelNavigation(headers: {
  mode?: string | undefined;
  dest?: string | undefined;
  site?: string | undefined;
  user?: string | undefined;
  accept?: string | undefined;
}): boolean {
  if (headers.mode !== undefined) {
    return (
      headers.mode === "navigate" && (headers.dest === undefined || headers.dest === "document")
    );
  }
  if (headers.dest !== undefined || headers.site !== undefined || headers.user !== undefined) {
    return false;
  }
  return (headers.accept ?? "").toLowerCase().includes("text/html");
}
