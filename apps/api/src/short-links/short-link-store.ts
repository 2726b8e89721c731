import type { Logger } from "pino";
import type { ServerConfig } from "../config.ts";
import { DatabaseTimeoutError, withDeadline } from "../db/database-availability.ts";
import type { Database } from "../db/open-database.ts";
import { createShortLivedCache } from "../http/short-lived-cache.ts";
import {
  addShortLinkCounts,
  findShortLink,
  linkKey,
  type ShortLinkCounts,
} from "./short-link-queries.ts";

/** What following a link needs to know about it. */
export interface StoredShortLink {
  target: string;
  signInRequired: boolean;
  /** "cat/id" of its new place when the link was moved, else null. */
  movedTo: string | null;
  /** From this instant the link goes to `fallback`, or has ended when there is none. */
  expiresAt: Date | null;
  fallback: string | null;
}

export interface ShortLinkStore {
  /** The link `cat/id` as stored (read through a short-lived cache), or undefined. */
  find(cat: string, id: string): Promise<StoredShortLink | undefined>;
  /** Counts one click on `cat/id`; resolves at once when clicks are batched. */
  countClick(cat: string, id: string): Promise<void>;
  /** Counts one scan of the QR code of `cat/id` (docs/decisions/0024), batched like clicks. */
  countScan(cat: string, id: string): Promise<void>;
  /** Writes the clicks and scans counted so far now (also runs every `flushEveryMs`). */
  flush(): Promise<void>;
  /** Stops the periodic flush, after a last one. */
  close(): Promise<void>;
}

/**
 * How long an instance reuses a link it read. An operator's change (move, removal,
 * sign-in) reaches every instance within this time; a busy link costs one query per
 * interval instead of one per click.
 */
export const SHORT_LINK_CACHE_MS = 2_000;

/** How often an instance writes the clicks (and scans) it counted, all in one transaction. */
export const CLICK_FLUSH_MS = 1_000;

/**
 * Short links as the redirect paths see them, fast: reads come from a per-instance cache
 * of a few seconds, and clicks and scans are counted in memory and added to the database in one
 * batched transaction every CLICK_FLUSH_MS. Shutdown flushes before the database closes,
 * so a graceful stop loses no click; a crash loses the clicks of the last interval, and a
 * write that times out (a hung database) gives its clicks up rather than risk counting
 * them twice.
 * `flushEveryMs: 0` writes each click before countClick resolves (tests read counts at once).
 */
export function createShortLinkStore(deps: {
  db: Database;
  logger: Logger;
  config: Pick<ServerConfig, "DATABASE_TIMEOUT_MS">;
  cacheMs?: number;
  flushEveryMs?: number;
}): ShortLinkStore {
  const deadline = deps.config.DATABASE_TIMEOUT_MS;
  const flushEveryMs = deps.flushEveryMs ?? CLICK_FLUSH_MS;
  const cache = createShortLivedCache<StoredShortLink>({
    ttlMs: deps.cacheMs ?? SHORT_LINK_CACHE_MS,
    maxEntries: 1024,
  });
  let pending = new Map<string, ShortLinkCounts>();
  let flushing: Promise<void> = Promise.resolve();

  async function write(): Promise<void> {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    try {
      await withDeadline(() => addShortLinkCounts(deps.db, [...batch.values()]), deadline);
    } catch (error) {
      // A write that ran out of time rolls back, unless its COMMIT was already on its way
      // (open-database.ts), and then adding it again would count its clicks twice: those are
      // given up. Any other failure means none of it happened (one transaction), so the clicks
      // wait for the next flush: an outage delays counts, it doesn't lose them.
      if (error instanceof DatabaseTimeoutError) throw error;
      for (const [key, count] of batch) {
        const later = pending.get(key);
        pending.set(
          key,
          later
            ? { ...count, clicks: count.clicks + later.clicks, scans: count.scans + later.scans }
            : count,
        );
      }
      throw error;
    }
  }

  function flush(): Promise<void> {
    // One write at a time, so two batches of one link never race each other.
    const done = flushing.then(write);
    flushing = done.catch((error: unknown) => {
      deps.logger.warn({ err: error, links: pending.size }, "could not write short-link clicks");
    });
    return done;
  }

  function count(cat: string, id: string, kind: "clicks" | "scans"): Promise<void> {
    const key = linkKey(cat, id);
    const counts = pending.get(key) ?? { cat, id, clicks: 0, scans: 0 };
    counts[kind] += 1;
    pending.set(key, counts);
    return flushEveryMs > 0 ? Promise.resolve() : flush();
  }

  const timer =
    flushEveryMs > 0 ? setInterval(() => void flush().catch(() => {}), flushEveryMs) : undefined;
  timer?.unref();

  return {
    find(cat, id) {
      return cache.get(linkKey(cat, id), async () => {
        const row = await withDeadline(() => findShortLink(deps.db, cat, id), deadline);
        return (
          row && {
            target: row.target,
            signInRequired: row.signInRequired,
            movedTo: row.movedTo,
            expiresAt: row.expiresAt,
            fallback: row.fallback,
          }
        );
      });
    },
    countClick: (cat, id) => count(cat, id, "clicks"),
    countScan: (cat, id) => count(cat, id, "scans"),
    flush,
    async close() {
      clearInterval(timer);
      try {
        await flush();
      } catch (error) {
        deps.logger.error(
          { err: error, clicks: [...pending.values()] },
          "short-link clicks lost at shutdown",
        );
      }
    },
  };
}
