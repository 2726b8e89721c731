import type { AdminShortLink } from "@bakery/shared/admin-links-contract";
import { redirectAllowedHosts } from "@bakery/shared/redirect-target";
import { type FormEvent, useEffect, useState } from "react";
import { flushSync } from "react-dom";
import { ApiRequestError } from "#app/lib/api/api-client.ts";
import { absoluteUrl, siteConfig } from "#app/site-config.ts";
import { deleteLink, loadLink, saveLink } from "./link-editor-api.ts";
import {
  emptyLinkForm,
  type LinkField as FieldName,
  type FieldProblems,
  fieldOfProblem,
  formProblems,
  formValuesOf,
  type LinkFormValues,
  previewTarget,
  writeBody,
} from "./link-form.ts";
import { requestFailureWords } from "./request-failure-words.ts";

/** What the editor was opened for. */
export type EditorRequest =
  | { kind: "new" }
  | { kind: "edit"; cat: string; id: string }
  | { kind: "delete"; cat: string; id: string };

/** Where the editor is: each step shows its own words and buttons (link-editor-steps.tsx). */
export type EditorStep =
  | { kind: "loading" }
  | { kind: "load-failed"; message: string }
  | { kind: "form" }
  | { kind: "replace"; message: string; existing: AdminShortLink }
  | { kind: "stale"; message: string }
  | { kind: "delete"; link: AdminShortLink };

export const siteOrigin = new URL(absoluteUrl("/")).origin;
const policy = { siteOrigin, allowedHosts: redirectAllowedHosts(siteConfig) };

/**
 * The link as typed: its values, the problems to show beside each field (the form's own once
 * something is typed there or the form was sent, and the API's), and where it would send a visitor.
 */
export function useLinkDraft(request: EditorRequest) {
  const [values, setValues] = useState<LinkFormValues>(emptyLinkForm);
  const [submitted, setSubmitted] = useState(false);
  const [apiProblems, setApiProblems] = useState<FieldProblems>({});
  const editing = request.kind !== "new";
  const cat = editing ? request.cat : values.cat.trim().toLowerCase();
  const id = editing ? request.id : values.id.trim().toLowerCase();

  function change(field: FieldName, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setApiProblems(({ [field]: _answered, ...rest }) => rest);
  }

  const ownProblems = formProblems(values, policy);
  const shown: FieldProblems = { ...apiProblems };
  for (const [field, words] of Object.entries(ownProblems) as [FieldName, string][]) {
    if (submitted || values[field] !== "") shown[field] ??= words;
  }
  return {
    values,
    setValues,
    setSubmitted,
    setApiProblems,
    change,
    ownProblems,
    shown,
    preview: previewTarget(values, policy),
    editing,
    cat,
    id,
    path: `/to/${cat}/${id}`,
  };
}

export type LinkDraft = ReturnType<typeof useLinkDraft>;

/**
 * What the editor asks of the API: the link to edit, saving it on the revision it was opened at
 * (or asking before replacing one that exists), deleting it; each answer moves the editor on.
 */
export function useLinkWrites(options: {
  request: EditorRequest;
  draft: LinkDraft;
  close: () => void;
  onChanged: (said: string) => void;
}) {
  const { request, draft, close, onChanged } = options;
  const [step, setStep] = useState<EditorStep>(
    request.kind === "new" ? { kind: "form" } : { kind: "loading" },
  );
  const [revision, setRevision] = useState<string | undefined>(undefined);
  const [formError, setFormError] = useState("");
  const [busy, setBusy] = useState(false);
  const failed = (error: unknown) => !(error instanceof ApiRequestError && error.leavingPage);
  const stale = (error: unknown) => error instanceof ApiRequestError && error.status === 412;

  async function load() {
    if (request.kind === "new") return;
    setStep({ kind: "loading" });
    try {
      const link = await loadLink(request.cat, request.id);
      draft.setValues(formValuesOf(link));
      setRevision(link.revision);
      draft.setApiProblems({});
      setFormError("");
      setStep(request.kind === "delete" ? { kind: "delete", link } : { kind: "form" });
    } catch (error) {
      if (failed(error)) setStep({ kind: "load-failed", message: requestFailureWords(error) });
    }
  }
  // Loaded once, when the editor opens on a link (the body is made anew each time).
  // biome-ignore lint/correctness/useExhaustiveDependencies: load reads only the request, fixed for this body
  useEffect(() => {
    void load();
  }, []);

  /** Runs a write, busy meanwhile; its failure is said, a stale revision moves on. */
  async function write(run: () => Promise<void>, onFailure: (error: unknown) => Promise<void>) {
    setBusy(true);
    setFormError("");
    try {
      await run();
    } catch (error) {
      if (failed(error)) await onFailure(error);
    } finally {
      setBusy(false);
    }
  }

  const save = (onRevision: string | undefined, form?: HTMLFormElement) =>
    write(
      async () => {
        await saveLink(draft.cat, draft.id, writeBody(draft.values), onRevision);
        onChanged(`Saved ${draft.path}.`);
        close();
      },
      async (error) => {
        if (stale(error) && onRevision === undefined) return offerToReplace(error);
        if (stale(error)) return setStep({ kind: "stale", message: (error as Error).message });
        const atField =
          error instanceof ApiRequestError && error.status === 422 && fieldOfProblem(error.message);
        if (!atField) return setFormError(requestFailureWords(error));
        flushSync(() => draft.setApiProblems({ [atField.field]: atField.words }));
        form?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
      },
    );

  /** The link exists already: read it (its revision), and ask before replacing it. */
  async function offerToReplace(refusal: unknown) {
    const message = (refusal as Error).message;
    try {
      setStep({ kind: "replace", message, existing: await loadLink(draft.cat, draft.id) });
    } catch (error) {
      setFormError(`${message} ${requestFailureWords(error)}`);
    }
  }

  const remove = (link: AdminShortLink) =>
    write(
      async () => {
        await deleteLink(link.cat, link.id, link.revision);
        onChanged(`Deleted ${draft.path}.`);
        close();
      },
      async (error) => {
        if (stale(error)) setStep({ kind: "stale", message: (error as Error).message });
        else setFormError(requestFailureWords(error));
      },
    );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (busy) return;
    if (Object.keys(draft.ownProblems).length > 0) {
      flushSync(() => draft.setSubmitted(true));
      form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
      return;
    }
    await save(revision, form);
  }

  return { step, setStep, busy, formError, load, save, remove, submit };
}

export type LinkWrites = ReturnType<typeof useLinkWrites>;
