import { lt, sql } from "drizzle-orm";
import type { Database } from "./open-database.ts";
import { rateLimits } from "./schema.ts";

export interface WindowCount {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Whole seconds until the current window ends (at least 1). */
  retryAfterSeconds: number;
}

/**
 * Counts one request of `client` in `bucket` for the current one-minute window, in one
 * atomic upsert, so any number of API instances share the same counters. Windows are
 * aligned to the database's clock, not each instance's.
 */
export async function countRequest(
  db: Database,
  bucket: string,
  client: string,
): Promise<WindowCount> {
  const [row] = await db
    .insert(rateLimits)
    .values({
      bucket,
      client,
      windowStart: sql`date_bin('60 seconds', now(), timestamptz 'epoch')`,
      count: 1,
    })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.client, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({
      count: rateLimits.count,
      retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from ${rateLimits.windowStart} + interval '60 seconds' - now())))::int`,
    });
  if (!row) throw new Error("rate limit upsert returned no row");
  return { count: row.count, retryAfterSeconds: Number(row.retryAfterSeconds) };
}

/** Deletes windows that ended more than a minute ago. Returns how many rows went. */
export async function deleteExpiredWindows(db: Database): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, sql`now() - interval '2 minutes'`))
    .returning({ bucket: rateLimits.bucket });
  return deleted.length;
}
