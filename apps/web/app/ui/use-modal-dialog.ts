import { useEffect, useRef } from "react";

/**
 * A platform modal dialog (`<dialog>` opened with showModal: focus moves in, Escape closes, the
 * page behind is inert) shown while `open` is true. `opener` is what had the focus when it
 * opened, for the dialog's close handler to give it back; `onOpened` runs once it is shown (to
 * place the focus somewhere else than the first control).
 */
export function useModalDialog(open: boolean, onOpened?: () => void) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  // onOpened is read when the dialog opens, not a reason to open it again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
      onOpened?.();
    } else if (!open && element.open) element.close();
  }, [open]);

  /** Focus back to what opened the dialog, when it is still on the page; whether it was. */
  function focusOpener(): boolean {
    const back = opener.current;
    if (!(back instanceof HTMLElement && back.isConnected)) return false;
    back.focus();
    return true;
  }

  return { dialog, focusOpener, close: () => dialog.current?.close() };
}
