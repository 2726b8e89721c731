import { utcDay } from "@bakery/shared/admin-contract";
import type { ConversionEvent } from "@bakery/shared/api-contract";
import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import { addToStoredCount, mergeCounts } from "./daily-counts.ts";
import type { Database } from "./open-database.ts";
import { conversionCounts, conversionEvents } from "./schema.ts";

const orNull = (value: string | undefined) => (value ? value : null);

type ConversionRow = typeof conversionEvents.$inferInsert & { createdAt: Date };

/**
 * Stores conversions and adds them to the per-day counts the funnel reads, in one
 * transaction. A row whose provider event id is already stored is skipped, and not
 * counted again. Returns how many were new.
 */
export async function addConversions(
  db: Database,
  rows: readonly ConversionRow[],
): Promise<number> {
  if (rows.length === 0) return 0;
  return db.transaction(async (tx) => {
    const added = await tx
      .insert(conversionEvents)
      .values([...rows])
      .onConflictDoNothing({ target: conversionEvents.stripeEventId })
      .returning({
        type: conversionEvents.type,
        source: conversionEvents.utmSource,
        medium: conversionEvents.utmMedium,
        campaign: conversionEvents.utmCampaign,
        createdAt: conversionEvents.createdAt,
      });
    const counts = mergeCounts(
      added.map((row) => ({
        day: utcDay(row.createdAt),
        type: row.type,
        source: row.source ?? "",
        medium: row.medium ?? "",
        campaign: row.campaign ?? "",
        count: 1,
      })),
    );
    if (counts.length > 0) {
      await tx
        .insert(conversionCounts)
        .values(counts)
        .onConflictDoUpdate({
          target: [
            conversionCounts.day,
            conversionCounts.type,
            conversionCounts.source,
            conversionCounts.medium,
            conversionCounts.campaign,
          ],
          set: addToStoredCount(conversionCounts.count),
        });
    }
    return added.length;
  });
}

const attributionColumns = (attribution: ConversionEvent["attribution"]) => ({
  utmSource: orNull(attribution?.utms),
  utmMedium: orNull(attribution?.utmm),
  utmCampaign: orNull(attribution?.utmc),
});

/** Stores one conversion seen now; empty utm values become NULL so "none" groups together. */
export async function recordConversionEvent(db: Database, event: ConversionEvent): Promise<void> {
  await addConversions(db, [
    {
      type: event.type,
      ...attributionColumns(event.attribution),
      landing: event.landing,
      createdAt: new Date(),
    },
  ]);
}

/**
 * Stores a checkout the payment provider reported as completed at `at`, once per provider
 * event: a delivery of the same event again adds nothing. Says whether it was new.
 */
export async function recordCheckoutCompleted(
  db: Database,
  checkout: { stripeEventId: string; attribution: ConversionEvent["attribution"]; at: Date },
): Promise<boolean> {
  const added = await addConversions(db, [
    {
      type: "checkout_completed",
      ...attributionColumns(checkout.attribution),
      stripeEventId: checkout.stripeEventId,
      createdAt: checkout.at,
    },
  ]);
  return added > 0;
}

export interface AttributionCount {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  count: number;
}

export interface LandingCount {
  landing: string | null;
  count: number;
}

export interface AttributionReport {
  total: number;
  bySource: AttributionCount[];
  byLanding: LandingCount[];
}

/** Conversions of `type` since `since`, grouped by utm source/medium/campaign and by landing page, most first. */
export async function attributionReport(
  db: Database,
  type: ConversionEvent["type"],
  since: Date,
): Promise<AttributionReport> {
  const matching = and(eq(conversionEvents.type, type), gte(conversionEvents.createdAt, since));
  const events = count();
  const bySource = await db
    .select({
      source: conversionEvents.utmSource,
      medium: conversionEvents.utmMedium,
      campaign: conversionEvents.utmCampaign,
      count: events,
    })
    .from(conversionEvents)
    .where(matching)
    .groupBy(conversionEvents.utmSource, conversionEvents.utmMedium, conversionEvents.utmCampaign)
    .orderBy(
      desc(events),
      sql`${conversionEvents.utmSource} nulls last`,
      sql`${conversionEvents.utmMedium} nulls last`,
      sql`${conversionEvents.utmCampaign} nulls last`,
    );
  const byLanding = await db
    .select({ landing: conversionEvents.landing, count: events })
    .from(conversionEvents)
    .where(matching)
    .groupBy(conversionEvents.landing)
    .orderBy(desc(events), sql`${conversionEvents.landing} nulls last`);
  return {
    total: bySource.reduce((sum, row) => sum + row.count, 0),
    bySource,
    byLanding,
  };
}
