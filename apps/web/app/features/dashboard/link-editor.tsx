import type { AdminShortLink } from "@bakery/shared/admin-links-contract";
import { redirectAllowedHosts } from "@bakery/shared/redirect-target";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { ApiRequestError } from "#app/lib/api/api-client.ts";
import { absoluteUrl, siteConfig } from "#app/site-config.ts";
import { buttonClasses } from "#app/ui/button-styles.ts";
import type { KnownNames } from "./campaign-builder.tsx";
import { deleteLink, loadFunnelNames, loadLink, saveLink } from "./link-editor-api.ts";
import {
  emptyLinkForm,
  type LinkField as FieldName,
  type FieldProblems,
  fieldOfProblem,
  formProblems,
  formValuesOf,
  type LinkFormValues,
  namesInTargets,
  previewTarget,
  shortAddress,
  writeBody,
} from "./link-form.ts";
import { LinkFormFields } from "./link-form-fields.tsx";
import { requestFailureWords } from "./request-failure-words.ts";

/** What the editor was opened for. */
export type EditorRequest =
  | { kind: "new" }
  | { kind: "edit"; cat: string; id: string }
  | { kind: "delete"; cat: string; id: string };

const siteOrigin = new URL(absoluteUrl("/")).origin;
const policy = { siteOrigin, allowedHosts: redirectAllowedHosts(siteConfig) };

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
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  // Each opening gets a body of its own (the form starts afresh), counted as the request changes.
  const [opening, setOpening] = useState({ request, count: 0 });
  if (opening.request !== request) setOpening({ request, count: opening.count + 1 });
  const funnelNames = useFunnelNames(request !== null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (request && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
    } else if (!request && element.open) element.close();
  }, [request]);

  function closed() {
    onClose();
    const back = opener.current;
    (back instanceof HTMLElement && back.isConnected ? back : fallbackFocus())?.focus();
  }

  const known: KnownNames = {
    source: funnelNames.names.source,
    medium: funnelNames.names.medium,
    campaign: funnelNames.names.campaign,
    content: namesInTargets(linkTargets, "utm_content"),
    term: namesInTargets(linkTargets, "utm_term"),
  };

  return (
    <dialog
      ref={dialog}
      onClose={closed}
      aria-labelledby="link-editor-heading"
      className="m-auto w-full max-w-2xl rounded-2xl bg-white p-6 text-ink shadow-card"
    >
      {request ? (
        <EditorBody
          key={opening.count}
          request={request}
          known={known}
          namesFailed={funnelNames.failed}
          close={() => dialog.current?.close()}
          onChanged={onChanged}
        />
      ) : null}
    </dialog>
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

type Step =
  | { kind: "loading" }
  | { kind: "load-failed"; message: string }
  | { kind: "form" }
  | { kind: "replace"; message: string; existing: AdminShortLink }
  | { kind: "stale"; message: string }
  | { kind: "delete"; link: AdminShortLink };

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
  const [values, setValues] = useState<LinkFormValues>(emptyLinkForm);
  const [revision, setRevision] = useState<string | undefined>(undefined);
  const [step, setStep] = useState<Step>(
    request.kind === "new" ? { kind: "form" } : { kind: "loading" },
  );
  const [submitted, setSubmitted] = useState(false);
  const [apiProblems, setApiProblems] = useState<FieldProblems>({});
  const [formError, setFormError] = useState("");
  const [busy, setBusy] = useState(false);
  const body = useRef<HTMLDivElement>(null);

  // Each step's first control takes the focus, so the keyboard carries on from there.
  useEffect(() => {
    void step.kind;
    body.current
      ?.querySelector<HTMLElement>("[data-first], input:not([readonly]), button")
      ?.focus();
  }, [step.kind]);

  const editing = request.kind !== "new";
  const cat = editing ? request.cat : values.cat.trim().toLowerCase();
  const id = editing ? request.id : values.id.trim().toLowerCase();
  const path = `/to/${cat}/${id}`;

  async function load() {
    if (request.kind === "new") return;
    setStep({ kind: "loading" });
    try {
      const link = await loadLink(request.cat, request.id);
      setValues(formValuesOf(link));
      setRevision(link.revision);
      setApiProblems({});
      setFormError("");
      setStep(request.kind === "delete" ? { kind: "delete", link } : { kind: "form" });
    } catch (error) {
      if (error instanceof ApiRequestError && error.leavingPage) return;
      setStep({ kind: "load-failed", message: requestFailureWords(error) });
    }
  }
  // Loaded once, when the editor opens on a link (the body is made anew each time).
  // biome-ignore lint/correctness/useExhaustiveDependencies: load reads only the request, fixed for this body
  useEffect(() => {
    void load();
  }, []);

  function change(field: FieldName, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setApiProblems(({ [field]: _answered, ...rest }) => rest);
  }

  const ownProblems = formProblems(values, policy);
  const shown: FieldProblems = { ...apiProblems };
  for (const [field, words] of Object.entries(ownProblems) as [FieldName, string][]) {
    // A field's problem shows once something is typed there, or the form was sent.
    if (submitted || values[field] !== "") shown[field] ??= words;
  }
  const preview = previewTarget(values, policy);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (busy) return;
    if (Object.keys(ownProblems).length > 0) {
      flushSync(() => setSubmitted(true));
      form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
      return;
    }
    await save(revision, form);
  }

  async function save(onRevision: string | undefined, form?: HTMLFormElement) {
    setBusy(true);
    setFormError("");
    try {
      await saveLink(cat, id, writeBody(values), onRevision);
      onChanged(`Saved ${path}.`);
      close();
    } catch (error) {
      if (error instanceof ApiRequestError && error.leavingPage) return;
      if (error instanceof ApiRequestError && error.status === 412) {
        if (onRevision === undefined) await offerToReplace(error.message);
        else setStep({ kind: "stale", message: error.message });
        return;
      }
      const atField =
        error instanceof ApiRequestError && error.status === 422 && fieldOfProblem(error.message);
      if (atField) {
        flushSync(() => setApiProblems({ [atField.field]: atField.words }));
        form?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
      } else setFormError(requestFailureWords(error));
    } finally {
      setBusy(false);
    }
  }

  /** The link exists already: read it (its revision), and ask before replacing it. */
  async function offerToReplace(message: string) {
    try {
      const existing = await loadLink(cat, id);
      setStep({ kind: "replace", message, existing });
    } catch (error) {
      setFormError(`${message} ${requestFailureWords(error)}`);
    }
  }

  async function remove(link: AdminShortLink) {
    setBusy(true);
    setFormError("");
    try {
      await deleteLink(link.cat, link.id, link.revision);
      onChanged(`Deleted ${path}.`);
      close();
    } catch (error) {
      if (error instanceof ApiRequestError && error.leavingPage) return;
      if (error instanceof ApiRequestError && error.status === 412) {
        setStep({ kind: "stale", message: error.message });
      } else setFormError(requestFailureWords(error));
    } finally {
      setBusy(false);
    }
  }

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
      {formError}
    </p>
  );

  return (
    <div ref={body} className="flex flex-col gap-4">
      <h2 id="link-editor-heading" className="font-semibold text-2xl">
        {heading}
      </h2>
      {step.kind === "loading" ? <p role="status">Loading {path}…</p> : null}
      {step.kind === "load-failed" ? (
        <>
          <p role="alert">{step.message}</p>
          <div className="flex flex-wrap gap-2">
            <button type="button" data-first onClick={load} className={buttonClasses("primary")}>
              Try again
            </button>
            {cancel}
          </div>
        </>
      ) : null}
      {step.kind === "replace" ? (
        <>
          <p role="alert">{step.message}</p>
          <p>
            Replace it with yours? {step.existing.shortLink} then leads to{" "}
            {preview.ok ? absoluteUrl(preview.target) : values.destination}.
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              data-first
              aria-disabled={busy || undefined}
              onClick={() => !busy && save(step.existing.revision)}
              className={buttonClasses("primary")}
            >
              Replace {step.existing.link}
            </button>
            <button
              type="button"
              onClick={() => setStep({ kind: "form" })}
              className={buttonClasses("secondary")}
            >
              Go back
            </button>
          </div>
          {failure}
        </>
      ) : null}
      {step.kind === "stale" ? (
        <>
          <p role="alert">{step.message}</p>
          <p>Load the version there is now to see that change; what you typed here is set aside.</p>
          <div className="flex flex-wrap gap-2">
            <button type="button" data-first onClick={load} className={buttonClasses("primary")}>
              Load the current version
            </button>
            {cancel}
          </div>
        </>
      ) : null}
      {step.kind === "delete" ? (
        <>
          <p>
            Delete {step.link.shortLink}? It leads to {step.link.target} and has been followed{" "}
            {step.link.clicks} times. Anyone who follows it afterwards is told it doesn't exist.
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              data-first
              aria-disabled={busy || undefined}
              onClick={() => !busy && remove(step.link)}
              className={buttonClasses("primary")}
            >
              Delete {step.link.link}
            </button>
            {cancel}
          </div>
          {failure}
        </>
      ) : null}
      {step.kind === "form" ? (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <LinkFormFields
            idPrefix={idPrefix}
            values={values}
            editing={editing}
            shortLink={{
              address: shortAddress(siteOrigin, cat, id),
              copyable: !ownProblems.cat && !ownProblems.id,
            }}
            problems={shown}
            preview={preview}
            known={known}
            namesFailed={namesFailed}
            onChange={change}
            onSignInRequiredChange={(checked) =>
              setValues((current) => ({ ...current, signInRequired: checked }))
            }
          />
          {failure}
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              aria-disabled={busy || undefined}
              className={buttonClasses("primary")}
            >
              {busy ? "Saving…" : "Save link"}
            </button>
            {cancel}
          </div>
        </form>
      ) : null}
    </div>
  );
}
