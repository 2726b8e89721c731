import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * `rows` with the same fields (all but `count`) merged into one row with their counts
 * added: one upsert statement may not touch the same row twice.
 */
export function mergeCounts<Row extends { count: number }>(rows: Iterable<Row>): Row[] {
  const merged = new Map<string, Row>();
  for (const row of rows) {
    const { count, ...fields } = row;
    const key = JSON.stringify(fields);
    const same = merged.get(key);
    if (same) same.count += count;
    else merged.set(key, { ...row });
  }
  return [...merged.values()];
}

/** An upsert's `set` that adds the incoming count to the stored one. */
export const addToStoredCount = (stored: PgColumn): { count: SQL } => ({
  count: sql`${stored} + excluded.count`,
});
