import type { Logger } from "pino";
import type { ServerConfig } from "../config.ts";
import { withDeadline } from "../db/database-availability.ts";
import type { Database } from "../db/open-database.ts";
import { addRequestCounts, deleteExpiredWindows, ROWS_PER_STATEMENT } from "./rate-limit-store.ts";

/** Limits count requests per fixed one-minute window of the wall clock. */
const WINDOW_MS = 60_000;

/**
 * How often an instance adds its new counts to the shared table and reads back the
 * totals. It bounds how far several instances together can overshoot a limit (below).
 */
export const RATE_LIMIT_SYNC_MS = 1_000;

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one request of `client` in `bucket`, and says whether it is within `perMinute`. */
  hit(bucket: string, client: string, perMinute: number): RateLimitDecision;
  /** Shares the counts made since the last sync now (also runs every RATE_LIMIT_SYNC_MS). */
  sync(): Promise<void>;
  /** Stops the periodic sync, after a last one. */
  close(): Promise<void>;
}

interface Counter {
  bucket: string;
  client: string;
  windowStart: number;
  /** The shared total at this counter's last sync: every instance's requests, this one's included. */
  shared: number;
  /** This instance's requests since then. */
  unsynced: number;
}

/**
 * Per-client fixed-window limits, counted in this instance's memory and shared through
 * the `rate_limits` table (decision 9). A request never waits for the database: within
 * one instance the count is exact, and every RATE_LIMIT_SYNC_MS each instance adds its
 * new counts to the shared rows (one statement per thousand clients) and learns the
 * totals, so the limit holds across instances too.
 *
 * The bound: an instance learns what the others counted only at its own next sync, so
 * with N instances a client can get past the limit by at most what it sends to each
 * instance within one sync interval (and never more than N × the limit in a window).
 * Counts not yet shared when an instance crashes are lost: at most one interval's worth.
 */
export function createRateLimiter(deps: {
  db: Database;
  logger: Logger;
  config: Pick<ServerConfig, "DATABASE_TIMEOUT_MS">;
  syncEveryMs?: number;
  now?: () => number;
}): RateLimiter {
  const now = deps.now ?? Date.now;
  const counters = new Map<string, Counter>();
  let lastCleanup = 0;
  let syncing: Promise<void> = Promise.resolve();

  async function share(): Promise<void> {
    const time = now();
    const currentWindow = time - (time % WINDOW_MS);
    const batch: Array<{ counter: Counter; added: number }> = [];
    for (const [key, counter] of counters) {
      // A window that ended limits nobody any more, so its unshared requests no longer matter.
      if (counter.windowStart < currentWindow) counters.delete(key);
      else if (counter.unsynced > 0) batch.push({ counter, added: counter.unsynced });
    }
    // One statement per ROWS_PER_STATEMENT counters, each recorded as it lands: when a later
    // one fails, the counts that landed are not sent again, and only the rest wait for the
    // next sync. So every request is added to the shared rows once.
    for (let start = 0; start < batch.length; start += ROWS_PER_STATEMENT) {
      const chunk = batch.slice(start, start + ROWS_PER_STATEMENT);
      const totals = await withDeadline(
        () =>
          addRequestCounts(
            deps.db,
            chunk.map(({ counter, added }) => ({
              bucket: counter.bucket,
              client: counter.client,
              windowStart: new Date(counter.windowStart),
              added,
            })),
          ),
        deps.config.DATABASE_TIMEOUT_MS,
      );
      const totalOf = new Map(totals.map((row) => [keyOf(row.bucket, row.client), row.count]));
      for (const { counter, added } of chunk) {
        // Requests counted while the statement ran stay unsynced for the next round.
        counter.unsynced -= added;
        counter.shared = totalOf.get(keyOf(counter.bucket, counter.client)) ?? counter.shared;
      }
    }
    if (currentWindow > lastCleanup) {
      // Once a minute per instance, so the table stays small without a cron job.
      lastCleanup = currentWindow;
      await withDeadline(() => deleteExpiredWindows(deps.db), deps.config.DATABASE_TIMEOUT_MS);
    }
  }

  function sync(): Promise<void> {
    syncing = syncing.then(share).catch((error: unknown) => {
      // The counts stay in memory and go with the next sync; the limit still holds locally.
      // (After a timeout the statement may still land and they count twice: only stricter.)
      deps.logger.warn({ err: error }, "could not share rate-limit counts");
    });
    return syncing;
  }

  const timer = setInterval(sync, deps.syncEveryMs ?? RATE_LIMIT_SYNC_MS);
  timer.unref();

  return {
    hit(bucket, client, perMinute) {
      const time = now();
      const windowStart = time - (time % WINDOW_MS);
      const key = keyOf(bucket, client);
      let counter = counters.get(key);
      if (counter?.windowStart !== windowStart) {
        counter = { bucket, client, windowStart, shared: 0, unsynced: 0 };
        counters.set(key, counter);
      }
      // Refused requests count too: a client hammering one instance is over the limit on all.
      counter.unsynced += 1;
      if (counter.shared + counter.unsynced <= perMinute) return { allowed: true };
      const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - time) / 1000));
      return { allowed: false, retryAfterSeconds };
    },
    sync,
    close() {
      clearInterval(timer);
      return sync();
    },
  };
}

const keyOf = (bucket: string, client: string) => `${bucket}\n${client}`;
