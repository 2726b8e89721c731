import type { ReactNode } from "react";
import { FailureWithRetry, LoadingMessage } from "./status-messages.tsx";
import type { ReportState } from "./use-report.ts";

/**
 * A report's place on a screen: words while it loads, words and Try again if it fails, else
 * what `children` makes of it. `name` says what it is ("the pages"); `loadingName` where the
 * words while it loads name it otherwise.
 */
export function ReportArea<Report>({
  name,
  loadingName = name,
  report,
  children,
}: {
  name: string;
  loadingName?: string;
  /** What useReport gives. */
  report: { state: ReportState<Report>; retry: () => void };
  children: (report: Report) => ReactNode;
}) {
  const { state, retry } = report;
  if (state.kind === "loading") return <LoadingMessage>Loading {loadingName}…</LoadingMessage>;
  if (state.kind === "failed") {
    return (
      <FailureWithRetry onRetry={retry}>
        {name[0]?.toUpperCase()}
        {name.slice(1)} could not be loaded. {state.message}
      </FailureWithRetry>
    );
  }
  return children(state.report);
}
