import type { LinkReportRow } from "@bakery/shared/admin-contract";
import { type ReactNode, useRef, useState } from "react";
import { absoluteUrl } from "#app/site-config.ts";
import { buttonClasses } from "#app/ui/button-styles.ts";
import { CopyLinkButton } from "./copy-link.tsx";
import { LinkEditor } from "./link-editor.tsx";
import type { EditorRequest } from "./use-link-editor.ts";

/** What each row's buttons open the editor for, in their order. */
const rowEdits = [
  { kind: "edit", label: "Edit" },
  { kind: "delete", label: "Delete" },
] as const;

/**
 * The links table's editing (the dashboard is shown to operators only, and the API checks the
 * role again on every write): New link above it, copy, edit and delete on each row, the editor
 * they open, and what was done, said once the editor closes. `reload` reads the table again
 * after a change.
 */
export function ShortLinkEditing({
  reload,
  linkTargets,
  children,
}: {
  reload: () => void;
  linkTargets: readonly string[];
  children: (actions: (link: LinkReportRow) => ReactNode) => ReactNode;
}) {
  const [request, setRequest] = useState<EditorRequest | null>(null);
  const [said, setSaid] = useState("");
  const newLink = useRef<HTMLButtonElement>(null);

  const actions = (link: LinkReportRow) => {
    const path = `/to/${link.cat}/${link.id}`;
    return (
      <div className="flex min-w-48 flex-wrap items-center gap-2">
        <CopyLinkButton address={absoluteUrl(path)} label={`Copy ${absoluteUrl(path)}`} />
        {rowEdits.map(({ kind, label }) => (
          <button
            key={kind}
            type="button"
            onClick={() => setRequest({ kind, cat: link.cat, id: link.id })}
            aria-label={`${label} ${path}`}
            className={buttonClasses("secondary")}
          >
            {label}
          </button>
        ))}
      </div>
    );
  };

  return (
    <>
      <div className="flex flex-wrap items-center gap-4">
        <button
          ref={newLink}
          type="button"
          onClick={() => {
            setSaid("");
            setRequest({ kind: "new" });
          }}
          className={buttonClasses("primary")}
        >
          New link
        </button>
        <p role="status" aria-live="polite" className="text-cocoa">
          {said}
        </p>
      </div>
      {children(actions)}
      <LinkEditor
        request={request}
        onClose={() => setRequest(null)}
        onChanged={(words) => {
          setSaid(words);
          reload();
        }}
        linkTargets={linkTargets}
        fallbackFocus={() => newLink.current}
      />
    </>
  );
}
