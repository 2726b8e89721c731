import { utcDay } from "@bakery/shared/admin-contract";
import type { LandingEvent } from "@bakery/shared/api-contract";
import type { Database } from "../db/open-database.ts";
import { campaignLandingCounts, landingCounts } from "../db/schema.ts";
import { type NewNameBudget, namesWithinBudget } from "./attribution-budget.ts";
import { addToStoredCount, mergeCounts } from "./daily-counts.ts";
import { saveVisitReference } from "./visit-references.ts";

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
  await db.transaction((tx) => writeLandingCounts(tx, counts));
}

async function writeLandingCounts(db: Database, counts: readonly LandingCount[]): Promise<void> {
  const byCampaign = mergeCounts(counts.map(({ landing: _landing, ...count }) => count));
  await db
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
  await db
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
}

/**
 * Counts one landing under today's (UTC) day, its page and its names (a name past the day's
 * budget of new names under "Other", attribution-budget.ts), and keeps its visit reference with
 * the exact names: a booking or checkout that carries the reference is credited to them, not
 * to "Other". All in one transaction, so a landing is counted, registered and referenced, or
 * not at all.
 */
export async function recordLanding(
  db: Database,
  event: LandingEvent,
  budget: NewNameBudget,
  now: Date = new Date(),
): Promise<void> {
  const day = utcDay(now);
  const names = {
    source: event.attribution.utms,
    medium: event.attribution.utmm,
    campaign: event.attribution.utmc,
  };
  await db.transaction(async (tx) => {
    const counted = await namesWithinBudget(tx, names, day, budget);
    await writeLandingCounts(tx, [{ day, ...counted, landing: event.landing, count: 1 }]);
    if (event.ref) await saveVisitReference(tx, event.ref, names);
  });
}
