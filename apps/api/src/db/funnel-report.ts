import {
  daysOf,
  type FunnelCounts,
  type FunnelDay,
  type FunnelGroup,
  type FunnelQuery,
  type FunnelReport,
  type FunnelTotals,
} from "@bakery/shared/admin-contract";
import { and, between, inArray, sql } from "drizzle-orm";
import type { Database } from "./open-database.ts";
import { campaignLandingCounts, conversionCounts } from "./schema.ts";

const landingKeyColumn = {
  campaign: campaignLandingCounts.campaign,
  source: campaignLandingCounts.source,
  medium: campaignLandingCounts.medium,
} as const;

const conversionKeyColumn = {
  campaign: conversionCounts.campaign,
  source: conversionCounts.source,
  medium: conversionCounts.medium,
} as const;

const conversionCount = {
  demo_booked: "demosBooked",
  checkout_completed: "checkoutsCompleted",
} as const satisfies Record<string, keyof FunnelCounts>;

const zero = (): FunnelCounts => ({ landings: 0, demosBooked: 0, checkoutsCompleted: 0 });

function withRates(counts: FunnelCounts): FunnelTotals {
  const rate = (part: number) => (counts.landings > 0 ? part / counts.landings : null);
  return {
    ...counts,
    bookingRate: rate(counts.demosBooked),
    checkoutRate: rate(counts.checkoutsCompleted),
  };
}

function sum(days: readonly FunnelCounts[]): FunnelCounts {
  const total = zero();
  for (const day of days) {
    total.landings += day.landings;
    total.demosBooked += day.demosBooked;
    total.checkoutsCompleted += day.checkoutsCompleted;
  }
  return total;
}

/**
 * Landings, booked demos and completed checkouts per group (campaign, source or medium)
 * and UTC day, summed from the per-day counts kept beside the landings and conversions
 * (a conversion's day is the UTC day it happened). A missing utm value is the group `null`.
 */
export async function funnelReport(db: Database, query: FunnelQuery): Promise<FunnelReport> {
  const { from, to, by } = query;
  const landingKey = landingKeyColumn[by];
  const landingRows = await db
    .select({
      day: sql<string>`${campaignLandingCounts.day}::text`,
      key: landingKey,
      count: sql<number>`sum(${campaignLandingCounts.count})::int`,
    })
    .from(campaignLandingCounts)
    .where(between(campaignLandingCounts.day, from, to))
    .groupBy(campaignLandingCounts.day, landingKey);

  const conversionKey = conversionKeyColumn[by];
  const conversionRows = await db
    .select({
      day: sql<string>`${conversionCounts.day}::text`,
      key: conversionKey,
      type: conversionCounts.type,
      count: sql<number>`sum(${conversionCounts.count})::int`,
    })
    .from(conversionCounts)
    .where(
      and(
        between(conversionCounts.day, from, to),
        inArray(conversionCounts.type, Object.keys(conversionCount)),
      ),
    )
    .groupBy(conversionCounts.day, conversionKey, conversionCounts.type);

  const days = daysOf(from, to);
  const dayIndex = new Map(days.map((day, i) => [day, i]));
  const groups = new Map<string | null, FunnelDay[]>();
  const daysOfGroup = (key: string | null) => {
    let counts = groups.get(key);
    if (!counts) {
      counts = days.map((day) => ({ day, ...zero() }));
      groups.set(key, counts);
    }
    return counts;
  };
  for (const row of landingRows) {
    const day = daysOfGroup(row.key || null)[dayIndex.get(row.day) ?? -1];
    if (day) day.landings += row.count;
  }
  for (const row of conversionRows) {
    const field = conversionCount[row.type as keyof typeof conversionCount];
    const day = daysOfGroup(row.key || null)[dayIndex.get(row.day) ?? -1];
    if (day && field) day[field] += row.count;
  }

  const report: FunnelGroup[] = [...groups].map(([key, groupDays]) => ({
    key,
    ...withRates(sum(groupDays)),
    days: groupDays,
  }));
  report.sort(
    (a, b) =>
      b.landings - a.landings ||
      b.demosBooked + b.checkoutsCompleted - (a.demosBooked + a.checkoutsCompleted) ||
      (a.key ?? "\uffff").localeCompare(b.key ?? "\uffff"),
  );
  const totalDays = days.map((day, i) => ({
    day,
    ...sum(report.map((group) => group.days[i] ?? zero())),
  }));
  return { from, to, by, groups: report, totals: withRates(sum(totalDays)), days: totalDays };
}
