import { type ContentPage, type MovedResult, sitePathForPage } from "@bakery/shared/api-contract";
import type { Hono } from "hono";
import type { ApiDeps } from "../api-deps.ts";
import { findContentPage } from "../db/content-pages.ts";
import { databaseDeadline } from "../db/database-availability.ts";
import {
  compress,
  createEncodingPicker,
  etagOf,
  ifNoneMatchMatches,
  MIN_COMPRESS_BYTES,
} from "../http/encoded-body.ts";
import { notFound } from "../http/errors.ts";
import { createShortLivedCache } from "../http/short-lived-cache.ts";
import { parseSlug } from "../validation.ts";

/** Pages change rarely and are the same for everyone: let browsers and CDNs keep them briefly. */
const PAGE_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=600";

/**
 * How long one API instance reuses a page it has read. Far below the minute browsers and
 * CDNs may keep it anyway (PAGE_CACHE_CONTROL), so an operator's edit is not noticeably
 * slower to show, while a busy page costs one query per few seconds instead of one per view.
 */
export const CONTENT_PAGE_CACHE_MS = 5_000;

type PageAnswer =
  | { status: 301; moved: MovedResult }
  | {
      status: 200;
      /** The JSON body, encoded once rather than on every answer. */
      json: Uint8Array<ArrayBuffer>;
      etag: string;
      /** Compressed forms, made on first demand and kept as long as the answer. */
      encoded: Partial<Record<"br" | "gzip", Promise<Buffer>>>;
    };

export function registerContentPageRoutes(app: Hono, deps: ApiDeps): void {
  const query = databaseDeadline(deps.config.DATABASE_TIMEOUT_MS);
  const cache = createShortLivedCache<PageAnswer>({
    ttlMs: deps.contentPageCacheMs ?? CONTENT_PAGE_CACHE_MS,
    maxEntries: 256,
  });

  async function loadAnswer(handle: string): Promise<PageAnswer | undefined> {
    const page = await query(findContentPage(deps.db, handle));
    if (!page) return undefined;
    if (page.renamedTo !== null) {
      // The body, not a Location header, carries the new place: fetch() would follow a
      // Location to an API path, while the browser app needs the SITE path to navigate to.
      return { status: 301, moved: { location: sitePathForPage(page.renamedTo) } };
    }
    const body: ContentPage = { title: page.title, subtitle: page.subtitle, content: page.html };
    const json = Buffer.from(JSON.stringify(body));
    return { status: 200, json, etag: etagOf(json), encoded: {} };
  }

  const pickEncoding = createEncodingPicker();

  app.get("/p/:handle", async (c) => {
    const handle = parseSlug("handle", c.req.param("handle"));
    const answer = await cache.get(handle, () => loadAnswer(handle));
    if (!answer) throw notFound(`No page "${handle}"`);

    // A move is not kept anywhere: an operator who renames a page and renames it back
    // must not leave visitors bouncing between two cached answers.
    if (answer.status === 301) return c.json(answer.moved, 301, { "Cache-Control": "no-store" });
    c.header("Cache-Control", PAGE_CACHE_CONTROL);

    c.header("ETag", answer.etag);
    if (ifNoneMatchMatches(c.req.header("If-None-Match"), answer.etag)) return c.body(null, 304);
    const headers: Record<string, string> = { "Content-Type": "application/json; charset=UTF-8" };
    if (answer.json.byteLength < MIN_COMPRESS_BYTES) return c.body(answer.json, 200, headers);

    headers.Vary = "Accept-Encoding";
    const encoding = pickEncoding(c.req.header("Accept-Encoding"));
    if (encoding === "identity") return c.body(answer.json, 200, headers);
    // Quality 9: a page changes more often than a build file and is compressed on demand.
    answer.encoded[encoding] ??= compress(answer.json, encoding, 9);
    const compressed = await answer.encoded[encoding];
    headers["Content-Encoding"] = encoding;
    return c.body(new Uint8Array(compressed), 200, headers);
  });
}
