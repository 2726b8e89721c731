import type { TeamMember } from "@bakery/shared/admin-team-contract";
import { useRef } from "react";
import { ApiRequestError } from "#app/lib/api/api-client.ts";
import { buttonClasses } from "#app/ui/button-styles.ts";
import { ModalDialog } from "#app/ui/modal-dialog.tsx";
import { useModalDialog } from "#app/ui/use-modal-dialog.ts";
import { removeOperator } from "./team-api.ts";
import { memberName } from "./team-words.ts";
import { useRequest } from "./use-request.ts";

/** Whose role the dialog asks about; `yourself` when it is the person signed in. */
export type RemovalRequest = { member: TeamMember; yourself: boolean };

/**
 * Asks before taking the operator role away, naming the person (the platform's modal dialog:
 * focus moves in, Escape closes, the page behind is inert). A refusal, such as the last
 * operator removing themselves, is said in the API's words and nothing changes. Focus goes
 * back to what opened it, unless the person was removed: `onRemoved` then says where it goes.
 */
export function TeamRemoveDialog({
  request,
  onClose,
  onRemoved,
  onListChanged,
}: {
  request: RemovalRequest | null;
  onClose: () => void;
  onRemoved: (request: RemovalRequest) => void;
  /** The list is out of date (the person was removed meanwhile): read it again. */
  onListChanged: () => void;
}) {
  const { dialog, focusOpener, close } = useModalDialog(request);
  // After a removal the screen places the focus itself, once its row is gone.
  const removed = useRef(false);

  function closed() {
    onClose();
    if (removed.current) removed.current = false;
    else focusOpener();
  }

  return (
    <ModalDialog dialog={dialog} onClose={closed} labelledBy="team-remove-heading">
      {request ? (
        <RemovalQuestion
          // A body of its own for each person asked about: no words left from the last one.
          key={request.member.uid}
          request={request}
          close={close}
          onRemoved={(done) => {
            removed.current = true;
            onRemoved(done);
          }}
          onListChanged={onListChanged}
        />
      ) : null}
    </ModalDialog>
  );
}

function RemovalQuestion({
  request,
  close,
  onRemoved,
  onListChanged,
}: {
  request: RemovalRequest;
  close: () => void;
  onRemoved: (request: RemovalRequest) => void;
  onListChanged: () => void;
}) {
  const { busy, failure, run } = useRequest();
  const name = memberName(request.member);

  async function remove() {
    if (busy) return;
    await run(
      async () => {
        await removeOperator(request.member.uid);
        onRemoved(request);
        close();
      },
      (error) => {
        if (error instanceof ApiRequestError && error.status === 404) onListChanged();
      },
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <h2 id="team-remove-heading" className="font-semibold text-2xl wrap-anywhere">
        {request.yourself ? "Remove yourself from the team?" : `Remove ${name}?`}
      </h2>
      <p>
        {request.yourself
          ? `You (${name}) will no longer see the dashboard, the pages or the team, or change anything here. Another operator can add you again.`
          : `${name} will no longer see the dashboard, the pages or the team, or change anything here. You can add them again later.`}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={remove}
          aria-disabled={busy || undefined}
          className={`${buttonClasses("primary")} wrap-anywhere`}
        >
          {busy ? "Removing…" : request.yourself ? "Remove myself" : `Remove ${name}`}
        </button>
        <button type="button" onClick={close} className={buttonClasses("secondary")}>
          Cancel
        </button>
      </div>
      <p role="alert" className="whitespace-pre-line text-red-800">
        {failure}
      </p>
    </div>
  );
}
