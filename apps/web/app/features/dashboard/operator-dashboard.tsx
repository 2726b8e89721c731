import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { DailyChart } from "./daily-chart.tsx";
import {
  type DashboardView,
  dashboardQuery,
  readDashboardView,
  readLinkSearch,
  withLinkSearch,
} from "./dashboard-query.ts";
import { loadFunnelReport, loadLinksReport } from "./dashboard-reports.ts";
import { FunnelTable } from "./funnel-table.tsx";
import { LinksTable } from "./links-table.tsx";
import { RangePicker } from "./range-picker.tsx";
import { ReportArea } from "./report-area.tsx";
import { describeRange } from "./report-range.ts";
import { ShortLinkEditing } from "./short-link-editing.tsx";
import { EmptyState } from "./status-messages.tsx";
import { useReport } from "./use-report.ts";

/**
 * The team's reports for a range of days: the funnel per campaign (or source, or
 * medium) with its daily chart, and every short link's clicks. Each loads, fails and
 * is retried on its own.
 */
export function OperatorDashboard() {
  const [query, setQuery] = useSearchParams();
  // Read once per address: a preset's days are counted from now, so every render would
  // otherwise make a new range and load the reports again.
  const queryText = query.toString();
  const { view, unread: notUnderstood } = useMemo(
    () => readDashboardView(new URLSearchParams(queryText), new Date()),
    [queryText],
  );
  const { choice, by } = view;
  const { range } = choice;
  const { from, to } = range;
  // A choice made before the address shows the previous one (a range, then at once a
  // grouping) builds on that previous choice, not on what is still on screen.
  const pending = useRef<DashboardView | null>(null);
  useEffect(() => {
    void queryText;
    pending.current = null;
  }, [queryText]);
  // Find a link's words. Here, not in the table: the table is gone while the report loads
  // again after an edit. Typed into state, which the address follows: an input driven by the
  // address alone would lose its caret to the router's transitions. Read from the address
  // once, so a reload or a colleague's copy of the link finds the same links.
  const [linkSearch, setLinkSearch] = useState(() => readLinkSearch(query));
  // replace: another range, or another word typed, is not a page to go Back to.
  const replaceQuery = useCallback(
    (next: URLSearchParams) => setQuery(next, { replace: true, preventScrollReset: true }),
    [setQuery],
  );
  useEffect(() => {
    const current = new URLSearchParams(queryText);
    const next = withLinkSearch(current, linkSearch);
    if (next.toString() !== current.toString()) replaceQuery(next);
  }, [linkSearch, queryText, replaceQuery]);
  // A link with settings the dashboard can't use says so once, and its address is written
  // as what is shown, so the link copied from here opens the same reports.
  const [unread, setUnread] = useState<string[]>([]);
  useEffect(() => {
    if (notUnderstood.length === 0) return;
    setUnread(notUnderstood);
    replaceQuery(
      withLinkSearch(dashboardQuery(view), readLinkSearch(new URLSearchParams(queryText))),
    );
  }, [notUnderstood, view, queryText, replaceQuery]);
  const show = (change: (current: DashboardView) => DashboardView) => {
    setUnread([]);
    const next = change(pending.current ?? view);
    pending.current = next;
    replaceQuery(withLinkSearch(dashboardQuery(next), linkSearch));
  };

  // By the days, not the range object: the same days asked again (a preset written into
  // the address) load nothing anew.
  const funnel = useReport(useCallback(() => loadFunnelReport({ from, to }, by), [from, to, by]));
  const links = useReport(useCallback(() => loadLinksReport({ from, to }), [from, to]));
  const linkTargets = useMemo(
    () =>
      links.state.kind === "loaded" ? links.state.report.links.map((link) => link.target) : [],
    [links.state],
  );

  return (
    <div className="flex flex-col gap-8">
      <RangePicker
        choice={choice}
        onChoose={(next) => show((current) => ({ ...current, choice: next }))}
        by={by}
        onGroup={(next) => show((current) => ({ ...current, by: next }))}
      />
      {unread.length > 0 ? (
        <div
          role="status"
          className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950"
        >
          <p className="font-semibold">Part of this link wasn't understood and was left out:</p>
          <ul className="mt-2 list-disc pl-5">
            {unread.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="text-cocoa" aria-live="polite">
        Showing {describeRange(range)}.
      </p>

      <section aria-labelledby="funnel-heading" className="flex flex-col gap-4">
        <h2 id="funnel-heading" className="font-semibold text-2xl text-ink">
          Funnel by {by}
        </h2>
        <p className="text-cocoa">
          Visits that arrived from a campaign link or another site, the demos booked (and how many
          of them the scheduling provider confirmed) and the sign-ups paid after them, and the rates
          from landing to each.
        </p>
        <ReportArea name="the funnel" report={funnel}>
          {(report) =>
            report.groups.length === 0 && report.other === null ? (
              <EmptyState>
                No landings yet — share a link with utm parameters (for example{" "}
                <code className="break-all">/?utm_source=newsletter&utm_campaign=spring</code>), or
                a short link made with <strong>New link</strong> below, with a campaign name.
                Landings, demos and sign-ups from it show here.
              </EmptyState>
            ) : (
              <>
                <FunnelTable report={report} />
                <DailyChart days={report.days} />
              </>
            )
          }
        </ReportArea>
      </section>

      <section aria-labelledby="links-heading" className="flex flex-col gap-4">
        <h2 id="links-heading" className="font-semibold text-2xl text-ink">
          Short links
        </h2>
        <p className="text-cocoa">
          Clicks on each /to/… link by people (link previews and bots are not counted).
        </p>
        <ShortLinkEditing reload={links.retry} linkTargets={linkTargets}>
          {(actions) => (
            <ReportArea name="the short links" report={links}>
              {(report) =>
                report.links.length === 0 ? (
                  <EmptyState>
                    No short links yet — make one with New link (or{" "}
                    <code className="break-all">
                      npm run admin -- links put &lt;cat&gt; &lt;id&gt; &lt;target&gt;
                    </code>
                    ) and send it to customers; its clicks show here.
                  </EmptyState>
                ) : (
                  <LinksTable
                    report={report}
                    actions={actions}
                    search={linkSearch}
                    onSearch={setLinkSearch}
                  />
                )
              }
            </ReportArea>
          )}
        </ShortLinkEditing>
      </section>
    </div>
  );
}
