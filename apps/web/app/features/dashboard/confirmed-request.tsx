import { type ReactNode, useState } from "react";
import { buttonClasses } from "#app/ui/button-styles.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { useRequest } from "./use-request.ts";

/**
 * A button for a request that can't simply be taken back: it asks first, in a ConfirmDialog
 * that says why a try failed. `request` is handed `close`, for the screens that stay once it
 * is done (a deleted page's screen goes away instead).
 */
export function ConfirmedRequest({
  label,
  buttonStyle,
  title,
  confirmLabel,
  children,
  request,
}: {
  label: ReactNode;
  buttonStyle: "primary" | "secondary";
  title: string;
  confirmLabel: string;
  /** What happens, in words, above the dialog's buttons. */
  children: ReactNode;
  request: (close: () => void) => Promise<void>;
}) {
  const [asking, setAsking] = useState(false);
  const { busy, failure, setFailure, run } = useRequest();

  return (
    <>
      <button type="button" onClick={() => setAsking(true)} className={buttonClasses(buttonStyle)}>
        {label}
      </button>
      <ConfirmDialog
        open={asking}
        title={title}
        confirmLabel={confirmLabel}
        busy={busy}
        problem={failure}
        onConfirm={() => void run(() => request(() => setAsking(false)))}
        onCancel={() => {
          setAsking(false);
          setFailure("");
        }}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
