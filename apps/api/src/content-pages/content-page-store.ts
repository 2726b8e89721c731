import type { ContentPage, MovedResult } from "@bakery/shared/api-contract";
import { sitePathForPage } from "@bakery/shared/content-page-address";
import type { ServerConfig } from "../config.ts";
import { databaseDeadline } from "../db/database-availability.ts";
import type { Database } from "../db/open-database.ts";
import { etagOf } from "../http/encoded-body.ts";
import { createShortLivedCache } from "../http/short-lived-cache.ts";
import { findContentPage } from "./content-page-queries.ts";

/**
 * How long one instance reuses a page it has read. Far below the minute browsers and
 * CDNs may keep the API's answer anyway (content-pages/content-page-routes.ts), so an operator's edit is
 * not noticeably slower to show, while a busy page costs one query per few seconds instead
 * of one per view.
 */
export const CONTENT_PAGE_CACHE_MS = 5_000;

/** A stored page as the API answers it, prepared once per read. */
export type StoredPageAnswer =
  /** The page was renamed: `moved.location` is the site path of its new place. */
  | { status: 301; moved: MovedResult }
  | {
      status: 200;
      /** The page, for the site's answer at its address (content-page-document.ts). */
      page: ContentPage;
      /** The JSON body, encoded once rather than on every answer. */
      json: Uint8Array<ArrayBuffer>;
      etag: string;
      /** Compressed forms, made on first demand and kept as long as the answer. */
      encoded: Partial<Record<"br" | "gzip", Promise<Buffer>>>;
    };

export interface ContentPageStore {
  /**
   * The page `handle` (a parsed slug) as the API answers it, read through a short-lived
   * cache; undefined when there is no such page. Rejects when the database can't answer.
   */
  find(handle: string): Promise<StoredPageAnswer | undefined>;
  /**
   * Drops what this instance keeps of the page `handle`, once a write to it has committed, so
   * its next reader gets the change at once. Other instances see it within the cache's time.
   */
  forget(handle: string): void;
}

/**
 * Content pages as both of their readers see them, from one cache: GET /api/p/:handle
 * (content-pages/content-page-routes.ts) and the site's answer at /page/:handle, which says 404 or 301
 * before any script runs (content-page-navigation.ts).
 */
export function createContentPageStore(deps: {
  db: Database;
  config: Pick<ServerConfig, "DATABASE_TIMEOUT_MS">;
  /** Default CONTENT_PAGE_CACHE_MS; tests that change pages between requests use 0. */
  cacheMs?: number;
}): ContentPageStore {
  const query = databaseDeadline(deps.config.DATABASE_TIMEOUT_MS);
  const cache = createShortLivedCache<StoredPageAnswer>({
    ttlMs: deps.cacheMs ?? CONTENT_PAGE_CACHE_MS,
    maxEntries: 256,
  });

  async function load(handle: string): Promise<StoredPageAnswer | undefined> {
    const page = await query(() => findContentPage(deps.db, handle));
    if (!page) return undefined;
    if (page.renamedTo !== null) {
      // The body, not a Location header, carries the new place: fetch() would follow a
      // Location to an API path, while the browser app needs the SITE path to navigate to.
      return { status: 301, moved: { location: sitePathForPage(page.renamedTo) } };
    }
    const body: ContentPage = { title: page.title, subtitle: page.subtitle, content: page.html };
    const json = Buffer.from(JSON.stringify(body));
    return { status: 200, page: body, json, etag: etagOf(json), encoded: {} };
  }

  return {
    find: (handle) => cache.get(handle, () => load(handle)),
    forget: (handle) => cache.forget(handle),
  };
}
