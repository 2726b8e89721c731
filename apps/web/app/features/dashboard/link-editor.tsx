import { useEffect, useId, useRef, useState } from "react";
import { buttonClasses } from "#app/ui/button-styles.ts";
import { ModalDialog } from "#app/ui/modal-dialog.tsx";
import { useModalDialog } from "#app/ui/use-modal-dialog.ts";
import type { KnownNames } from "./campaign-builder.tsx";
import { loadFunnelNames } from "./link-editor-api.ts";
import {
  DeleteStep,
  FormStep,
  LoadFailedStep,
  ReplaceStep,
  StaleStep,
} from "./link-editor-steps.tsx";
import { namesInTargets } from "./link-form.ts";
import { type EditorRequest, useLinkDraft, useLinkWrites } from "./use-link-editor.ts";

/**
 * The short-link editor, in a modal dialog (the platform's: focus moves in, Escape closes, the
 * page behind is inert): create a link with the campaign builder, change one, or delete one.
 * Every write names the version it was made on, so nobody's change is overwritten unseen.
 * Focus goes back to what opened it, or to `fallbackFocus` when that is gone (the table reloads
 * after a change).
 */
export function LinkEditor({
  request,
  onClose,
  onChanged,
  linkTargets,
  fallbackFocus,
}: {
  request: EditorRequest | null;
  onClose: () => void;
  /** A link was saved or deleted: the words to say, and the table to reload. */
  onChanged: (said: string) => void;
  /** The targets of the links on the page: names for content and term. */
  linkTargets: readonly string[];
  fallbackFocus: () => HTMLElement | null;
}) {
  const { dialog, focusOpener, close } = useModalDialog(request);
  // Each opening gets a body of its own (the form starts afresh), counted as the request changes.
  const [opening, setOpening] = useState({ request, count: 0 });
  if (opening.request !== request) setOpening({ request, count: opening.count + 1 });
  const funnelNames = useFunnelNames(request !== null);

  function closed() {
    onClose();
    if (!focusOpener()) fallbackFocus()?.focus();
  }

  const known: KnownNames = {
    source: funnelNames.names.source,
    medium: funnelNames.names.medium,
    campaign: funnelNames.names.campaign,
    content: namesInTargets(linkTargets, "utm_content"),
    term: namesInTargets(linkTargets, "utm_term"),
  };

  return (
    <ModalDialog dialog={dialog} onClose={closed} labelledBy="link-editor-heading" wide>
      {request ? (
        <EditorBody
          key={opening.count}
          request={request}
          known={known}
          namesFailed={funnelNames.failed}
          close={close}
          onChanged={onChanged}
        />
      ) : null}
    </ModalDialog>
  );
}

/** The funnel's names, loaded once, the first time the editor opens. */
function useFunnelNames(wanted: boolean) {
  const [state, setState] = useState<{
    names: Record<"source" | "medium" | "campaign", string[]>;
    failed: boolean;
    asked: boolean;
  }>({ names: { source: [], medium: [], campaign: [] }, failed: false, asked: false });
  useEffect(() => {
    if (!wanted || state.asked) return;
    setState((current) => ({ ...current, asked: true }));
    loadFunnelNames().then(
      (names) => setState({ names, failed: false, asked: true }),
      (error: unknown) => {
        console.error("Could not load the campaign names", error);
        setState((current) => ({ ...current, failed: true }));
      },
    );
  }, [wanted, state.asked]);
  return state;
}

function EditorBody({
  request,
  known,
  namesFailed,
  close,
  onChanged,
}: {
  request: EditorRequest;
  known: KnownNames;
  namesFailed: boolean;
  close: () => void;
  onChanged: (said: string) => void;
}) {
  const idPrefix = useId();
  const draft = useLinkDraft(request);
  const writes = useLinkWrites({ request, draft, close, onChanged });
  const { step } = writes;
  const body = useRef<HTMLDivElement>(null);

  // Each step's first control takes the focus, so the keyboard carries on from there.
  useEffect(() => {
    void step.kind;
    body.current
      ?.querySelector<HTMLElement>("[data-first], input:not([readonly]), button")
      ?.focus();
  }, [step.kind]);

  const heading =
    request.kind === "new"
      ? "New short link"
      : `${request.kind === "delete" ? "Delete" : "Edit"} /to/${request.cat}/${request.id}`;
  const cancel = (
    <button type="button" onClick={close} className={buttonClasses("secondary")}>
      Cancel
    </button>
  );
  const failure = (
    <p role="alert" aria-live="assertive" className="text-red-800">
      {writes.formError}
    </p>
  );

  return (
    <div ref={body} className="flex flex-col gap-4">
      <h2 id="link-editor-heading" className="font-semibold text-2xl">
        {heading}
      </h2>
      {step.kind === "loading" ? <p role="status">Loading {draft.path}…</p> : null}
      {step.kind === "load-failed" ? (
        <LoadFailedStep message={step.message} writes={writes} cancel={cancel} />
      ) : null}
      {step.kind === "replace" ? (
        <ReplaceStep
          message={step.message}
          existing={step.existing}
          draft={draft}
          writes={writes}
          failure={failure}
        />
      ) : null}
      {step.kind === "stale" ? (
        <StaleStep message={step.message} writes={writes} cancel={cancel} />
      ) : null}
      {step.kind === "delete" ? (
        <DeleteStep link={step.link} writes={writes} cancel={cancel} failure={failure} />
      ) : null}
      {step.kind === "form" ? (
        <FormStep
          idPrefix={idPrefix}
          draft={draft}
          writes={writes}
          known={known}
          namesFailed={namesFailed}
          cancel={cancel}
          failure={failure}
        />
      ) : null}
    </div>
  );
}
