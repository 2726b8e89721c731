import {
  daysOf,
  FUNNEL_TOP_GROUPS,
  type FunnelCounts,
  type FunnelDay,
  type FunnelQuery,
  type FunnelReport,
  type FunnelTotals,
} from "@bakery/shared/admin-contract";
import { and, between, eq, isNotNull, isNull, ne, type SQLWrapper, sql } from "drizzle-orm";
import type { Database } from "../db/open-database.ts";
import { campaignLandingCounts, checkoutSessions, demoBookings } from "../db/schema.ts";
import { OTHER_NAME } from "./attribution-budget.ts";

export interface FunnelOptions {
  /** Whether bookings the browser reported and the provider has not confirmed count (config). */
  browserBookingsCount: boolean;
}

/** One row of the report's query: a top group, a day's totals, or how many groups there are. */
interface ReportRow extends FunnelCounts {
  kind: "group" | "day" | "groupCount";
  /** The group's name ("" for none), or the day (YYYY-MM-DD). */
  key: string;
  /** For "groupCount": how many groups (names) the range has, OTHER_NAME left out. */
  groupCount: number;
}

const countFields = ["landings", "demosBooked", "demosConfirmed", "checkoutsCompleted"] as const;

const zero = (): FunnelCounts => ({
  landings: 0,
  demosBooked: 0,
  demosConfirmed: 0,
  checkoutsCompleted: 0,
});

function withRates(counts: FunnelCounts): FunnelTotals {
  const rate = (part: number) => (counts.landings > 0 ? part / counts.landings : null);
  return {
    ...counts,
    bookingRate: rate(counts.demosBooked),
    checkoutRate: rate(counts.checkoutsCompleted),
  };
}

const countsOf = (row: FunnelCounts): FunnelCounts => {
  const counts = zero();
  addCounts(counts, row);
  return counts;
};

function addCounts(total: FunnelCounts, row: FunnelCounts, sign: 1 | -1 = 1): void {
  for (const field of countFields) total[field] += sign * row[field];
}

/**
 * Landings, booked demos and paid checkouts per group (campaign, source or medium) over the
 * range's UTC days: the top FUNNEL_TOP_GROUPS groups by landings (then bookings and checkouts,
 * then name, "none" last), everything else summed as "Other" (with the landings the daily budget
 * of new names counted under OTHER_NAME), and the totals of each day. The grouping, ranking and
 * cut are done by the database in one statement, so the answer and the work left here stay the
 * same size however many names the counts hold (decision 0023).
 *
 * Landings come from the per-day counts, demos from the bookings (not canceled; confirmed by the
 * scheduling provider, or any when `browserBookingsCount`), sign-ups from the checkout sessions
 * paid and not failed, by the UTC day they were paid. A name stored as "" is the group `null`.
 */
export async function funnelReport(
  db: Database,
  query: FunnelQuery,
  { browserBookingsCount }: FunnelOptions,
): Promise<FunnelReport> {
  const facts = funnelFacts(db, query, browserBookingsCount);

  const grouped = db.$with("grouped").as(
    db
      .select({
        key: facts.key,
        landings: sql<number>`sum(${facts.landings})::int`.as("landings"),
        demosBooked: sql<number>`sum(${facts.demos})::int`.as("demos_booked"),
        demosConfirmed: sql<number>`sum(${facts.confirmed})::int`.as("demos_confirmed"),
        checkoutsCompleted: sql<number>`sum(${facts.checkouts})::int`.as("checkouts_completed"),
      })
      .from(facts)
      .groupBy(facts.key),
  );
  // Most landings first, then most conversions, then by name (code point order, the same on
  // every database), none last. The database keeps only the top rows while it sorts.
  const ranking = (
    row: Record<"landings" | "demosBooked" | "checkoutsCompleted" | "key", SQLWrapper>,
  ) => [
    sql`${row.landings} desc`,
    sql`${row.demosBooked} + ${row.checkoutsCompleted} desc`,
    sql`${row.key} = ''`,
    sql`${row.key} collate "C"`,
  ];
  const report = db.$with("report").as(
    db
      .select({
        kind: sql<ReportRow["kind"]>`'group'`.as("kind"),
        key: grouped.key,
        landings: grouped.landings,
        demosBooked: grouped.demosBooked,
        demosConfirmed: grouped.demosConfirmed,
        checkoutsCompleted: grouped.checkoutsCompleted,
        groupCount: sql<number>`0`.as("group_count"),
      })
      .from(grouped)
      .where(ne(grouped.key, OTHER_NAME))
      .orderBy(...ranking(grouped))
      .limit(FUNNEL_TOP_GROUPS)
      .unionAll(
        // "Other" sums the groups past the top ones, and OTHER_NAME's landings.
        db
          .select({
            kind: sql<ReportRow["kind"]>`'groupCount'`.as("kind"),
            key: sql<string>`''`.as("key"),
            landings: sql<number>`0`.as("landings"),
            demosBooked: sql<number>`0`.as("demos_booked"),
            demosConfirmed: sql<number>`0`.as("demos_confirmed"),
            checkoutsCompleted: sql<number>`0`.as("checkouts_completed"),
            groupCount:
              sql<number>`(count(*) filter (where ${grouped.key} <> ${OTHER_NAME}))::int`.as(
                "group_count",
              ),
          })
          .from(grouped),
      )
      .unionAll(
        db
          .select({
            kind: sql<ReportRow["kind"]>`'day'`.as("kind"),
            key: sql<string>`${facts.day}::text`.as("key"),
            landings: sql<number>`sum(${facts.landings})::int`.as("landings"),
            demosBooked: sql<number>`sum(${facts.demos})::int`.as("demos_booked"),
            demosConfirmed: sql<number>`sum(${facts.confirmed})::int`.as("demos_confirmed"),
            checkoutsCompleted: sql<number>`sum(${facts.checkouts})::int`.as("checkouts_completed"),
            groupCount: sql<number>`0`.as("group_count"),
          })
          .from(facts)
          .groupBy(facts.day),
      ),
  );
  const rows: ReportRow[] = await db
    .with(facts, grouped, report)
    .select({
      kind: report.kind,
      key: report.key,
      landings: report.landings,
      demosBooked: report.demosBooked,
      demosConfirmed: report.demosConfirmed,
      checkoutsCompleted: report.checkoutsCompleted,
      groupCount: report.groupCount,
    })
    .from(report)
    // A union keeps no order: the top groups are put back in theirs (a few dozen rows).
    .orderBy(sql`${report.kind} = 'group' desc`, ...ranking(report));

  return assembleReport(query, rows);
}

/**
 * Every count of the range as (day, name, landings, demos, confirmed, checkouts) rows: the
 * landings, the bookings that count and the paid checkout sessions, each summed per day and name.
 */
function funnelFacts(db: Database, query: FunnelQuery, browserBookingsCount: boolean) {
  const { from, to, by } = query;
  // Each source summed per day and name first: the usual counts (many rows a day for a few
  // names) then put far fewer rows together (decision 0023 has the measurements).
  return db.$with("facts").as(
    db
      .select({
        day: sql<string>`${campaignLandingCounts.day}`.as("day"),
        key: sql<string>`${campaignLandingCounts[by]}`.as("key"),
        landings: sql<number>`sum(${campaignLandingCounts.count})::int`.as("landings"),
        demos: sql<number>`0`.as("demos"),
        confirmed: sql<number>`0`.as("confirmed"),
        checkouts: sql<number>`0`.as("checkouts"),
      })
      .from(campaignLandingCounts)
      .where(between(campaignLandingCounts.day, from, to))
      .groupBy(campaignLandingCounts.day, campaignLandingCounts[by])
      .unionAll(
        db
          .select({
            day: sql<string>`${demoBookings.day}`.as("day"),
            key: sql<string>`${demoBookings[by]}`.as("key"),
            landings: sql<number>`0`.as("landings"),
            demos: sql<number>`count(*)::int`.as("demos"),
            confirmed: sql<number>`(count(*) filter (where ${demoBookings.confirmed}))::int`.as(
              "confirmed",
            ),
            checkouts: sql<number>`0`.as("checkouts"),
          })
          .from(demoBookings)
          .where(
            and(
              between(demoBookings.day, from, to),
              isNull(demoBookings.canceledAt),
              browserBookingsCount ? undefined : eq(demoBookings.confirmed, true),
            ),
          )
          .groupBy(demoBookings.day, demoBookings[by]),
      )
      .unionAll(
        db
          .select({
            day: sql<string>`${checkoutSessions.day}`.as("day"),
            key: sql<string>`${checkoutSessions[by]}`.as("key"),
            landings: sql<number>`0`.as("landings"),
            demos: sql<number>`0`.as("demos"),
            confirmed: sql<number>`0`.as("confirmed"),
            checkouts: sql<number>`count(*)::int`.as("checkouts"),
          })
          .from(checkoutSessions)
          .where(
            and(
              between(checkoutSessions.day, from, to),
              isNotNull(checkoutSessions.paidAt),
              isNull(checkoutSessions.failedAt),
            ),
          )
          .groupBy(checkoutSessions.day, checkoutSessions[by]),
      ),
  );
}

/** The report from its rows: the days' totals, the top groups, and what is left as "Other". */
function assembleReport(query: FunnelQuery, rows: readonly ReportRow[]): FunnelReport {
  const { from, to, by } = query;
  const days = daysOf(from, to).map((day): FunnelDay => ({ day, ...zero() }));
  const dayIndex = new Map(days.map((day, i) => [day.day, i]));
  const totals = zero();
  for (const row of rows.filter((row) => row.kind === "day")) {
    const day = days[dayIndex.get(row.key) ?? -1];
    if (!day) continue;
    addCounts(day, row);
    addCounts(totals, row);
  }
  const groups = rows.filter((row) => row.kind === "group");
  const groupCount = rows.find((row) => row.kind === "groupCount")?.groupCount ?? 0;
  const other = countsOf(totals);
  for (const group of groups) addCounts(other, group, -1);
  const hasOther = groups.length < groupCount || countFields.some((field) => other[field] > 0);
  return {
    from,
    to,
    by,
    groups: groups.map((row) => ({ key: row.key || null, ...withRates(countsOf(row)) })),
    other: hasOther ? { ...withRates(other), groupCount: groupCount - groups.length } : null,
    totals: withRates(totals),
    days,
  };
}
