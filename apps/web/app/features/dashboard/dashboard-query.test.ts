import { describe, expect, it } from "vitest";
import { dashboardQuery, readDashboardView } from "./dashboard-query.ts";

const now = new Date("2026-11-23T10:00:00Z");
const read = (query: string) => readDashboardView(new URLSearchParams(query), now);

describe("readDashboardView", () => {
  it("opens the last 30 days by campaign without a query", () => {
    expect(read("")).toEqual({
      by: "campaign",
      choice: { preset: 30, range: { from: "2026-10-25", to: "2026-11-23" } },
    });
  });

  it("reads a preset, counted from today", () => {
    expect(read("days=7&by=source")).toEqual({
      by: "source",
      choice: { preset: 7, range: { from: "2026-11-17", to: "2026-11-23" } },
    });
  });

  it("reads a custom range", () => {
    expect(read("from=2026-01-01&to=2026-01-31&by=medium")).toEqual({
      by: "medium",
      choice: { preset: "custom", range: { from: "2026-01-01", to: "2026-01-31" } },
    });
  });

  it.each([
    "days=14",
    "from=2026-02-30&to=2026-03-01",
    "from=2026-03-02&to=2026-03-01",
    "by=device",
  ])("falls back to the defaults for %s", (query) => {
    expect(read(query)).toEqual(read(""));
  });
});

describe("dashboardQuery", () => {
  it("writes presets by their length and custom ranges by their days, and reads back alike", () => {
    for (const query of ["days=90&by=campaign", "from=2026-01-01&to=2026-01-31&by=source"]) {
      expect(dashboardQuery(read(query)).toString()).toBe(query);
    }
  });
});
