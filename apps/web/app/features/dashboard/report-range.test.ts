import { describe, expect, it } from "vitest";
import { checkCustomRange, describeRange, presetRange } from "./report-range.ts";

const now = new Date("2026-11-23T00:30:00Z");

describe("presetRange", () => {
  it.each([
    [7, "2026-11-17"],
    [30, "2026-10-25"],
    [90, "2026-08-26"],
  ])("covers the last %i days with today, in UTC", (days, from) => {
    expect(presetRange(days, now)).toEqual({ from, to: "2026-11-23" });
  });

  it("counts days in UTC, not the browser's zone, across a month end", () => {
    expect(presetRange(7, new Date("2026-03-03T23:59:59Z"))).toEqual({
      from: "2026-02-25",
      to: "2026-03-03",
    });
  });
});

describe("checkCustomRange", () => {
  it("accepts a range of one day and one of 366 days", () => {
    expect(checkCustomRange("2026-11-01", "2026-11-01", now)).toEqual({
      ok: true,
      range: { from: "2026-11-01", to: "2026-11-01" },
    });
    expect(checkCustomRange("2024-01-01", "2024-12-31", now).ok).toBe(true);
  });

  it("names each missing or unreal day", () => {
    expect(checkCustomRange("", "2026-02-30", now)).toEqual({
      ok: false,
      errors: {
        from: "Enter the first day of the range.",
        to: "Enter a real day, like 2026-03-31.",
      },
    });
  });

  it("refuses a range that ends before it starts, or starts after today", () => {
    expect(checkCustomRange("2026-11-10", "2026-11-09", now)).toEqual({
      ok: false,
      errors: { to: "The last day must be on or after the first." },
    });
    expect(checkCustomRange("2026-11-24", "2026-11-30", now)).toMatchObject({
      ok: false,
      errors: { from: "The range can't start after today." },
    });
  });

  it("refuses a range that ends after today: days to come have no visits yet", () => {
    expect(checkCustomRange("2026-11-01", "2026-11-24", now)).toEqual({
      ok: false,
      errors: { to: "The range can't end after today." },
    });
    expect(checkCustomRange("2026-11-01", "2026-11-23", now).ok).toBe(true);
  });

  it("refuses more than 366 days, saying how many were chosen", () => {
    expect(checkCustomRange("2025-01-01", "2026-01-02", now)).toEqual({
      ok: false,
      errors: { to: "Choose at most 366 days; this range has 367." },
    });
  });
});

it("describes a range in words", () => {
  expect(describeRange({ from: "2026-11-01", to: "2026-11-23" })).toBe("1 Nov 2026 – 23 Nov 2026");
});
