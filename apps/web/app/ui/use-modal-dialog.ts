import { useEffect, useRef } from "react";

/**
 * A platform modal dialog (`<dialog>` opened with showModal: focus moves in, Escape closes, the
 * page behind is inert) shown while `shown` is neither null nor false: a request for it, or
 * true. `opener` is what had the focus when it opened, for the dialog's close handler to give it
 * back; `onOpened` runs once it is shown (to place the focus somewhere else than the first
 * control).
 */
export function useModalDialog(shown: object | boolean | null, onOpened?: () => void) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  // Each new request shows the dialog, even one made while `shown` was still the last: the
  // platform closes the dialog (Escape) a moment before its close event tells its owner, and a
  // request made in that moment (Enter on the opener at once) must show it again. Its close
  // event then finds the dialog open, and ModalDialog leaves it so. onOpened is read when the
  // dialog opens, not a reason to open it again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const open = shown !== null && shown !== false;
    if (open && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
      onOpened?.();
    } else if (!open && element.open) element.close();
  }, [shown]);

  /** Focus back to what opened the dialog, when it is still on the page; whether it was. */
  function focusOpener(): boolean {
    const back = opener.current;
    if (!(back instanceof HTMLElement && back.isConnected)) return false;
    back.focus();
    return true;
  }

  return { dialog, focusOpener, close: () => dialog.current?.close() };
}
