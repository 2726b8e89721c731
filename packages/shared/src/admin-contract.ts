import { z } from "./zod-without-eval.ts";

/**
 * The JSON shapes of the marketing dashboard's API (`/api/admin/*`, operators only).
 * Days are calendar days in UTC, written `YYYY-MM-DD`; every range is inclusive of
 * both ends.
 */

/** Longest range a report covers: a year, leap day included. */
export const MAX_REPORT_DAYS = 366;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** One UTC day, in milliseconds. */
export const MS_PER_DAY = 86_400_000;

/**
 * Whether `day` is a real calendar day written `YYYY-MM-DD` (2026-02-30 is not, nor is any day of
 * the year 0000, which the calendar the database counts in does not have).
 */
export function isCalendarDay(day: string): boolean {
  if (!DAY_PATTERN.test(day) || day.startsWith("0000-")) return false;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
}

/** How many days `from`..`to` covers, both ends included (0 or less when `to` is before `from`). */
export function daysInRange(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / MS_PER_DAY + 1;
}

/** The UTC day of `instant`, written `YYYY-MM-DD`. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** Every day of `from`..`to`, oldest first. */
export function daysOf(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: daysInRange(from, to) }, (_, i) =>
    utcDay(new Date(start + i * MS_PER_DAY)),
  );
}

export const calendarDaySchema = z
  .string()
  .refine(isCalendarDay, "must be a calendar day written YYYY-MM-DD, e.g. 2026-03-01");

/** Refuses a range that ends before it starts or spans more than MAX_REPORT_DAYS. */
function checkReportRange({ from, to }: { from: string; to: string }, ctx: z.RefinementCtx) {
  const days = daysInRange(from, to);
  if (days < 1)
    ctx.addIssue({
      code: "custom",
      message: "must be the same day as from, or later",
      path: ["to"],
    });
  if (days > MAX_REPORT_DAYS)
    ctx.addIssue({
      code: "custom",
      message: `the range must be at most ${MAX_REPORT_DAYS} days`,
      path: ["to"],
    });
}

export const funnelGroupings = ["campaign", "source", "medium"] as const;
export type FunnelGrouping = (typeof funnelGroupings)[number];

/** `GET /admin/funnel?from&to&by` query. `by` defaults to campaign. */
export const funnelQuerySchema = z
  .object({
    from: calendarDaySchema,
    to: calendarDaySchema,
    by: z
      .enum(funnelGroupings, { message: "must be campaign, source or medium" })
      .default("campaign"),
  })
  .superRefine(checkReportRange);
export type FunnelQuery = z.infer<typeof funnelQuerySchema>;

/** The three counts of the funnel, for one day or summed over a range. */
export const funnelCountsSchema = z.object({
  /** Visits that started with utm parameters or an outside referrer (bots not counted). */
  landings: z.number().int().nonnegative(),
  /**
   * Demos booked and not canceled, one per invitee (a reschedule stays one). Where the
   * scheduling provider's webhook is the record (production with its signing key), only the
   * bookings it confirmed; elsewhere the browser's reports count too (decision 0021).
   */
  demosBooked: z.number().int().nonnegative(),
  /** Of demosBooked, those the scheduling provider's signed webhook confirmed. */
  demosConfirmed: z.number().int().nonnegative(),
  /**
   * Checkouts paid, one per checkout session: completed with payment_status paid (or
   * no_payment_required), or whose delayed payment succeeded (the payment provider's webhook).
   */
  checkoutsCompleted: z.number().int().nonnegative(),
});
export type FunnelCounts = z.infer<typeof funnelCountsSchema>;

/** Counts plus rates; a rate is null when there were no landings to divide by. */
export const funnelTotalsSchema = funnelCountsSchema.extend({
  /** demosBooked ÷ landings, 0..n (not capped: a booking may come from an uncounted visit). */
  bookingRate: z.number().nonnegative().nullable(),
  /** checkoutsCompleted ÷ landings. */
  checkoutRate: z.number().nonnegative().nullable(),
});
export type FunnelTotals = z.infer<typeof funnelTotalsSchema>;

export const funnelDaySchema = funnelCountsSchema.extend({ day: calendarDaySchema });
export type FunnelDay = z.infer<typeof funnelDaySchema>;

export const funnelGroupSchema = funnelTotalsSchema.extend({
  /** The campaign, source or medium; null for visits and conversions without one. */
  key: z.string().nullable(),
});
export type FunnelGroup = z.infer<typeof funnelGroupSchema>;

/** How many groups the funnel names at most; the rest are summed in its "Other" row. */
export const FUNNEL_TOP_GROUPS = 50;

/**
 * `GET /admin/funnel` 200, bounded whatever was written into the counts: the top
 * FUNNEL_TOP_GROUPS groups by landings (then conversions, then name), and everything else in
 * `other`.
 */
export const funnelReportSchema = z.object({
  from: calendarDaySchema,
  to: calendarDaySchema,
  by: z.enum(funnelGroupings),
  groups: z.array(funnelGroupSchema).max(FUNNEL_TOP_GROUPS),
  /**
   * The groups past the top ones, and the landings counted under "Other" because their names
   * came after the day's budget of new names (decision 0023), summed; null when there are none.
   */
  other: funnelTotalsSchema.extend({ groupCount: z.number().int().nonnegative() }).nullable(),
  totals: funnelTotalsSchema,
  /** All groups summed per day, one entry per day of the range, oldest first. */
  days: z.array(funnelDaySchema),
});
export type FunnelReport = z.infer<typeof funnelReportSchema>;

/** `GET /admin/links?from&to` query: the range of the per-day clicks. */
export const linksQuerySchema = z
  .object({ from: calendarDaySchema, to: calendarDaySchema })
  .superRefine(checkReportRange);
export type LinksQuery = z.infer<typeof linksQuerySchema>;

export const linkClicksDaySchema = z.object({
  day: calendarDaySchema,
  clicks: z.number().int().nonnegative(),
  /** Follows from the link's QR code (its scan marker), counted apart from clicks. */
  scans: z.number().int().nonnegative(),
});

export const linkReportRowSchema = z.object({
  cat: z.string(),
  id: z.string(),
  /** Where the link sends a visitor (a site path or an allowed URL). */
  target: z.string(),
  /** Clicks ever counted (bots excluded), scans of its QR code not included. */
  totalClicks: z.number().int().nonnegative(),
  /** Scans of its QR code ever counted (bots excluded; docs/decisions/0024). */
  totalScans: z.number().int().nonnegative(),
  /** ISO 8601 instant of the last counted click or scan, or null if never followed. */
  lastClickedAt: z.string().nullable(),
  /** Clicks in the range (bots excluded), scans not included. */
  clicksInRange: z.number().int().nonnegative(),
  /** Scans of its QR code in the range (bots excluded). */
  scansInRange: z.number().int().nonnegative(),
  /**
   * The days of the range the link was clicked or scanned, oldest first; a day not listed had
   * neither. Only those, so the answer grows with what happened rather than with links × days.
   */
  clicksByDay: z.array(linkClicksDaySchema),
});
export type LinkReportRow = z.infer<typeof linkReportRowSchema>;

/** `GET /admin/links` 200: every short link, sorted by clicks in the range, most first. */
export const linksReportSchema = z.object({
  from: calendarDaySchema,
  to: calendarDaySchema,
  links: z.array(linkReportRowSchema),
});
export type LinksReport = z.infer<typeof linksReportSchema>;
