import { useCallback, useEffect, useState } from "react";
import { ApiRequestError } from "#app/lib/api/api-client.ts";
import { reportErrorMessage } from "./dashboard-reports.ts";

export type ReportState<Report> =
  | { kind: "loading" }
  | { kind: "loaded"; report: Report }
  | { kind: "failed"; message: string };

/**
 * Loads a report whenever `load` changes (a new range or grouping), dropping the answer
 * to an older request that arrives late, and offers `retry` after a failure, said by
 * `failureWords` (a report's words by default).
 */
export function useReport<Report>(
  load: () => Promise<Report>,
  failureWords: (error: unknown) => string = reportErrorMessage,
) {
  const [state, setState] = useState<ReportState<Report>>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // Read so a retry of the same report runs the effect again.
    void attempt;
    let current = true;
    setState({ kind: "loading" });
    load().then(
      (report) => {
        if (current) setState({ kind: "loaded", report });
      },
      (error: unknown) => {
        console.error("Could not load a dashboard report", error);
        // The API client is taking the browser to sign in: nothing to say here.
        if (!current || (error instanceof ApiRequestError && error.leavingPage)) return;
        setState({ kind: "failed", message: failureWords(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [load, attempt, failureWords]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, retry };
}
