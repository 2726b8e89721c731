import { type AnyColumn, and, count, desc, gte, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/open-database.ts";
import { demoBookings } from "../db/schema.ts";

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

/** A name stored as "" means none. */
const nameOrNull = (column: AnyColumn) => sql<string | null>`nullif(${column}, '')`;

/**
 * Booked demos recorded since `since`, by source / medium / campaign and by landing page, most
 * first: the bookings the dashboard counts as "demos booked" — not canceled, and, where the
 * scheduling provider's signed webhook is the record (`browserBookingsCount` false), confirmed by it.
 */
export async function attributionReport(
  db: Database,
  since: Date,
  options: { browserBookingsCount: boolean },
): Promise<AttributionReport> {
  const counted: SQL | undefined = and(
    isNull(demoBookings.canceledAt),
    gte(demoBookings.createdAt, since),
    options.browserBookingsCount ? undefined : sql`${demoBookings.confirmed}`,
  );
  const bookings = count();
  const source = nameOrNull(demoBookings.source);
  const medium = nameOrNull(demoBookings.medium);
  const campaign = nameOrNull(demoBookings.campaign);
  const bySource = await db
    .select({ source, medium, campaign, count: bookings })
    .from(demoBookings)
    .where(counted)
    .groupBy(source, medium, campaign)
    .orderBy(
      desc(bookings),
      sql`${source} nulls last`,
      sql`${medium} nulls last`,
      sql`${campaign} nulls last`,
    );
  const byLanding = await db
    .select({ landing: demoBookings.landing, count: bookings })
    .from(demoBookings)
    .where(counted)
    .groupBy(demoBookings.landing)
    .orderBy(desc(bookings), sql`${demoBookings.landing} nulls last`);
  return {
    total: bySource.reduce((sum, row) => sum + row.count, 0),
    bySource,
    byLanding,
  };
}
