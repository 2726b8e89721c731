import { describe, expect, it } from "vitest";
import { mergeCounts } from "./daily-counts.ts";

describe("mergeCounts", () => {
  it("adds up the counts of rows whose other fields are equal, keeping the first order", () => {
    expect(
      mergeCounts([
        { day: "2026-03-01", campaign: "spring", count: 2 },
        { day: "2026-03-01", campaign: "", count: 1 },
        { day: "2026-03-01", campaign: "spring", count: 3 },
        { day: "2026-03-02", campaign: "spring", count: 1 },
      ]),
    ).toEqual([
      { day: "2026-03-01", campaign: "spring", count: 5 },
      { day: "2026-03-01", campaign: "", count: 1 },
      { day: "2026-03-02", campaign: "spring", count: 1 },
    ]);
  });

  it("leaves the rows it was given unchanged", () => {
    const rows = [
      { day: "2026-03-01", count: 1 },
      { day: "2026-03-01", count: 1 },
    ];
    mergeCounts(rows);
    expect(rows).toEqual([
      { day: "2026-03-01", count: 1 },
      { day: "2026-03-01", count: 1 },
    ]);
  });
});
