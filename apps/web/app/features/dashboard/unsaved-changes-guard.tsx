import { useCallback, useEffect, useRef } from "react";
import { type BlockerFunction, useBlocker } from "react-router";
import { ConfirmDialog } from "./confirm-dialog.tsx";

/**
 * Keeps a person from losing what they typed by leaving the page: the browser's own question
 * when the tab is closed or reloaded or another site is opened (beforeunload), and the
 * editor's (LeaveWithoutSaving) when a link inside the site is followed. `release` lets one
 * navigation the editor makes itself (after a delete, a rename) through.
 */
export function useUnsavedChangesGuard(unsaved: boolean) {
  const released = useRef(false);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      unsaved &&
      !released.current &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
    [unsaved],
  );
  const blocker = useBlocker(shouldBlock);
  const release = useCallback(() => {
    released.current = true;
  }, []);
  return { blocker, release };
}

/** The question asked when a link inside the site is followed with changes unsaved. */
export function LeaveWithoutSaving({
  blocker,
  what,
}: {
  blocker: ReturnType<typeof useBlocker>;
  /** What would be lost: "your changes to Privacy Policy". */
  what: string;
}) {
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      title="Leave without saving?"
      confirmLabel="Leave without saving"
      cancelLabel="Stay on this page"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <p>You haven't saved {what}. If you leave now, they are lost.</p>
    </ConfirmDialog>
  );
}
