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

/** PostgreSQL allows 65,535 parameters per statement; four per row leaves ample room. */
const ROWS_PER_STATEMENT = 1_000;

/**
 * Adds each instance-local count to its window's shared row, creating the row if needed,
 * in atomic upserts (one per thousand rows), and returns every row's new total, so any
 * number of API instances add up to the same counters.
 */
export async function addRequestCounts(
  db: Database,
  counts: readonly RequestCount[],
): Promise<Array<{ bucket: string; client: string; count: number }>> {
  const totals: Array<{ bucket: string; client: string; count: number }> = [];
  for (let start = 0; start < counts.length; start += ROWS_PER_STATEMENT) {
    const rows = counts.slice(start, start + ROWS_PER_STATEMENT);
    totals.push(
      ...(await db
        .insert(rateLimits)
        .values(
          rows.map((row) => ({
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
        })),
    );
  }
  return totals;
}

/** Deletes windows that ended more than a minute ago. Returns how many rows went. */
export async function deleteExpiredWindows(db: Database): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, sql`now() - interval '2 minutes'`))
    .returning({ bucket: rateLimits.bucket });
  return deleted.length;
}
