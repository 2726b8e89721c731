import type { FunnelReport, FunnelTotals } from "@bakery/shared/admin-contract";
import { describe, expect, it } from "vitest";
import { funnelRows, otherRowNote } from "./funnel-rows.ts";

function totals(landings: number, demosBooked = 0, demosConfirmed = 0): FunnelTotals {
  return {
    landings,
    demosBooked,
    demosConfirmed,
    checkoutsCompleted: 0,
    bookingRate: landings ? demosBooked / landings : null,
    checkoutRate: landings ? 0 : null,
  };
}

function report(other: FunnelReport["other"]): FunnelReport {
  return {
    from: "2026-11-01",
    to: "2026-11-30",
    by: "campaign",
    groups: [
      { key: "spring", ...totals(10, 2, 1) },
      { key: null, ...totals(4) },
    ],
    other,
    totals: totals(20, 2, 1),
    days: [],
  };
}

describe("funnelRows", () => {
  it("names each group, with visits without one under its own words", () => {
    const { groups } = funnelRows(report(null));
    expect(groups.map((row) => [row.label, row.key, row.demosConfirmed])).toEqual([
      ["spring", "spring", 1],
      ["No campaign", null, 0],
    ]);
  });

  it("gives every row a key of its own, whatever the groups are called", () => {
    const rows = funnelRows({
      ...report({ ...totals(6), groupCount: 3 }),
      groups: [
        { key: "other", ...totals(1) },
        { key: "total", ...totals(1) },
        { key: "none", ...totals(1) },
        { key: null, ...totals(1) },
      ],
    });
    const ids = [...rows.groups, rows.other, rows.total].map((row) => row?.id);
    expect(new Set(ids).size).toBe(6);
  });

  it("sums what the report does not name in an Other row, saying how many groups it holds", () => {
    const { other, total } = funnelRows(report({ ...totals(6, 1, 1), groupCount: 12 }));
    expect(other).toMatchObject({
      label: "Other (12 more)",
      key: null,
      landings: 6,
      demosConfirmed: 1,
    });
    expect(total).toMatchObject({ label: "Total", key: null, landings: 20 });
  });

  it("calls it plain Other when it holds only landings past the day's limit of new names", () => {
    expect(funnelRows(report({ ...totals(3), groupCount: 0 })).other?.label).toBe("Other");
  });

  it("has no Other row when the report names every group", () => {
    expect(funnelRows(report(null)).other).toBeUndefined();
  });
});

describe("otherRowNote", () => {
  it("says what Other holds, in the grouping's words", () => {
    expect(otherRowNote("medium")).toBe(
      "Other adds up the mediums past the 50 with the most landings, and the visits under new names that came after the day's limit of new names.",
    );
  });
});
