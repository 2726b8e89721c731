import type { Hono } from "hono";
import type { ApiDeps } from "../api-deps.ts";
import {
  compress,
  createEncodingPicker,
  ifNoneMatchMatches,
  MIN_COMPRESS_BYTES,
} from "../http/encoded-body.ts";
import { notFound } from "../http/errors.ts";
import { parseSlug } from "../http/validation.ts";

/** Pages change rarely and are the same for everyone: let browsers and CDNs keep them briefly. */
const PAGE_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=600";

export function registerContentPageRoutes(app: Hono, deps: ApiDeps): void {
  const pickEncoding = createEncodingPicker();

  app.get("/p/:handle", async (c) => {
    const handle = parseSlug("handle", c.req.param("handle"));
    const answer = await deps.contentPages.find(handle);
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
