import { lt, sql } from "drizzle-orm";
import type { Database } from "../db/open-database.ts";
import { rateLimits } from "../db/schema.ts";

export interface RequestCount {
  bucket: string;
  client: string;
  windowStart: Date;
  /** Requests to add to the window's shared count. */
  added: number;
}

/**
 * The most counts one statement adds. PostgreSQL allows 65,535 parameters per statement;
 * four per row leaves ample room.
 */
export const ROWS_PER_STATEMENT = 1_000;

/**
 * Adds each instance-local count to its window's shared row, creating the row if needed,
 * in one atomic upsert, and returns every row's new total, so any number of API instances
 * add up to the same counters. Takes at most ROWS_PER_STATEMENT counts: a caller with more
 * sends them in several calls and records each one's totals as it lands.
 */
export async function addRequestCounts(
  db: Database,
  counts: readonly RequestCount[],
): Promise<Array<{ bucket: string; client: string; count: number }>> {
  if (counts.length > ROWS_PER_STATEMENT) {
    throw new RangeError(
      `At most ${ROWS_PER_STATEMENT} counts per statement, not ${counts.length}`,
    );
  }
  if (counts.length === 0) return [];
  return db
    .insert(rateLimits)
    .values(
      counts.map((row) => ({
        bucket: row.bucket,
        client: row.client,
        windowStart: row.windowStart,
        count: row.added,
      })),
    )
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.client, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + excluded.count` },
    })
    .returning({
      bucket: rateLimits.bucket,
      client: rateLimits.client,
      count: rateLimits.count,
    });
}

/** Deletes windows that ended more than a minute ago. Returns how many rows went. */
export async function deleteExpiredWindows(db: Database): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, sql`now() - interval '2 minutes'`))
    .returning({ bucket: rateLimits.bucket });
  return deleted.length;
}
