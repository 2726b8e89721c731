import path from "node:path";
import { attributionCookieForPage } from "@bakery/shared/attribution-record";
import { SPA_FALLBACK_FILE } from "@bakery/shared/build-files";
import type { Context } from "hono";
import { createEncodingPicker, etagOf, ifNoneMatchMatches } from "../http/encoded-body.ts";
import { movedPermanently } from "../http/moved-permanently.ts";
import { BuildCache, type MadePage } from "./build-cache.ts";
import { NOT_STORED, type PreparedFile, REVALIDATE } from "./prepared-file.ts";
import { addressOfPageFile, SPA_ROUTE_MATCHERS } from "./site-routes.ts";

/**
 * Serves the built web app (apps/web/build/client) on the local server, following the
 * same rules a CDN is given in production (docs/deploy.md):
 *   /                      → index.html
 *   /pricing (prerendered) → pricing/index.html
 *   /assets/*              → hashed files, cached for a year
 *   /to/:cat/:id           → to/_/_/index.html with 200, the short link's prerendered page
 *                            (the site's frame and a progress bar; the app resolves the link)
 *   /page/:handle          → __spa-fallback.html with 200 (the app loads the data), where
 *                            content-page-navigation.ts has not answered with the page itself
 *   /page-not-found        → its page with 404, not cached (ERROR_PAGES)
 *   /dashboard             → __spa-fallback.html with 200 (the team's dashboard, never prerendered)
 *   /dashboard/activity, /dashboard/pages…, /dashboard/team → the same (the back office)
 *   /to/not-found, /to/cannot-open, /to/ended → their pages with 404, not cached (ERROR_PAGES)
 *   anything else unknown  → 302 to /
 * (a browser opening a short link is answered before this handler: a 302 to its target, or
 * its problem page with 404, or 410 for an ended link, through answerPage; short-links/short-link-navigation.ts; and so
 * is a content page's address that has no page or moved: content-page-navigation.ts)
 *
 * A page opened from a campaign link (utm_source) or from another site also gets the visit's
 * attribution cookie (@bakery/shared/attribution-record): set by the server, it outlives the
 * 7 days Safari gives script-written storage.
 *
 * The rules are data (site-routes.ts); the files are held in memory, each read and compressed
 * once (build-cache.ts, prepared-file.ts); this module answers a request from them.
 */

/**
 * The attribution cookie this page request earns, if any. A TLS-ending proxy in front says
 * https in X-Forwarded-Proto; believing a forged one only makes the sender's own cookie
 * https-only.
 */
function attributionCookie(c: Context): string | undefined {
  const url = new URL(c.req.url);
  if (c.req.header("X-Forwarded-Proto")?.split(",")[0]?.trim() === "https") url.protocol = "https:";
  return attributionCookieForPage({
    url: url.href,
    referrer: c.req.header("Referer"),
    cookies: c.req.header("Cookie"),
    now: Date.now(),
  });
}

/** A response's ready-made headers, plus the cookie: private, so no shared cache keeps it. */
function withCookie(
  headers: Record<string, string>,
  cookie: string | undefined,
): Record<string, string> {
  if (!cookie) return headers;
  return { ...headers, "Cache-Control": `private, ${REVALIDATE}`, "Set-Cookie": cookie };
}

/**
 * The prerendered page at `pagePath` ("/to/not-found") as the answer to a request at another
 * address, with the page's own status (404 for ERROR_PAGES) or `status` when given (410 for
 * an ended short link); undefined when the build has no such page. It rejects when the page's
 * file can't be read: the caller decides what then (local-app.ts logs it and serves the app).
 */
export type AnswerPage = (
  c: Context,
  pagePath: string,
  status?: 404 | 410,
) => Promise<Response | undefined>;

export interface SiteHandlerOptions {
  /** The build output folder, e.g. apps/web/build/client. */
  root: string;
}

export function createSiteHandler(options: SiteHandlerOptions) {
  const cache = new BuildCache(options.root);
  const pickEncoding = createEncodingPicker();

  /** A file's answer, with its status (404 for the error pages). */
  function answer(c: Context, prepared: PreparedFile, statusOverride?: 404 | 410): Response {
    // Security headers (CSP, nosniff, framing…) and the request id are already on the
    // context (security/security-headers.ts): c.body keeps them without copying a response.
    const status = statusOverride ?? prepared.status;
    const cookie = prepared.isPage ? attributionCookie(c) : undefined;
    if (status === 200 && ifNoneMatchMatches(c.req.header("If-None-Match"), prepared.etag)) {
      return c.body(null, 304, withCookie(prepared.notModified, cookie));
    }
    const variant = prepared.variants[pickEncoding(c.req.header("Accept-Encoding"))];
    const headers = withCookie(variant.headers, cookie);
    if (c.req.method === "HEAD") return c.body(null, status, headers);
    return c.body(variant.body, status, headers);
  }

  /**
   * A page made from data (a content page filled in from the database, madePage), answered as
   * the build's pages are: 200, revalidated (ETag, 304), compressed, with the visit's
   * attribution cookie.
   */
  async function answerMadePage(c: Context, page: MadePage): Promise<Response> {
    return answer(c, await cache.preparedMadePage(page));
  }

  const answerPage: AnswerPage = async (c, pagePath, status) => {
    const prepared =
      cache.remembered(pagePath) ?? (await cache.lookUp(pagePath, cache.candidatesFor(pagePath)));
    return prepared ? answer(c, prepared, status) : undefined;
  };

  async function serveSite(c: Context): Promise<Response> {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") {
      return c.text("Method Not Allowed", 405, { Allow: "GET, HEAD" });
    }
    const urlPath = c.req.path;
    // The pages already answered come first: they never name a page's file (that is sent on
    // below, before any lookup could remember it), and they are nearly every request.
    const known = cache.remembered(urlPath);
    if (known) return answer(c, known);
    const pageAddress = addressOfPageFile(urlPath);
    if (pageAddress !== undefined) return movedPermanently(c, pageAddress);

    if (urlPath.startsWith("/assets/")) {
      const file = cache.fileFor(urlPath);
      const prepared = file ? await cache.lookUp(urlPath, [file]) : undefined;
      return prepared
        ? answer(c, prepared)
        : c.text("Not Found", 404, { "Cache-Control": NOT_STORED });
    }

    const candidates = cache.candidatesFor(urlPath);
    const spaPage = SPA_ROUTE_MATCHERS.find(({ regex }) => regex.test(urlPath))?.page;
    // A build without the route's own page still answers with the SPA fallback.
    if (spaPage)
      candidates.push(path.join(cache.root, spaPage), path.join(cache.root, SPA_FALLBACK_FILE));
    const prepared = await cache.lookUp(urlPath, candidates);
    if (prepared) return answer(c, prepared);

    if (urlPath === "/") {
      return c.text(
        `The web app has not been built yet (no ${path.join(cache.root, "index.html")}).\nRun: npm run build\n`,
        503,
        { "Cache-Control": NOT_STORED },
      );
    }
    // The query goes along: a mistyped campaign link keeps its attribution (utm_*).
    return c.redirect(`/${new URL(c.req.url).search}`, 302);
  }

  return Object.assign(serveSite, {
    answerPage,
    answerMadePage,
    buildFile: (name: string) => cache.buildFile(name),
    prepareAll: () => cache.prepareAll(),
  });
}

export type SiteHandler = ReturnType<typeof createSiteHandler>;

export type { MadePage };

export function madePage(html: string): MadePage {
  const bytes = new TextEncoder().encode(html);
  return { bytes, etag: etagOf(bytes) };
}
