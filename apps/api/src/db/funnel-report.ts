import {
  daysInRange,
  type FunnelCounts,
  type FunnelDay,
  type FunnelGroup,
  type FunnelQuery,
  type FunnelReport,
  type FunnelTotals,
  utcDay,
} from "@bakery/shared/admin-contract";
import { and, between, gte, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "./open-database.ts";
import { conversionEvents, landingCounts } from "./schema.ts";

const MS_PER_DAY = 86_400_000;

/** Every day of `from`..`to`, oldest first. */
export function daysOf(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: daysInRange(from, to) }, (_, i) =>
    utcDay(new Date(start + i * MS_PER_DAY)),
  );
}

const landingKeyColumn = {
  campaign: landingCounts.campaign,
  source: landingCounts.source,
  medium: landingCounts.medium,
} as const;

const conversionKeyColumn = {
  campaign: conversionEvents.utmCampaign,
  source: conversionEvents.utmSource,
  medium: conversionEvents.utmMedium,
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
 * and UTC day. Landings come from the per-day counts; conversions are counted from their
 * events, by the UTC day they were recorded. A missing utm value is the group `null`.
 */
export async function funnelReport(db: Database, query: FunnelQuery): Promise<FunnelReport> {
  const { from, to, by } = query;
  const landingKey = landingKeyColumn[by];
  const landingRows = await db
    .select({
      day: sql<string>`${landingCounts.day}::text`,
      key: landingKey,
      count: sql<number>`sum(${landingCounts.count})::int`,
    })
    .from(landingCounts)
    .where(between(landingCounts.day, from, to))
    .groupBy(landingCounts.day, landingKey);

  const conversionKey = conversionKeyColumn[by];
  const conversionDay = sql<string>`to_char(${conversionEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const conversionRows = await db
    .select({
      day: conversionDay,
      key: conversionKey,
      type: conversionEvents.type,
      count: sql<number>`count(*)::int`,
    })
    .from(conversionEvents)
    .where(
      and(
        inArray(conversionEvents.type, Object.keys(conversionCount)),
        gte(conversionEvents.createdAt, new Date(`${from}T00:00:00Z`)),
        lt(conversionEvents.createdAt, new Date(Date.parse(`${to}T00:00:00Z`) + MS_PER_DAY)),
      ),
    )
    .groupBy(conversionDay, conversionKey, conversionEvents.type);

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
