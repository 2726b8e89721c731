import type { AdminPage } from "@bakery/shared/admin-pages-contract";
import { useCallback, useEffect, useState } from "react";
import { ApiRequestError } from "#app/lib/api/api-client.ts";
import { listPages, loadPage, savePage } from "./page-editor-api.ts";
import {
  emptyPageForm,
  hasUnsavedChanges,
  type PageFormField,
  type PageFormValues,
  pageFormValuesOf,
  pageWriteBody,
} from "./page-form.ts";
import { requestFailureWords } from "./request-failure-words.ts";

export type DraftLoad =
  | { kind: "loading" }
  | { kind: "failed"; message: string }
  /** `page` null: there is no page by this handle yet, and saving makes it. */
  | { kind: "ready"; page: AdminPage | null }
  /** The handle is a renamed page's old one: its address leads to the page at `to`. */
  | { kind: "renamed"; to: string };

export type SaveStep =
  | { kind: "editing" }
  | { kind: "saving" }
  /** Saved: the page visitors will read. */
  | { kind: "saved"; page: AdminPage }
  /** The save was refused: someone changed (or made) the page since it was opened. */
  | { kind: "stale"; message: string }
  | { kind: "failed"; message: string };

/**
 * One page being edited: the page as loaded (its revision), what the form holds, and the
 * save. A save names the revision it was made on, so a change someone else saved meanwhile is
 * refused, never overwritten; "open their version" then loads theirs and keeps what was typed
 * here aside (`setAside`) to copy from.
 */
export function usePageDraft(handle: string) {
  const [load, setLoad] = useState<DraftLoad>({ kind: "loading" });
  const [values, setValues] = useState<PageFormValues>(emptyPageForm);
  const [saved, setSaved] = useState<PageFormValues>(emptyPageForm);
  const [step, setStep] = useState<SaveStep>({ kind: "editing" });
  const [setAside, setSetAside] = useState<PageFormValues | null>(null);
  const page = load.kind === "ready" ? load.page : null;

  /** The editor shows `loaded` as it is now (after a load, a save, a restore, a rename). */
  const adopt = useCallback((loaded: AdminPage | null) => {
    const stored = loaded ? pageFormValuesOf(loaded) : emptyPageForm;
    setLoad({ kind: "ready", page: loaded });
    setSaved(stored);
    setValues(stored);
  }, []);

  const read = useCallback(async (): Promise<AdminPage | null> => {
    try {
      return await loadPage(handle);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) return null;
      throw error;
    }
  }, [handle]);

  const reload = useCallback(async () => {
    setLoad({ kind: "loading" });
    try {
      const loaded = await read();
      // No page: a new one, unless the handle is a renamed page's old one (the API says 404).
      const renamed = loaded
        ? undefined
        : (await listPages()).renamed.find((old) => old.handle === handle);
      if (renamed) setLoad({ kind: "renamed", to: renamed.to });
      else adopt(loaded);
    } catch (error) {
      if (error instanceof ApiRequestError && error.leavingPage) return;
      setLoad({ kind: "failed", message: requestFailureWords(error) });
    }
  }, [adopt, read, handle]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const change = useCallback((field: PageFormField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setStep((current) => (current.kind === "saved" ? { kind: "editing" } : current));
  }, []);

  async function save() {
    if (step.kind === "saving") return;
    const sent = values;
    setStep({ kind: "saving" });
    try {
      const stored = await savePage(handle, pageWriteBody(sent), page?.revision);
      setLoad({ kind: "ready", page: stored });
      setSaved(pageFormValuesOf(stored));
      // What was typed while the save was on its way stays in the form, unsaved.
      setValues((current) => (current === sent ? pageFormValuesOf(stored) : current));
      setStep({ kind: "saved", page: stored });
    } catch (error) {
      if (error instanceof ApiRequestError && error.leavingPage) return;
      // Only a colleague's change (412) makes the page stale: the editor always sends a
      // condition, so a 409 is a refusal said in words (the team's most pages, say).
      const refused = error instanceof ApiRequestError && error.status === 412;
      const message = requestFailureWords(error);
      setStep(refused ? { kind: "stale", message } : { kind: "failed", message });
    }
  }

  /** After a refused save: the page as it is now in the editor, what was typed here set aside. */
  async function openTheirVersion() {
    const mine = values;
    try {
      const theirs = await read();
      setSetAside(mine);
      adopt(theirs);
      setStep({ kind: "editing" });
    } catch (error) {
      if (error instanceof ApiRequestError && error.leavingPage) return;
      setStep({ kind: "failed", message: requestFailureWords(error) });
    }
  }

  return {
    load,
    page,
    values,
    unsaved: load.kind === "ready" && hasUnsavedChanges(values, saved),
    step,
    setAside,
    change,
    save,
    reload,
    adopt,
    openTheirVersion,
    dismissSetAside: () => setSetAside(null),
  };
}
