import { utcDay } from "@bakery/shared/admin-contract";
import type { LandingEvent } from "@bakery/shared/api-contract";
import { addToStoredCount, mergeCounts } from "./daily-counts.ts";
import type { Database } from "./open-database.ts";
import { campaignLandingCounts, landingCounts } from "./schema.ts";

/** Landings of one UTC day, source, medium, campaign ("" for none) and landing page. */
export interface LandingCount {
  day: string;
  source: string;
  medium: string;
  campaign: string;
  landing: string;
  count: number;
}

/**
 * Adds landings to the per-day counts: the full ones (with the landing page) and the
 * per-campaign ones the funnel reads, in one transaction so the two always agree.
 */
export async function addLandingCounts(
  db: Database,
  counts: readonly LandingCount[],
): Promise<void> {
  if (counts.length === 0) return;
  const byCampaign = mergeCounts(counts.map(({ landing: _landing, ...count }) => count));
  await db.transaction(async (tx) => {
    await tx
      .insert(landingCounts)
      .values(mergeCounts(counts))
      .onConflictDoUpdate({
        target: [
          landingCounts.day,
          landingCounts.source,
          landingCounts.medium,
          landingCounts.campaign,
          landingCounts.landing,
        ],
        set: addToStoredCount(landingCounts.count),
      });
    await tx
      .insert(campaignLandingCounts)
      .values(byCampaign)
      .onConflictDoUpdate({
        target: [
          campaignLandingCounts.day,
          campaignLandingCounts.source,
          campaignLandingCounts.medium,
          campaignLandingCounts.campaign,
        ],
        set: addToStoredCount(campaignLandingCounts.count),
      });
  });
}

/** Adds one landing to today's (UTC) counts for its source, medium, campaign and page. */
export async function recordLanding(db: Database, event: LandingEvent): Promise<void> {
  await addLandingCounts(db, [
    {
      day: utcDay(new Date()),
      source: event.attribution.utms,
      medium: event.attribution.utmm,
      campaign: event.attribution.utmc,
      landing: event.landing,
      count: 1,
    },
  ]);
}
