import type { ActivityEntry, ActivityKind } from "@bakery/shared/admin-activity-contract";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { ApiRequestError } from "#app/lib/api/api-client.ts";
import { groupThousands } from "#app/lib/us-number-format.ts";
import { buttonClasses } from "#app/ui/button-styles.ts";
import { loadActivity } from "./activity-loader.ts";
import {
  activityKindChoices,
  describeKind,
  type FieldChange,
  fieldChanges,
  readKindFilter,
} from "./activity-words.ts";
import { ReportArea } from "./report-area.tsx";
import { EmptyState, FailureWithRetry } from "./status-messages.tsx";
import { useReport } from "./use-report.ts";

/**
 * Every change the team made, newest first, of one kind if the address says so (?kind=);
 * "Older entries" adds the next page below.
 */
export function ActivityLog() {
  const [query, setQuery] = useSearchParams();
  const kind = readKindFilter(query.get("kind"));
  const first = useReport(useCallback(() => loadActivity(kind), [kind]));
  const filterId = useId();

  const choose = (next: string) => {
    const params = new URLSearchParams(query);
    if (next) params.set("kind", next);
    else params.delete("kind");
    // replace: another filter is not a page to go Back to (as the dashboard's range).
    setQuery(params, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <label htmlFor={filterId} className="font-semibold text-ink">
          Show
        </label>
        <select
          id={filterId}
          value={kind ?? ""}
          onChange={(event) => choose(event.target.value)}
          className="form-field h-11 max-w-xs px-3"
        >
          <option value="">Every kind of change</option>
          {activityKindChoices.map((choice) => (
            <option key={choice.kind} value={choice.kind}>
              {choice.name}
            </option>
          ))}
        </select>
      </div>
      <ReportArea name="the activity" report={first}>
        {(firstPage) =>
          firstPage.entries.length === 0 ? (
            <EmptyState>
              {kind ? "No changes of this kind yet." : "No changes yet."} Changes to the short
              links, the site's pages and the team, from here or from the command line, show here.
            </EmptyState>
          ) : (
            // Keyed by the filter: another kind starts from its own first page.
            <Entries key={kind ?? ""} kind={kind} firstPage={firstPage} />
          )
        }
      </ReportArea>
    </div>
  );
}

type OlderState = { kind: "idle" } | { kind: "loading" } | { kind: "failed"; message: string };

function Entries({
  kind,
  firstPage,
}: {
  kind: ActivityKind | undefined;
  firstPage: { entries: ActivityEntry[]; nextBefore: number | null };
}) {
  const [entries, setEntries] = useState(firstPage.entries);
  const [nextBefore, setNextBefore] = useState(firstPage.nextBefore);
  const [older, setOlder] = useState<OlderState>({ kind: "idle" });
  // The first entry of the page just added gets the focus: the button may be gone with it.
  const [focusId, setFocusId] = useState<number | null>(null);
  const focusTarget = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (focusId !== null) focusTarget.current?.focus();
  }, [focusId]);

  const loadOlder = () => {
    if (nextBefore === null || older.kind === "loading") return;
    setOlder({ kind: "loading" });
    loadActivity(kind, nextBefore).then(
      (page) => {
        setEntries((shown) => [...shown, ...page.entries]);
        setNextBefore(page.nextBefore);
        setOlder({ kind: "idle" });
        setFocusId(page.entries[0]?.id ?? null);
      },
      (error: unknown) => {
        console.error("Could not load older activity", error);
        if (error instanceof ApiRequestError && error.leavingPage) return;
        setOlder({
          kind: "failed",
          message: "The older entries could not be loaded. Check your connection and try again.",
        });
      },
    );
  };

  return (
    <>
      <ol className="flex flex-col gap-4">
        {entries.map((entry) => (
          <li
            key={entry.id}
            ref={entry.id === focusId ? focusTarget : undefined}
            tabIndex={entry.id === focusId ? -1 : undefined}
            className="rounded-2xl bg-white p-6 shadow-card"
          >
            <EntryView entry={entry} />
          </li>
        ))}
      </ol>
      {older.kind === "failed" ? (
        <FailureWithRetry onRetry={loadOlder}>{older.message}</FailureWithRetry>
      ) : nextBefore !== null ? (
        <button
          type="button"
          onClick={loadOlder}
          // aria-disabled, not disabled: the busy button keeps the keyboard's focus.
          aria-disabled={older.kind === "loading"}
          className={`self-start ${buttonClasses("secondary")}`}
        >
          {older.kind === "loading" ? "Loading older entries…" : "Older entries"}
        </button>
      ) : (
        <p className="text-cocoa">That is every change{kind ? " of this kind" : ""}.</p>
      )}
    </>
  );
}

const whenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function EntryView({ entry }: { entry: ActivityEntry }) {
  const changes = fieldChanges(entry.before, entry.after);
  return (
    <article className="flex flex-col gap-2">
      <h2 className="font-semibold text-ink text-lg">
        {describeKind(entry.kind)}: <span className="break-all">{entry.subject}</span>
      </h2>
      <p className="text-cocoa">
        <time dateTime={entry.at}>{whenFormat.format(new Date(entry.at))}</time>, by{" "}
        <span className="break-all">{entry.actor.name}</span>
      </p>
      {changes.length > 0 ? (
        <ul className="flex flex-col gap-1 text-cocoa">
          {changes.map((change) => (
            <ChangeLine key={change.field} change={change} />
          ))}
        </ul>
      ) : null}
    </article>
  );
}

/** "Field: old → new", the arrow read out as "changed to". */
function ChangeLine({ change }: { change: FieldChange }) {
  return (
    <li className="break-all">
      <span className="font-semibold text-ink">{change.field}:</span>{" "}
      {change.before !== undefined ? (
        <del>
          <LongText text={change.before} />
        </del>
      ) : null}
      {change.before !== undefined && change.after !== undefined ? (
        <>
          {" "}
          <span aria-hidden="true">→</span>
          <span className="sr-only">changed to</span>{" "}
        </>
      ) : null}
      {change.after !== undefined ? (
        <ins>
          <LongText text={change.after} />
        </ins>
      ) : null}
    </li>
  );
}

/** Longer than a line or two (a page's whole text): folded, with its length, to open on demand. */
const FOLDED_FROM_LENGTH = 160;

function LongText({ text }: { text: string }) {
  if (text.length < FOLDED_FROM_LENGTH) return text;
  return (
    <details className="inline-block align-top">
      <summary className="cursor-pointer">
        {text.slice(0, 60).trimEnd()}… ({groupThousands(text.length)} characters)
      </summary>
      <span className="whitespace-pre-wrap">{text}</span>
    </details>
  );
}
