import {
  daysInRange,
  isCalendarDay,
  MAX_REPORT_DAYS,
  MS_PER_DAY,
  utcDay,
} from "@bakery/shared/admin-contract";

/** The days a report covers, both ends included, in UTC (the API's calendar). */
export type ReportRange = { from: string; to: string };

export const rangePresets = [
  { days: 7, label: "Last 7 days" },
  { days: 30, label: "Last 30 days" },
  { days: 90, label: "Last 90 days" },
] as const;
export type PresetDays = (typeof rangePresets)[number]["days"];

/** The last `days` days ending today (UTC), today included. */
export function presetRange(days: number, now: Date): ReportRange {
  return { from: utcDay(new Date(now.getTime() - (days - 1) * MS_PER_DAY)), to: utcDay(now) };
}

export type CustomRangeCheck =
  | { ok: true; range: ReportRange }
  | { ok: false; errors: { from?: string; to?: string } };

/**
 * Checks the custom from/to a person typed, with words for each field. The API checks
 * the same rules (admin-contract.ts); asking here first saves a round trip and says
 * which field to fix.
 */
export function checkCustomRange(from: string, to: string, now: Date): CustomRangeCheck {
  const errors: { from?: string; to?: string } = {};
  const today = utcDay(now);
  if (!from) errors.from = "Enter the first day of the range.";
  else if (!isCalendarDay(from)) errors.from = "Enter a real day, like 2026-03-01.";
  else if (from > today) errors.from = "The range can't start after today.";
  if (!to) errors.to = "Enter the last day of the range.";
  else if (!isCalendarDay(to)) errors.to = "Enter a real day, like 2026-03-31.";
  // Days to come have no visits yet: a chart that drew them as zero would read as a drop.
  else if (to > today) errors.to = "The range can't end after today.";
  if (errors.from || errors.to) return { ok: false, errors };
  const days = daysInRange(from, to);
  if (days < 1) return { ok: false, errors: { to: "The last day must be on or after the first." } };
  if (days > MAX_REPORT_DAYS) {
    return {
      ok: false,
      errors: { to: `Choose at most ${MAX_REPORT_DAYS} days; this range has ${days}.` },
    };
  }
  return { ok: true, range: { from, to } };
}

/** How a range is named on the page, e.g. "1 Nov 2026 – 23 Nov 2026". */
export function describeRange({ from, to }: ReportRange): string {
  return `${formatDay(from)} – ${formatDay(to)}`;
}

const dayFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** A `YYYY-MM-DD` day in words, e.g. "3 Nov 2026". */
export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}
