import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { absoluteUrl } from "#app/site-config.ts";
import { buttonClasses } from "#app/ui/button-styles.ts";
import { CACHE_WINDOW_WORDS } from "./page-words.ts";
import type { SaveStep } from "./use-page-draft.ts";

/**
 * The page editor's Save button and what the last save did: saved (and when visitors see
 * it, with the page to check), or why not. Whether there are unsaved changes is said too, so
 * nobody wonders whether the Save went through.
 */
export function SaveBar({
  step,
  creating,
  unsaved,
}: {
  step: SaveStep;
  creating: boolean;
  unsaved: boolean;
}) {
  const saving = step.kind === "saving";
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-4">
        <button
          type="submit"
          aria-disabled={saving || undefined}
          className={buttonClasses("primary")}
        >
          {saving ? "Saving…" : creating ? "Create the page" : "Save the page"}
        </button>
        <span className="text-cocoa text-sm">
          {unsaved && !saving ? "You have unsaved changes." : ""}
        </span>
      </div>
      <div role="status" className="text-ink empty:hidden">
        {step.kind === "saved" ? (
          <p>
            Saved. {CACHE_WINDOW_WORDS}{" "}
            <Link
              to={step.page.path}
              className="break-all font-semibold text-brand-700 underline underline-offset-4"
            >
              Open {absoluteUrl(step.page.path)}
            </Link>
          </p>
        ) : null}
      </div>
      <p role="alert" className="text-red-800 empty:hidden">
        {step.kind === "failed" ? `Not saved. ${step.message}` : ""}
      </p>
    </div>
  );
}

/**
 * A save refused because someone else changed the page since it was opened: the API's words
 * (who, when), and the way on, their version, with what was typed here kept aside.
 */
export function StaleSave({
  message,
  onOpenTheirs,
}: {
  message: string;
  onOpenTheirs: () => void;
}) {
  const open = useRef<HTMLButtonElement>(null);
  // The way on takes the focus: the keyboard is at the Save button, below.
  useEffect(() => open.current?.focus(), []);
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-2xl border border-red-800 bg-white p-6"
    >
      <p className="font-semibold text-ink">Not saved. {message}</p>
      <p className="text-cocoa">
        Open their version to see the page as it is now; what you typed stays beside it, to copy
        from. Nothing is overwritten.
      </p>
      <button ref={open} type="button" onClick={onOpenTheirs} className={buttonClasses("primary")}>
        Open their version
      </button>
    </div>
  );
}
