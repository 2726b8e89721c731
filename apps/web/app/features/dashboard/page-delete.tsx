import type { AdminPage } from "@bakery/shared/admin-pages-contract";
import { useState } from "react";
import { ApiRequestError } from "#app/lib/api/api-client.ts";
import { absoluteUrl } from "#app/site-config.ts";
import { buttonClasses } from "#app/ui/button-styles.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { deletePage } from "./page-editor-api.ts";
import { requestFailureWords } from "./request-failure-words.ts";

/**
 * Deletes the page, after asking, exactly as it was opened: a change someone saved meanwhile
 * is refused (412) with their name, rather than deleted unseen.
 */
export function PageDelete({
  page,
  unsaved,
  onDeleted,
}: {
  page: AdminPage;
  unsaved: boolean;
  onDeleted: (said: string) => void;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");
  const address = absoluteUrl(page.path);

  async function remove() {
    setBusy(true);
    setProblem("");
    try {
      await deletePage(page.handle, page.revision);
      onDeleted(`Deleted “${page.title}”. Visitors at ${address} are told it doesn't exist.`);
    } catch (error) {
      if (error instanceof ApiRequestError && error.leavingPage) return;
      setProblem(requestFailureWords(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <button type="button" onClick={() => setAsking(true)} className={buttonClasses("secondary")}>
        Delete this page
      </button>
      <ConfirmDialog
        open={asking}
        title={`Delete “${page.title}”?`}
        confirmLabel="Delete the page"
        busy={busy}
        problem={problem}
        onConfirm={() => void remove()}
        onCancel={() => {
          setAsking(false);
          setProblem("");
        }}
      >
        <p>
          Visitors who open <span className="break-all">{address}</span> are then told the page
          doesn't exist, within about a minute.
        </p>
        {unsaved ? <p className="font-semibold">Your unsaved changes are lost with it.</p> : null}
      </ConfirmDialog>
    </div>
  );
}
