import { MS_PER_DAY, utcDay } from "@bakery/shared/admin-contract";
import { and, count, eq, isNull, lt, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Logger } from "pino";
import type { Database } from "../db/open-database.ts";
import {
  attributionNames,
  campaignLandingCounts,
  checkoutSessions,
  demoBookings,
  landingCounts,
  shortLinkClicksByDay,
  visitReferences,
} from "../db/schema.ts";
import { attributionDimensions } from "./attribution-budget.ts";

/** Rows removed from each table by one prune. */
export interface PrunedRows {
  landingCounts: number;
  campaignLandingCounts: number;
  demoBookings: number;
  checkoutSessions: number;
  visitReferences: number;
  attributionNames: number;
  shortLinkClicksByDay: number;
}

/**
 * The UTC day before which rows are removed: a day's rows are kept for `retentionDays` days
 * after it.
 */
export function retentionCutoffDay(now: Date, retentionDays: number): string {
  return utcDay(new Date(now.getTime() - retentionDays * MS_PER_DAY));
}

/**
 * Deletes the marketing data older than the retention period (decision 0023), in one
 * transaction: counts, bookings and paid checkouts by their day, a checkout never paid and a
 * visit reference by when they were stored, short-link clicks by day. A registered name goes
 * once it is that old and no kept landing count carries it: a name still in use would
 * otherwise come back as new and take a place in that day's budget of new names.
 */
export async function pruneOldCounts(
  db: Database,
  { retentionDays, now }: { retentionDays: number; now: Date },
): Promise<PrunedRows> {
  const cutoffDay = retentionCutoffDay(now, retentionDays);
  const cutoff = new Date(`${cutoffDay}T00:00:00Z`);
  return db.transaction(async (tx) => {
    const removed = {
      landingCounts: await deleteCounting(tx, landingCounts, lt(landingCounts.day, cutoffDay)),
      campaignLandingCounts: await deleteCounting(
        tx,
        campaignLandingCounts,
        lt(campaignLandingCounts.day, cutoffDay),
      ),
      demoBookings: await deleteCounting(tx, demoBookings, lt(demoBookings.day, cutoffDay)),
      checkoutSessions: await deleteCounting(
        tx,
        checkoutSessions,
        or(
          lt(checkoutSessions.day, cutoffDay),
          and(isNull(checkoutSessions.day), lt(checkoutSessions.createdAt, cutoff)),
        ),
      ),
      visitReferences: await deleteCounting(
        tx,
        visitReferences,
        lt(visitReferences.createdAt, cutoff),
      ),
      attributionNames: 0,
      shortLinkClicksByDay: await deleteCounting(
        tx,
        shortLinkClicksByDay,
        lt(shortLinkClicksByDay.day, cutoffDay),
      ),
    };
    // After the landing counts, so only the names of the counts kept stay.
    for (const dimension of attributionDimensions) {
      removed.attributionNames += await deleteCounting(
        tx,
        attributionNames,
        and(
          eq(attributionNames.dimension, dimension),
          lt(attributionNames.firstDay, cutoffDay),
          notInArray(
            attributionNames.name,
            tx.select({ name: campaignLandingCounts[dimension] }).from(campaignLandingCounts),
          ),
        ),
      );
    }
    return removed;
  });
}

/** Deletes `table`'s rows matching `where`; returns how many, without reading them back. */
async function deleteCounting(db: Database, table: PgTable, where: SQL | undefined) {
  const deleted = db
    .$with("deleted")
    .as(db.delete(table).where(where).returning({ one: sql<number>`1` }));
  const [row] = await db.with(deleted).select({ rows: count() }).from(deleted);
  return row?.rows ?? 0;
}

/** How often the server prunes: daily, like the days the data is kept by. */
export const PRUNE_EVERY_MS = MS_PER_DAY;

/**
 * Prunes now and then every PRUNE_EVERY_MS while the server runs, logging what it removed. The
 * timer never keeps the process alive; stop() clears it and waits for a prune under way, so the
 * database is closed after it.
 */
export function schedulePruning({
  db,
  logger,
  retentionDays,
}: {
  db: Database;
  logger: Logger;
  retentionDays: number;
}): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const prune = () => {
    running ??= pruneOldCounts(db, { retentionDays, now: new Date() })
      .then((removed) =>
        logger.info({ removed, retentionDays }, "marketing data past retention pruned"),
      )
      .catch((error: unknown) => logger.error({ err: error }, "pruning the marketing data failed"))
      .finally(() => {
        running = undefined;
      });
  };
  prune();
  const timer = setInterval(prune, PRUNE_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
