/** How the report writes numbers and tables. */
import type { EndpointResult } from "./api-throughput.ts";
import type { MessageTimings } from "./short-link-timing.ts";

export const round = (value: number, digits: number) => Number(value.toFixed(digits));
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
// A NaN (no such moment) comes back from the JSON file as null; results saved before a figure
// existed have none.
const missing = (value: number | null | undefined) =>
  value === null || value === undefined || Number.isNaN(value);
export const ms = (value: number) => (missing(value) ? "–" : String(Math.round(value)));
export const seconds = (value: number) => (missing(value) ? "–" : `${(value / 1000).toFixed(2)} s`);
export const percent = (ratio: number) => `${Math.round(ratio * 100)} %`;
export const ratio = (value: number) => (missing(value) ? "–" : `${value.toFixed(2)}×`);

/** Current ÷ previous; 1 when both are 0, NaN when only the previous is (no ratio to give). */
export function perPrevious(current: number, previous: number): number {
  if (missing(current) || missing(previous)) return Number.NaN;
  if (previous === 0) return current === 0 ? 1 : Number.NaN;
  return current / previous;
}

/** "current vs previous (ratio)", each number written by `write`. */
export function versus(current: number, previous: number, write: (value: number) => string) {
  return `${write(current)} vs ${write(previous)} (${ratio(perPrevious(current, previous))})`;
}

export function table(headings: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(headings), line(headings.map(() => "---")), ...rows.map(line)].join("\n");
}

/** Both ways of reaching what an address shows (a page, or that it leads nowhere), as a table. */
export function messageTable(
  timings: MessageTimings,
  pageFlowLabel: string,
  serverLabel = "Server (the page saying so, with 404)",
  measure = "To the message ms",
): string {
  return table(
    ["Way", measure, "Status", "Requests"],
    [[serverLabel, timings.serverPage] as const, [pageFlowLabel, timings.pageFlow] as const].map(
      ([label, timing]) => [
        label,
        ms(timing.toMessage),
        String(timing.status),
        String(timing.requests),
      ],
    ),
  );
}

/** The load test's table; with a previous release, its req/s, p99 and the ratio too. */
export function loadTable(results: EndpointResult[]): string {
  const compared = results.some((endpoint) => endpoint.previous);
  return table(
    [
      "Endpoint",
      "Status",
      "req/s",
      "p50 ms",
      "p99 ms",
      "Errors",
      "Baseline req/s",
      "Baseline p99 ms",
      "Product ÷ baseline",
      ...(compared
        ? [
            "Previous req/s",
            "Previous p50 ms",
            "Previous p99 ms",
            "Previous errors",
            "req/s current ÷ previous",
          ]
        : []),
    ],
    results.map((endpoint) => [
      endpoint.name,
      String(endpoint.status),
      String(Math.round(endpoint.product.requestsPerSecond)),
      String(endpoint.product.p50),
      String(endpoint.product.p99),
      String(endpoint.product.errors),
      String(Math.round(endpoint.baseline.requestsPerSecond)),
      String(endpoint.baseline.p99),
      percent(endpoint.throughputRatio),
      ...(compared
        ? [
            ms(endpoint.previous?.requestsPerSecond ?? Number.NaN),
            String(endpoint.previous?.p50 ?? "–"),
            String(endpoint.previous?.p99 ?? "–"),
            String(endpoint.previous?.errors ?? "–"),
            ratio(endpoint.previousRatio ?? Number.NaN),
          ]
        : []),
    ]),
  );
}
