import {
  FUNNEL_TOP_GROUPS,
  type FunnelGrouping,
  type FunnelReport,
  type FunnelTotals,
} from "@bakery/shared/admin-contract";

/** One line of the funnel table: a group, the "Other" row or the total. */
export type FunnelRow = FunnelTotals & {
  /** Unique among the table's rows (a group's key may be anything, or null). */
  id: string;
  /** The group's name, sorted by; null for the rows that are not one group. */
  key: string | null;
  /** What the first cell says. */
  label: string;
};

export const groupingNames: Record<
  FunnelGrouping,
  { column: string; plural: string; none: string }
> = {
  campaign: { column: "Campaign", plural: "campaigns", none: "No campaign" },
  source: { column: "Source", plural: "sources", none: "No source" },
  medium: { column: "Medium", plural: "mediums", none: "No medium" },
};

/**
 * The funnel's lines: the named groups (sorted by the table), the "Other" row summing what the
 * report does not name, kept after them, and the total. Other's count is of groups: landings
 * the daily budget folded into it have no group of their own.
 */
export function funnelRows(report: FunnelReport): {
  groups: FunnelRow[];
  other: FunnelRow | undefined;
  total: FunnelRow;
} {
  const names = groupingNames[report.by];
  const groups = report.groups.map((group) => ({
    ...group,
    id: group.key === null ? "none" : `group:${group.key}`,
    // A visit from a plain link has a source but an empty campaign and medium.
    label: group.key || names.none,
  }));
  const other = report.other && {
    ...report.other,
    id: "other",
    key: null,
    label: report.other.groupCount > 0 ? `Other (${report.other.groupCount} more)` : "Other",
  };
  return {
    groups,
    other: other ?? undefined,
    total: { ...report.totals, id: "total", key: null, label: "Total" },
  };
}

/** What the "Other" row holds, said under the table. */
export function otherRowNote(by: FunnelGrouping): string {
  return `Other adds up the ${groupingNames[by].plural} past the ${FUNNEL_TOP_GROUPS} with the most landings, and the visits under new names that came after the day's limit of new names.`;
}
