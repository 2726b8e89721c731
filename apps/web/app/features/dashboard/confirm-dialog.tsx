import { type ReactNode, useId, useRef } from "react";
import { buttonClasses } from "#app/ui/button-styles.ts";
import { ModalDialog } from "#app/ui/modal-dialog.tsx";
import { useModalDialog } from "#app/ui/use-modal-dialog.ts";

/**
 * A question asked before something that can't simply be taken back (delete, restore, leave
 * with unsaved changes), in the platform's modal dialog: focus moves to the answer that keeps
 * things as they are, Escape is that answer too, and the page behind is inert meanwhile.
 * Focus goes back to what opened it when it closes.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = "Cancel",
  busy = false,
  problem = "",
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  /** Why the last try failed, in words; shown (and announced) in the dialog. */
  problem?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  const { dialog, focusOpener, close } = useModalDialog(open, () => cancel.current?.focus());
  const headingId = useId();

  function closed() {
    if (open) onCancel();
    focusOpener();
  }

  return (
    <ModalDialog dialog={dialog} onClose={closed} labelledBy={headingId}>
      {open ? (
        <div className="flex flex-col gap-4">
          <h2 id={headingId} className="font-semibold text-2xl">
            {title}
          </h2>
          {children}
          <p role="alert" className="text-red-800">
            {problem}
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              aria-disabled={busy || undefined}
              onClick={() => !busy && onConfirm()}
              className={buttonClasses("primary")}
            >
              {busy ? "Working…" : confirmLabel}
            </button>
            <button
              ref={cancel}
              type="button"
              onClick={close}
              className={buttonClasses("secondary")}
            >
              {cancelLabel}
            </button>
          </div>
        </div>
      ) : null}
    </ModalDialog>
  );
}
