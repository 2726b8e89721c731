import { describe, expect, it } from "vitest";
import { UsageError } from "./cli-errors.ts";
import { sinceArg } from "./validate-input.ts";

const now = new Date("2026-06-15T12:00:00Z");

describe("sinceArg", () => {
  it.each([
    ["30d", "2026-05-16T12:00:00.000Z"],
    ["1d", "2026-06-14T12:00:00.000Z"],
    ["12h", "2026-06-15T00:00:00.000Z"],
    ["2026-01-01", "2026-01-01T00:00:00.000Z"],
    ["2026-06-15", "2026-06-15T00:00:00.000Z"],
  ])("reads %s", (value, expected) => {
    expect(sinceArg("--since", value, now).toISOString()).toBe(expected);
  });

  it.each([
    ["", /number of days or hours/],
    ["30", /number of days or hours/],
    ["30m", /number of days or hours/],
    ["-3d", /number of days or hours/],
    ["1.5d", /number of days or hours/],
    ["0h", /at least 1h/],
    ["2026-02-30", /number of days or hours/],
    ["2026-13-01", /number of days or hours/],
    ["01/02/2026", /number of days or hours/],
    ["2026-06-16", /in the future/],
    ["99999d", /ten years/],
    ["2000-01-01", /ten years/],
  ])("refuses %j", (value, message) => {
    expect(() => sinceArg("--since", value, now)).toThrow(UsageError);
    expect(() => sinceArg("--since", value, now)).toThrow(message);
  });
});
