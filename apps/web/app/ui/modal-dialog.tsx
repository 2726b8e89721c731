import type { ReactNode, RefObject } from "react";

/**
 * The card a modal dialog is drawn as, around the `<dialog>` that useModalDialog opens and
 * closes (`dialog` is its ref). `wide` for a form with fields side by side.
 */
export function ModalDialog({
  dialog,
  onClose,
  labelledBy,
  wide = false,
  children,
}: {
  dialog: RefObject<HTMLDialogElement | null>;
  onClose: () => void;
  /** The id of the dialog's heading, its accessible name. */
  labelledBy: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <dialog
      ref={dialog}
      onClose={(event) => {
        // The close event comes a moment after the dialog closed: when it was opened again in
        // that moment (Escape, then Enter on its opener at once), it stays open.
        if (!event.currentTarget.open) onClose();
      }}
      aria-labelledby={labelledBy}
      className={`m-auto w-full ${wide ? "max-w-2xl" : "max-w-lg"} rounded-2xl bg-white p-6 text-ink shadow-card`}
    >
      {children}
    </dialog>
  );
}
