import type { Context } from "hono";

/**
 * 301 to the site path `path` with the request's query (a campaign's UTM tags survive),
 * never stored: what moved (a short link, a content page) may be put back or moved again.
 */
export function movedPermanently(c: Context, path: string): Response {
  return c.body(null, 301, {
    Location: `${path}${new URL(c.req.url).search}`,
    "Cache-Control": "no-store",
  });
}
