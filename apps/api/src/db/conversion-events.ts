import type { ConversionEvent } from "@bakery/shared/api-contract";
import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import type { Database } from "./open-database.ts";
import { conversionEvents } from "./schema.ts";

const orNull = (value: string | undefined) => (value ? value : null);

const attributionColumns = (attribution: ConversionEvent["attribution"]) => ({
  utmSource: orNull(attribution?.utms),
  utmMedium: orNull(attribution?.utmm),
  utmCampaign: orNull(attribution?.utmc),
});

/** Stores one conversion; empty utm values become NULL so "none" groups together. */
export async function recordConversionEvent(db: Database, event: ConversionEvent): Promise<void> {
  await db.insert(conversionEvents).values({
    type: event.type,
    ...attributionColumns(event.attribution),
    landing: event.landing,
  });
}

/**
 * Stores a checkout the payment provider reported as completed at `at`, once per provider
 * event: a delivery of the same event again adds nothing. Says whether it was new.
 */
export async function recordCheckoutCompleted(
  db: Database,
  checkout: { stripeEventId: string; attribution: ConversionEvent["attribution"]; at: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(conversionEvents)
    .values({
      type: "checkout_completed",
      ...attributionColumns(checkout.attribution),
      stripeEventId: checkout.stripeEventId,
      createdAt: checkout.at,
    })
    .onConflictDoNothing({ target: conversionEvents.stripeEventId })
    .returning({ id: conversionEvents.id });
  return inserted.length > 0;
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
