import type { AdminPage } from "@bakery/shared/admin-pages-contract";
import { sitePathForPage } from "@bakery/shared/content-page-address";
import { type FormEvent, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { absoluteUrl } from "#app/site-config.ts";
import { buttonClasses } from "#app/ui/button-styles.ts";
import { LinkField } from "./link-field.tsx";
import { movePage } from "./page-editor-api.ts";
import { handleProblem, normalHandle } from "./page-form.ts";
import { useRequest } from "./use-request.ts";

/**
 * A new handle for the page, so a new address. The old address keeps answering, with a
 * permanent redirect (301) to the new one, so links already shared and search results still
 * lead to the page. Only a page whose changes are saved can move: the move takes the page as
 * saved.
 */
export function PageRename({
  page,
  unsaved,
  onMoved,
}: {
  page: AdminPage;
  unsaved: boolean;
  onMoved: (moved: AdminPage, said: string) => void;
}) {
  const idPrefix = useId();
  const [to, setTo] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const { busy, failure, setFailure, run } = useRequest();
  const form = useRef<HTMLFormElement>(null);
  const handle = normalHandle(to);
  const sameHandle = handle === page.handle ? "That is the page's handle now" : undefined;
  const problem = handleProblem(to.trim()) ?? sameHandle;
  const oldAddress = absoluteUrl(page.path);
  const newAddress = absoluteUrl(sitePathForPage(handle || "new-handle"));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || unsaved) return;
    if (problem) {
      flushSync(() => setSubmitted(true));
      form.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
      return;
    }
    await run(async () => {
      const moved = await movePage(page.handle, handle, page.revision);
      onMoved(
        moved,
        `Renamed: the page is now at ${absoluteUrl(moved.path)}. Its old address, ${oldAddress}, keeps working: it sends visitors to the new one.`,
      );
    });
  }

  return (
    <form ref={form} noValidate onSubmit={submit} className="flex flex-col gap-4">
      <LinkField
        id={`${idPrefix}-handle`}
        label="New handle"
        value={to}
        onChange={(value) => {
          setTo(value);
          setFailure("");
        }}
        problem={submitted || to !== "" ? problem : undefined}
        note={
          <>
            The page will be at <span className="break-all font-semibold">{newAddress}</span>. Its
            old address, <span className="break-all">{oldAddress}</span>, keeps working: it sends
            visitors on to the new one (a permanent redirect, 301).
          </>
        }
        required
      />
      {unsaved ? (
        <p className="text-cocoa">Save or undo your changes first: the page moves as saved.</p>
      ) : null}
      <p role="alert" className="text-red-800">
        {failure}
      </p>
      <div>
        <button
          type="submit"
          aria-disabled={busy || unsaved || undefined}
          className={buttonClasses("secondary")}
        >
          {busy ? "Renaming…" : "Rename the page"}
        </button>
      </div>
    </form>
  );
}
