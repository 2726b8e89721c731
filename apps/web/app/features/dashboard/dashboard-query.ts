import { type FunnelGrouping, funnelGroupings } from "@bakery/shared/admin-contract";
import type { ReportRange } from "./report-range.ts";
import { checkCustomRange, type PresetDays, presetRange, rangePresets } from "./report-range.ts";

/** Which range the reports cover: one of the presets, or days typed in. */
export type RangeChoice = { preset: PresetDays | "custom"; range: ReportRange };

/** What the dashboard shows, as its address says it: a link to it opens the same reports. */
export type DashboardView = { choice: RangeChoice; by: FunnelGrouping };

const DEFAULT_DAYS: PresetDays = 30;

/**
 * The view an address asks for: `?days=7|30|90`, or `?from=…&to=…` (a valid range), and
 * `by=campaign|source|medium`. Anything missing or wrong falls back to the last 30 days
 * by campaign: an old or hand-edited link still opens a dashboard.
 */
export function readDashboardView(query: URLSearchParams, now: Date): DashboardView {
  const by = funnelGroupings.find((grouping) => grouping === query.get("by")) ?? "campaign";
  const preset = rangePresets.find((candidate) => String(candidate.days) === query.get("days"));
  if (preset) return { by, choice: { preset: preset.days, range: presetRange(preset.days, now) } };
  const custom = checkCustomRange(query.get("from") ?? "", query.get("to") ?? "", now);
  if (custom.ok && query.has("from"))
    return { by, choice: { preset: "custom", range: custom.range } };
  return { by, choice: { preset: DEFAULT_DAYS, range: presetRange(DEFAULT_DAYS, now) } };
}

/**
 * What readDashboardView could not use from an address (it leaves each out, for its
 * default), in words for the operator who opened the link: a colleague's hand-edited or broken link
 * should not show other numbers without saying so. Empty when everything was understood.
 */
export function unreadDashboardSettings(query: URLSearchParams, now: Date): string[] {
  const unread: string[] = [];
  const by = query.get("by");
  if (by !== null && !funnelGroupings.some((grouping) => grouping === by)) {
    unread.push(`"by=${by}": the funnel is grouped by ${funnelGroupings.join(", ")}.`);
  }
  const days = query.get("days");
  const presetAsked = rangePresets.some((candidate) => String(candidate.days) === days);
  if (days !== null && !presetAsked) {
    const lengths = rangePresets.map((candidate) => candidate.days).join(", ");
    unread.push(`"days=${days}": the ranges are the last ${lengths} days.`);
  }
  if (!presetAsked && (query.has("from") || query.has("to"))) {
    const custom = checkCustomRange(query.get("from") ?? "", query.get("to") ?? "", now);
    if (!custom.ok) {
      const why = [custom.errors.from, custom.errors.to].filter(Boolean).join(" ");
      unread.push(`The range from the link: ${why}`);
    }
  }
  return unread;
}

/** The address query for a view: presets by their length, so the link stays "the last 7 days". */
export function dashboardQuery({ choice, by }: DashboardView): URLSearchParams {
  const query = new URLSearchParams();
  if (choice.preset === "custom") {
    query.set("from", choice.range.from);
    query.set("to", choice.range.to);
  } else {
    query.set("days", String(choice.preset));
  }
  query.set("by", by);
  return query;
}
