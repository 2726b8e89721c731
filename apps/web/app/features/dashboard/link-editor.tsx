import type { AdminShortLink } from "@bakery/shared/admin-links-contract";
import { redirectAllowedHosts } from "@bakery/shared/redirect-target";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { ApiNetworkError, ApiRequestError } from "#app/lib/api/api-client.ts";
import { absoluteUrl, siteConfig } from "#app/site-config.ts";
import { buttonClasses } from "#app/ui/button-styles.ts";
import { CampaignBuilder, type KnownNames } from "./campaign-builder.tsx";
import { CopyLinkButton } from "./copy-link.tsx";
import { deleteLink, loadFunnelNames, loadLink, saveLink } from "./link-editor-api.ts";
import { LinkField } from "./link-field.tsx";
import {
  type CampaignField,
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
      setStep({ kind: "load-failed", message: wordsFor(error) });
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
      } else setFormError(wordsFor(error));
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
      setFormError(`${message} ${wordsFor(error)}`);
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
      } else setFormError(wordsFor(error));
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
          <div className="flex flex-wrap gap-4 *:flex-1">
            <LinkField
              id={`${idPrefix}-cat`}
              label="Category"
              value={values.cat}
              onChange={(value) => change("cat", value)}
              problem={shown.cat}
              readOnly={editing}
              required
            />
            <LinkField
              id={`${idPrefix}-id`}
              label="ID"
              value={values.id}
              onChange={(value) => change("id", value)}
              problem={shown.id}
              readOnly={editing}
              required
            />
          </div>
          <div className="flex flex-col gap-2">
            <p className="font-semibold text-sm">Short link</p>
            <p className="break-all" aria-live="polite">
              {shortAddress(siteOrigin, cat, id)}
            </p>
            {ownProblems.cat || ownProblems.id ? null : (
              <CopyLinkButton
                address={shortAddress(siteOrigin, cat, id)}
                label={`Copy ${shortAddress(siteOrigin, cat, id)}`}
              />
            )}
          </div>
          <LinkField
            id={`${idPrefix}-destination`}
            label="Destination"
            value={values.destination}
            onChange={(value) => change("destination", value)}
            problem={shown.destination}
            note="A path on this site (/pricing) or an address on an allowed host"
            required
          />
          <CampaignBuilder
            idPrefix={idPrefix}
            values={values}
            onChange={(field: CampaignField, value) => change(field, value)}
            problems={shown}
            known={known}
          />
          {namesFailed ? (
            <p className="text-cocoa text-sm">
              The campaign names already in the funnel could not be loaded, so there are no
              suggestions; you can still type them.
            </p>
          ) : null}
          <div className="flex flex-col gap-2 rounded-xl bg-brand-50 p-4">
            <p className="font-semibold text-sm">Visitors are sent to</p>
            <p className="break-all" aria-live="polite">
              {preview.ok
                ? absoluteUrl(preview.target)
                : "Shown here once the destination and campaign fields are complete."}
            </p>
          </div>
          <LinkField
            id={`${idPrefix}-expires`}
            label="Expires"
            type="datetime-local"
            value={values.expiresAt}
            onChange={(value) => change("expiresAt", value)}
            problem={shown.expiresAt}
            note="Your time zone. After it, the link goes to the fallback, or says it has ended."
          />
          <LinkField
            id={`${idPrefix}-fallback`}
            label="Fallback destination"
            value={values.fallback}
            onChange={(value) => change("fallback", value)}
            problem={shown.fallback}
            note="Where the link goes once it has expired"
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

/** Words for a failed request: the API's own, or what went wrong on the way. */
function wordsFor(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message;
  if (error instanceof ApiNetworkError) {
    return error.timedOut
      ? "The server took too long to answer. Try again."
      : "We couldn't reach the server. Check your connection and try again.";
  }
  return "Something went wrong on this page. Try again.";
}
