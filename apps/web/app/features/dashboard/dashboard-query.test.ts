import { describe, expect, it } from "vitest";
import {
  dashboardQuery,
  readDashboardView,
  readLinkSearch,
  withLinkSearch,
} from "./dashboard-query.ts";

const now = new Date("2026-11-23T10:00:00Z");
const read = (query: string) => readDashboardView(new URLSearchParams(query), now).view;

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

describe("readDashboardView's unread settings", () => {
  const unread = (query: string) => readDashboardView(new URLSearchParams(query), now).unread;

  it("has nothing to say about a link it understood, or no settings at all", () => {
    for (const query of ["", "days=7&by=source", "from=2026-01-01&to=2026-01-31&by=medium"]) {
      expect(unread(query), query).toEqual([]);
    }
  });

  it("names each setting it left out, in words", () => {
    expect(unread("days=abc&by=foo")).toEqual([
      '"by=foo": the funnel is grouped by campaign, source, medium.',
      '"days=abc": the ranges are the last 7, 30, 90 days.',
    ]);
    expect(unread("from=2026-11-23&to=2026-11-01")).toEqual([
      "The range from the link: The last day must be on or after the first.",
    ]);
    expect(unread("from=junk")).toEqual([
      "The range from the link: Enter a real day, like 2026-03-01. Enter the last day of the range.",
    ]);
  });

  it("says so when the link also names a preset, which wins", () => {
    expect(unread("days=7&from=2026-11-01&to=2026-11-05")).toEqual([
      '"from" and "to": the link also asks for the last 7 days, shown here.',
    ]);
    expect(read("days=7&from=2026-11-01&to=2026-11-05").choice.preset).toBe(7);
  });

  it("says so when a setting is given twice, and reads the first", () => {
    expect(unread("days=7&days=90")).toEqual([
      '"days" is given more than once: the first is read.',
    ]);
    expect(read("days=7&days=90").choice.preset).toBe(7);
    expect(unread("search=rye&search=spelt")).toEqual([
      '"search" is given more than once: the first is read.',
    ]);
    expect(readLinkSearch(new URLSearchParams("search=rye&search=spelt"))).toBe("rye");
  });
});

describe("dashboardQuery", () => {
  it("writes presets by their length and custom ranges by their days, and reads back alike", () => {
    for (const query of ["days=90&by=campaign", "from=2026-01-01&to=2026-01-31&by=source"]) {
      expect(dashboardQuery(read(query)).toString()).toBe(query);
    }
  });
});

describe("the links search in the address", () => {
  it("is kept beside the view's settings, as typed, and read back", () => {
    const query = withLinkSearch(dashboardQuery(read("days=7&by=source")), "Spring sale & more");
    expect(query.toString()).toBe("days=7&by=source&search=Spring+sale+%26+more");
    expect(readLinkSearch(query)).toBe("Spring sale & more");
    expect(read(query.toString())).toEqual(read("days=7&by=source"));
    expect(readDashboardView(query, now).unread).toEqual([]);
  });

  it("leaves the address when it is blank", () => {
    const query = new URLSearchParams("days=7&by=source&search=rye");
    expect(withLinkSearch(query, "  ").toString()).toBe("days=7&by=source");
    expect(readLinkSearch(new URLSearchParams("days=7"))).toBe("");
    expect(query.toString()).toBe("days=7&by=source&search=rye");
  });
});
