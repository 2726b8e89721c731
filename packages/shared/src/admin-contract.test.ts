import { describe, expect, it } from "vitest";
import {
  daysInRange,
  funnelQuerySchema,
  isCalendarDay,
  linksQuerySchema,
} from "./admin-contract.ts";

describe("isCalendarDay", () => {
  it.each(["2026-01-01", "2024-02-29", "2026-12-31", "0001-01-01"])("accepts %s", (day) => {
    expect(isCalendarDay(day)).toBe(true);
  });
  it.each([
    "2026-02-30",
    "2025-02-29",
    "2026-1-1",
    "20260101",
    "2026-01-01T00:00:00Z",
    "",
    "0000-01-01",
  ])("refuses %j", (day) => {
    expect(isCalendarDay(day)).toBe(false);
  });
});

describe("funnelQuerySchema", () => {
  it("defaults the grouping to campaign", () => {
    expect(funnelQuerySchema.parse({ from: "2026-03-01", to: "2026-03-07" })).toEqual({
      from: "2026-03-01",
      to: "2026-03-07",
      by: "campaign",
    });
  });

  it("accepts a one-day range and a 366-day range", () => {
    expect(daysInRange("2026-03-01", "2026-03-01")).toBe(1);
    expect(funnelQuerySchema.safeParse({ from: "2026-03-01", to: "2026-03-01" }).success).toBe(
      true,
    );
    expect(funnelQuerySchema.safeParse({ from: "2024-01-01", to: "2024-12-31" }).success).toBe(
      true,
    );
  });

  it.each([
    [{ from: "2026-03-08", to: "2026-03-01" }, "must be the same day as from, or later"],
    [{ from: "2024-01-01", to: "2025-01-01" }, "the range must be at most 366 days"],
    [{ from: "2026-03-01", to: "2026-03-07", by: "country" }, "must be campaign, source or medium"],
    [{ from: "yesterday", to: "2026-03-07" }, "must be a calendar day written YYYY-MM-DD"],
  ])("refuses %j with a clear message", (query, message) => {
    const result = funnelQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message).join("; ")).toContain(message);
  });
});

describe("linksQuerySchema", () => {
  it("checks the range like the funnel", () => {
    expect(linksQuerySchema.safeParse({ from: "2026-03-01", to: "2026-03-30" }).success).toBe(true);
    expect(linksQuerySchema.safeParse({ from: "2026-03-30", to: "2026-03-01" }).success).toBe(
      false,
    );
  });
});
