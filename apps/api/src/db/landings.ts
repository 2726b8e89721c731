import type { LandingEvent } from "@bakery/shared/api-contract";
import { sql } from "drizzle-orm";
import type { Database } from "./open-database.ts";
import { landingCounts } from "./schema.ts";

/** Adds one landing to today's (UTC) count for its source, medium, campaign and page. */
export async function recordLanding(db: Database, event: LandingEvent): Promise<void> {
  await db
    .insert(landingCounts)
    .values({
      day: sql`(now() at time zone 'UTC')::date`,
      source: event.attribution.utms,
      medium: event.attribution.utmm,
      campaign: event.attribution.utmc,
      landing: event.landing,
      count: 1,
    })
    .onConflictDoUpdate({
      target: [
        landingCounts.day,
        landingCounts.source,
        landingCounts.medium,
        landingCounts.campaign,
        landingCounts.landing,
      ],
      set: { count: sql`${landingCounts.count} + 1` },
    });
}
