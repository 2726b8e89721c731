import { type ContentPage, type MovedResult, sitePathForPage } from "@bakery/shared/api-contract";
import type { Hono } from "hono";
import type { ApiDeps } from "../app.ts";
import { findContentPage } from "../db/content-pages.ts";
import { notFound } from "../http-errors.ts";
import { parseSlug } from "../validation.ts";

/** Pages change rarely and are the same for everyone: let browsers and CDNs keep them briefly. */
const PAGE_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=600";

export function registerContentPageRoutes(app: Hono, deps: ApiDeps): void {
  app.get("/p/:handle", async (c) => {
    const handle = parseSlug("handle", c.req.param("handle"));
    const page = await findContentPage(deps.db, handle);
    if (!page) throw notFound(`No page "${handle}"`);

    c.header("Cache-Control", PAGE_CACHE_CONTROL);
    if (page.renamedTo !== null) {
      // The body, not a Location header, carries the new place: fetch() would follow a
      // Location to an API path, while the browser app needs the SITE path to navigate to.
      const moved: MovedResult = { location: sitePathForPage(page.renamedTo) };
      return c.json(moved, 301);
    }

    const body: ContentPage = { title: page.title, subtitle: page.subtitle, content: page.html };
    const json = JSON.stringify(body);
    const etag = `"${await shortHash(json)}"`;
    c.header("ETag", etag);
    if (ifNoneMatchMatches(c.req.header("If-None-Match"), etag)) return c.body(null, 304);
    return c.body(json, 200, { "Content-Type": "application/json; charset=UTF-8" });
  });
}

async function shortHash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Buffer.from(digest).toString("base64url").slice(0, 27);
}

/** RFC 9110 weak comparison: `W/"x"` matches `"x"`, and `*` matches anything. */
function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
}
