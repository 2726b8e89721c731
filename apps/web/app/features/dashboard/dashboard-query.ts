import { type FunnelGrouping, funnelGroupings } from "@bakery/shared/admin-contract";
import type { ReportRange } from "./report-range.ts";
import { checkCustomRange, type PresetDays, presetRange, rangePresets } from "./report-range.ts";

/** Which range the reports cover: one of the presets, or days typed in. */
export type RangeChoice = { preset: PresetDays | "custom"; range: ReportRange };

/** What the dashboard shows, as its address says it: a link to it opens the same reports. */
export type DashboardView = { choice: RangeChoice; by: FunnelGrouping };

const DEFAULT_DAYS: PresetDays = 30;

/** The address's name for the words of **Find a link**, as Dub's link list names it. */
const LINK_SEARCH = "search";

/**
 * The view an address asks for: `?days=7|30|90`, or `?from=…&to=…` (a valid range), and
 * `by=campaign|source|medium`. Anything missing or wrong falls back to the last 30 days
 * by campaign: an old or hand-edited link still opens a dashboard. `unread` says, in words
 * for the operator who opened the link, what was left out for its default: a colleague's
 * hand-edited or broken link should not show other numbers without saying so (empty when
 * everything was understood).
 */
export function readDashboardView(
  query: URLSearchParams,
  now: Date,
): { view: DashboardView; unread: string[] } {
  const unread: string[] = [];
  for (const name of ["days", "from", "to", "by", LINK_SEARCH]) {
    if (query.getAll(name).length > 1)
      unread.push(`"${name}" is given more than once: the first is read.`);
  }
  const askedBy = query.get("by");
  const by = funnelGroupings.find((grouping) => grouping === askedBy) ?? "campaign";
  if (askedBy !== null && by !== askedBy) {
    unread.push(`"by=${askedBy}": the funnel is grouped by ${funnelGroupings.join(", ")}.`);
  }
  const days = query.get("days");
  const preset = rangePresets.find((candidate) => String(candidate.days) === days);
  if (preset) {
    if (query.has("from") || query.has("to")) {
      unread.push(
        `"from" and "to": the link also asks for the last ${preset.days} days, shown here.`,
      );
    }
    return {
      view: { by, choice: { preset: preset.days, range: presetRange(preset.days, now) } },
      unread,
    };
  }
  if (days !== null) {
    const lengths = rangePresets.map((candidate) => candidate.days).join(", ");
    unread.push(`"days=${days}": the ranges are the last ${lengths} days.`);
  }
  if (query.has("from") || query.has("to")) {
    const custom = checkCustomRange(query.get("from") ?? "", query.get("to") ?? "", now);
    if (custom.ok && query.has("from")) {
      return { view: { by, choice: { preset: "custom", range: custom.range } }, unread };
    }
    if (!custom.ok) {
      const why = [custom.errors.from, custom.errors.to].filter(Boolean).join(" ");
      unread.push(`The range from the link: ${why}`);
    }
  }
  const fallback = { preset: DEFAULT_DAYS, range: presetRange(DEFAULT_DAYS, now) };
  return { view: { by, choice: fallback }, unread };
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

/**
 * The links search an address holds (`?search=`), so a reload, or a colleague opening the link,
 * finds the same links; "" when it holds none.
 */
export const readLinkSearch = (query: URLSearchParams): string => query.get(LINK_SEARCH) ?? "";

/** `query` holding `search` as the links search, or none when it is blank. */
export function withLinkSearch(query: URLSearchParams, search: string): URLSearchParams {
  const next = new URLSearchParams(query);
  if (search.trim() === "") next.delete(LINK_SEARCH);
  else next.set(LINK_SEARCH, search);
  return next;
}
