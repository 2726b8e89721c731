import {
  type FunnelGrouping,
  funnelReportSchema,
  linksReportSchema,
} from "@bakery/shared/admin-contract";
import { ApiNetworkError } from "#app/lib/api/api-client.ts";
import { api } from "#app/lib/api/browser-api-client.ts";
import type { ReportRange } from "./report-range.ts";

/** The funnel for the range, grouped by campaign, source or medium (operators only). */
export function loadFunnelReport(range: ReportRange, by: FunnelGrouping) {
  const query = new URLSearchParams({ from: range.from, to: range.to, by });
  return api.get(`/admin/funnel?${query}`, funnelReportSchema);
}

/** Every short link with its clicks per day in the range (operators only). */
export function loadLinksReport(range: ReportRange) {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  return api.get(`/admin/links?${query}`, linksReportSchema);
}

/** Words for a report that could not be loaded, for the person looking at the page. */
export function reportErrorMessage(error: unknown): string {
  if (error instanceof ApiNetworkError) {
    return error.timedOut
      ? "The server took too long to answer."
      : "We couldn't reach the server. Check your connection.";
  }
  return "The server could not make this report.";
}
