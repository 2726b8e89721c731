import { sitePathForLink } from "@bakery/shared/api-contract";
import { isScanQuery } from "@bakery/shared/scan-marker";
import {
  type ShortLinkOutcome,
  shortLinkProblemPath,
  shortLinkProblemPaths,
} from "@bakery/shared/short-link-outcome";
import type { Context, MiddlewareHandler } from "hono";
import { isAutomatedRequest } from "../http/automated-client.ts";
import { movedPermanently } from "../http/moved-permanently.ts";
import { parseSlug } from "../http/validation.ts";
import { requestClient } from "../limits/client-address.ts";
import type { AnswerPage } from "../site/serve-site.ts";
import {
  type FollowCounted,
  type FollowShortLinkDeps,
  followShortLink,
} from "./follow-short-link.ts";
import { tidyLinkAddress } from "./tidy-link-address.ts";

/**
 * A short link opened from a text message, in one round trip: a browser's top-level
 * navigation to /to/:cat/:id of a public link is answered with a 302 to its checked target
 * (the click counted), so it opens with no JavaScript at all (docs/decisions/0006). An
 * address with the QR code's scan marker (`?qr=1`) counts a scan instead (0024); the marker,
 * like any query, is not passed on to the target.
 *
 * What else the server knows it answers for every GET and HEAD, a person's or not
 * (a link preview, a crawler, a prefetch, a link checker), counting no click:
 * - an address with a trailing slash or with punctuation a text app stuck to its end
 *   (`/to/promo/spring/`, `/to/promo/spring.`): 301 to the clean address (tidyLinkAddress,
 *   query kept), answered the same way in turn. Mounted at /to/:cat/:id and at
 *   /to/:cat/:id/ (local-app.ts), so a link has one address and one answer whichever way
 *   it is written;
 * - a moved link: 301 to its new address (query kept), answered the same way in turn;
 * - an unknown or malformed link, or a target the allow-list no longer accepts (or another
 *   short link, stored before those were refused): the site's page saying so
 *   (shortLinkProblemPath), with 404, readable at the first paint with or without JavaScript;
 * - an expired link without a fallback: the site's page saying it has ended, with 410.
 *
 * Everything else falls through to the site handler, which serves the link's page (it asks
 * GET /api/redirect and goes): a public link for anything but a person's navigation (a
 * preview must not count as a click, and shows the page's title), links behind sign-in (the
 * page flow sends the visitor to sign in first), a build without the problem pages (the page
 * says so from the API's 404 or 410), and any failure here.
 *
 * A client over the `redirect` limit (counted inside followShortLink, shared with GET
 * /api/redirect) is not sent anywhere and its click is not counted: it gets the page too,
 * whose own request to /api/redirect is refused with 429, so the person sees the site's
 * error page saying how many seconds to wait, rather than a bare error from this route.
 */
export function shortLinkNavigation(
  deps: FollowShortLinkDeps & { answerPage: AnswerPage },
): MiddlewareHandler {
  return async (c, next) => {
    const tidy = tidyLinkAddress(c.req.param("cat") ?? "", c.req.param("id") ?? "", {
      trailingSlash: c.req.path.endsWith("/"),
    });
    if (tidy !== undefined) return movedPermanently(c, tidy);
    const byPerson = isClickThrough(c);
    const counted: FollowCounted = !byPerson
      ? "nothing"
      : isScanQuery(new URL(c.req.url).search)
        ? "scan"
        : "click";
    const outcome = await followedOnce(c, deps, counted);
    switch (outcome?.kind) {
      case "go":
        if (!byPerson) return next();
        // Every click must reach us to be counted: nothing may keep this answer.
        return c.body(null, 302, { Location: outcome.to, "Cache-Control": "no-store" });
      case "moved":
        return movedPermanently(c, sitePathForLink(outcome.cat, outcome.id));
      case "not-found":
        return (await deps.answerPage(c, shortLinkProblemPath(outcome))) ?? next();
      case "ended":
        return (await deps.answerPage(c, shortLinkProblemPaths.ended, 410)) ?? next();
      default:
        return next();
    }
  };
}

/**
 * The link followed for this request (followShortLink, counted as `count` says);
 * "not-found" for an address no link can have (a malformed slug), undefined when following
 * failed (the page flow then tries again).
 */
async function followedOnce(
  c: Context,
  deps: FollowShortLinkDeps,
  count: FollowCounted,
): Promise<ShortLinkOutcome | undefined> {
  let cat: string;
  let id: string;
  try {
    cat = parseSlug("cat", c.req.param("cat"));
    id = parseSlug("id", c.req.param("id"));
  } catch {
    return { kind: "not-found" };
  }
  try {
    const client = requestClient(c, deps.config.TRUST_PROXY);
    return await followShortLink(deps, { cat, id, client }, async () => false, { count });
  } catch (error) {
    deps.logger.warn({ err: error, cat, id }, "short link redirect failed; serving the page");
    return undefined;
  }
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
