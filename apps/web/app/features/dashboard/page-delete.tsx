import type { AdminPage } from "@bakery/shared/admin-pages-contract";
import { absoluteUrl } from "#app/site-config.ts";
import { ConfirmedRequest } from "./confirmed-request.tsx";
import { deletePage } from "./page-editor-api.ts";

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
  const address = absoluteUrl(page.path);

  return (
    <div>
      <ConfirmedRequest
        label="Delete this page"
        buttonStyle="secondary"
        title={`Delete “${page.title}”?`}
        confirmLabel="Delete the page"
        request={async () => {
          await deletePage(page.handle, page.revision);
          onDeleted(`Deleted “${page.title}”. Visitors at ${address} are told it doesn't exist.`);
        }}
      >
        <p>
          Visitors who open <span className="break-all">{address}</span> are then told the page
          doesn't exist, within about a minute.
        </p>
        {unsaved ? <p className="font-semibold">Your unsaved changes are lost with it.</p> : null}
      </ConfirmedRequest>
    </div>
  );
}
