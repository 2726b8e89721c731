import type {
  AdminPage,
  PageRevision,
  PageRevisionSummary,
} from "@bakery/shared/admin-pages-contract";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { ApiRequestError } from "#app/lib/api/api-client.ts";
import { buttonClasses } from "#app/ui/button-styles.ts";
import { ConfirmedRequest } from "./confirmed-request.tsx";
import { listRevisions, loadRevision, loadSanitizer, restoreRevision } from "./page-editor-api.ts";
import { CACHE_WINDOW_WORDS, whenFormat } from "./page-words.ts";
import { ReportArea } from "./report-area.tsx";
import { requestFailureWords } from "./request-failure-words.ts";
import { FailureWithRetry, LoadingMessage } from "./status-messages.tsx";
import { useReport } from "./use-report.ts";

type Viewing =
  | { kind: "loading"; id: number }
  | { kind: "failed"; id: number; message: string }
  | { kind: "shown"; revision: PageRevision; html: string };

/**
 * The page's history: every saved version (when, who, its title), newest first. Any one can
 * be read as visitors read it then, and restored: saved again as the newest version, on the
 * version the editor has open, so a change made meanwhile is refused rather than undone.
 */
export function PageRevisions({
  page,
  unsaved,
  onRestored,
}: {
  page: AdminPage;
  unsaved: boolean;
  onRestored: (restored: AdminPage, said: string) => void;
}) {
  const { handle, revision: openRevision } = page;
  // Read again after each save (a new revision): the newest is then in the list.
  const list = useReport(
    useCallback(() => {
      void openRevision;
      return listRevisions(handle);
    }, [handle, openRevision]),
    requestFailureWords,
  );
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const headingId = useId();

  async function view(id: number) {
    setViewing({ kind: "loading", id });
    try {
      const [revision, { sanitizeContentHtml }] = await Promise.all([
        loadRevision(handle, id),
        loadSanitizer(),
      ]);
      setViewing({ kind: "shown", revision, html: sanitizeContentHtml(revision.html) });
    } catch (error) {
      if (error instanceof ApiRequestError && error.leavingPage) return;
      setViewing({ kind: "failed", id, message: requestFailureWords(error) });
    }
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="font-semibold text-2xl text-ink">
        History
      </h2>
      <ReportArea name="the history" loadingName="the page's history" report={list}>
        {({ revisions }) =>
          revisions.length === 0 ? (
            <p className="text-cocoa">No saved versions yet: each save from now on is kept here.</p>
          ) : (
            <ol className="flex flex-col divide-y divide-crust rounded-2xl bg-white shadow-card">
              {revisions.map((revision, index) => (
                <RevisionRow
                  key={revision.id}
                  revision={revision}
                  current={index === 0}
                  onView={() => void view(revision.id)}
                />
              ))}
            </ol>
          )
        }
      </ReportArea>
      {viewing ? (
        <RevisionView
          key={viewing.kind === "shown" ? viewing.revision.id : viewing.id}
          viewing={viewing}
          page={page}
          unsaved={unsaved}
          onRetry={(id) => void view(id)}
          onClose={() => setViewing(null)}
          onRestored={(restored, said) => {
            setViewing(null);
            onRestored(restored, said);
          }}
        />
      ) : null}
    </section>
  );
}

function RevisionRow({
  revision,
  current,
  onView,
}: {
  revision: PageRevisionSummary;
  current: boolean;
  onView: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4">
      <p className="min-w-0 text-cocoa">
        <span className="font-semibold text-ink">Version {revision.id}</span>
        {current ? " (the one visitors read)" : ""} ·{" "}
        <time dateTime={revision.at}>{whenFormat.format(new Date(revision.at))}</time> · by{" "}
        <span className="break-all">{revision.by.name}</span> ·{" "}
        <span className="break-words">“{revision.title}”</span>
      </p>
      <button
        type="button"
        onClick={onView}
        aria-label={`View version ${revision.id}`}
        className={buttonClasses("secondary")}
      >
        View
      </button>
    </li>
  );
}

/** One version, as visitors read it then, with Restore (asked first). */
function RevisionView({
  viewing,
  page,
  unsaved,
  onRetry,
  onClose,
  onRestored,
}: {
  viewing: Viewing;
  page: AdminPage;
  unsaved: boolean;
  onRetry: (id: number) => void;
  onClose: () => void;
  onRestored: (restored: AdminPage, said: string) => void;
}) {
  const region = useRef<HTMLElement>(null);
  const headingId = useId();
  // The version asked for takes the focus once it is there, so the keyboard carries on in it.
  useEffect(() => {
    if (viewing.kind === "shown") region.current?.focus();
  }, [viewing.kind]);

  if (viewing.kind === "loading") {
    return <LoadingMessage>Loading version {viewing.id}…</LoadingMessage>;
  }
  if (viewing.kind === "failed") {
    return (
      <FailureWithRetry onRetry={() => onRetry(viewing.id)}>
        Version {viewing.id} could not be loaded. {viewing.message}
      </FailureWithRetry>
    );
  }
  const { revision } = viewing;
  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-crust bg-white p-6 shadow-card"
    >
      <h3 id={headingId} className="font-semibold text-ink text-xl">
        Version {revision.id}, saved {whenFormat.format(new Date(revision.at))} by{" "}
        <span className="break-all">{revision.by.name}</span>
      </h3>
      <div data-testid="revision-preview" className="border-crust border-t pt-4">
        <p className="font-semibold text-3xl text-ink">{revision.title}</p>
        {revision.subtitle ? <p className="mt-2 text-cocoa text-lg">{revision.subtitle}</p> : null}
        <div
          className="prose-content mt-6"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitized HTML of the version, sanitized again by the public page's allow-list
          dangerouslySetInnerHTML={{ __html: viewing.html }}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <RestoreRevision
          revision={revision}
          page={page}
          unsaved={unsaved}
          onRestored={onRestored}
        />
        <button type="button" onClick={onClose} className={buttonClasses("secondary")}>
          Close this version
        </button>
      </div>
    </section>
  );
}

/**
 * Restore, asked first: the version is saved again as the newest, on the version the editor
 * has open (a change someone made meanwhile is refused, naming them, not undone).
 */
function RestoreRevision({
  revision,
  page,
  unsaved,
  onRestored,
}: {
  revision: PageRevision;
  page: AdminPage;
  unsaved: boolean;
  onRestored: (restored: AdminPage, said: string) => void;
}) {
  return (
    <ConfirmedRequest
      label={`Restore version ${revision.id}`}
      buttonStyle="primary"
      title={`Restore version ${revision.id}?`}
      confirmLabel={`Restore version ${revision.id}`}
      request={async (close) => {
        const restored = await restoreRevision(page.handle, revision.id, page.revision);
        const when = whenFormat.format(new Date(revision.at));
        close();
        onRestored(restored, `Restored version ${revision.id} (${when}). ${CACHE_WINDOW_WORDS}`);
      }}
    >
      <p>
        It is saved again as the page's newest version, and visitors read it within about a minute.
        The versions since stay in the history.
      </p>
      {unsaved ? (
        <p className="font-semibold">The changes you haven't saved in the editor are replaced.</p>
      ) : null}
    </ConfirmedRequest>
  );
}
