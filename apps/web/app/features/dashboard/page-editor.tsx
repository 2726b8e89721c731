import type { AdminPage } from "@bakery/shared/admin-pages-contract";
import { legalPagePaths, sitePathForPage } from "@bakery/shared/content-page-address";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link, useLocation, useNavigate } from "react-router";
import { absoluteUrl } from "#app/site-config.ts";
import { PageDelete } from "./page-delete.tsx";
import { PageFields } from "./page-fields.tsx";
import { pageFormProblems, shownProblems } from "./page-form.ts";
import { PagePreview } from "./page-preview.tsx";
import { PageRename } from "./page-rename.tsx";
import { PageRevisions } from "./page-revisions.tsx";
import { byWhom, whenFormat } from "./page-words.ts";
import { SaveBar, StaleSave } from "./save-bar.tsx";
import { SetAsideText } from "./set-aside-text.tsx";
import { FailureWithRetry, LoadingMessage } from "./status-messages.tsx";
import { LeaveWithoutSaving, useUnsavedChangesGuard } from "./unsaved-changes-guard.tsx";
import { usePageDraft } from "./use-page-draft.ts";

/** What a screen that sent the person here asked to be said on arrival (after a rename). */
export type PageEditorArrival = { said?: string } | null;

/**
 * The page editor (issue 41): the page's fields with a live preview of what visitors will
 * read, saved on the version opened (a change someone made meanwhile is refused, naming them);
 * then the page's history, its address and its deletion. A handle with no page yet opens the
 * editor empty, and the first save makes the page.
 */
export function PageEditor({ handle }: { handle: string }) {
  const draft = usePageDraft(handle);
  if (draft.load.kind === "loading") return <LoadingMessage>Loading the page…</LoadingMessage>;
  if (draft.load.kind === "failed") {
    return (
      <FailureWithRetry onRetry={() => void draft.reload()}>
        The page could not be loaded. {draft.load.message}
      </FailureWithRetry>
    );
  }
  if (draft.load.kind === "renamed") {
    const { to } = draft.load;
    return (
      <p className="rounded-2xl bg-white p-6 text-cocoa shadow-card">
        “{handle}” was renamed to “{to}”: its old address sends visitors there.{" "}
        <Link to={`/dashboard/pages/${to}`} className="font-semibold text-brand-700 underline">
          Open “{to}”
        </Link>
      </p>
    );
  }
  return <EditorReady handle={handle} draft={draft} />;
}

function EditorReady({
  handle,
  draft,
}: {
  handle: string;
  draft: ReturnType<typeof usePageDraft>;
}) {
  const { page, values, unsaved } = draft;
  const idPrefix = useId();
  const navigate = useNavigate();
  const arrival = useLocation().state as PageEditorArrival;
  const [notice, setNotice] = useState(arrival?.said ?? "");
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const { blocker, release } = useUnsavedChangesGuard(unsaved);
  const [submitted, setSubmitted] = useState(false);
  const problems = pageFormProblems(values);

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (Object.keys(problems).length > 0) {
      flushSync(() => setSubmitted(true));
      form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
      return;
    }
    setNotice("");
    await draft.save();
  }

  const restored = (page: AdminPage, said: string) => {
    draft.adopt(page);
    setNotice(said);
  };
  // After a rename or a delete the editor leaves, saying what it did where it arrives.
  const leave = (to: string, said: string, replace: boolean) => {
    release();
    const arrival: PageEditorArrival = { said };
    void navigate(to, { replace, state: arrival });
  };

  return (
    <div className="flex flex-col gap-8">
      <PageSummary handle={handle} page={page} />
      <p ref={noticeRef} tabIndex={-1} role="status" className="text-ink empty:hidden">
        {notice}
      </p>
      {draft.step.kind === "stale" ? (
        <StaleSave
          message={draft.step.message}
          onOpenTheirs={() => void draft.openTheirVersion()}
        />
      ) : null}
      {draft.setAside ? (
        <SetAsideText values={draft.setAside} onDismiss={draft.dismissSetAside} />
      ) : null}
      <div className="grid items-start gap-8 lg:grid-cols-2">
        <form noValidate onSubmit={submit} className="flex min-w-0 flex-col gap-4">
          <PageFields
            idPrefix={idPrefix}
            values={values}
            problems={shownProblems(values, problems, submitted)}
            onChange={draft.change}
          />
          <SaveBar step={draft.step} creating={page === null} unsaved={unsaved} />
        </form>
        <PagePreview values={values} headingId={`${idPrefix}-preview`} />
      </div>
      {page ? (
        <>
          <PageRevisions page={page} unsaved={unsaved} onRestored={restored} />
          <PageAddress
            page={page}
            unsaved={unsaved}
            onMoved={(moved, said) => leave(`/dashboard/pages/${moved.handle}`, said, true)}
            onDeleted={(said) => leave("/dashboard/pages", said, false)}
          />
        </>
      ) : null}
      <LeaveWithoutSaving blocker={blocker} what={`your changes to “${values.title || handle}”`} />
    </div>
  );
}

/** Which page this is, where visitors read it, and who changed it last. */
function PageSummary({ handle, page }: { handle: string; page: AdminPage | null }) {
  const address = absoluteUrl(page?.path ?? sitePathForPage(handle));
  if (!page) {
    return (
      <p className="text-cocoa">
        There is no page “{handle}” yet. Write it here: saving makes it, at{" "}
        <span className="break-all font-semibold text-ink">{address}</span>.
      </p>
    );
  }
  return (
    <p className="text-cocoa">
      Visitors read it at{" "}
      <Link to={page.path} className="break-all font-semibold text-brand-700 underline">
        {address}
      </Link>
      . Last changed{" "}
      <time dateTime={page.updatedAt}>{whenFormat.format(new Date(page.updatedAt))}</time>{" "}
      {byWhom(page.updatedBy)}.
    </p>
  );
}

/** Rename and delete, for the pages at /page/…: the legal pages' addresses are the site's own. */
function PageAddress({
  page,
  unsaved,
  onMoved,
  onDeleted,
}: {
  page: AdminPage;
  unsaved: boolean;
  onMoved: (moved: AdminPage, said: string) => void;
  onDeleted: (said: string) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="font-semibold text-2xl text-ink">
        Address
      </h2>
      {legalPagePaths.includes(page.path) ? (
        <p className="text-cocoa">
          This page has an address of its own on the site, {absoluteUrl(page.path)}, linked from
          every page's footer: it can't be renamed or deleted here.
        </p>
      ) : (
        <>
          <PageRename page={page} unsaved={unsaved} onMoved={onMoved} />
          <PageDelete page={page} unsaved={unsaved} onDeleted={onDeleted} />
        </>
      )}
    </section>
  );
}
