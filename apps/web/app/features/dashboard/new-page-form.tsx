import type { AdminPageList } from "@bakery/shared/admin-pages-contract";
import { sitePathForPage } from "@bakery/shared/content-page-address";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link, useNavigate } from "react-router";
import { absoluteUrl } from "#app/site-config.ts";
import { buttonClasses } from "#app/ui/button-styles.ts";
import { LinkField } from "./link-field.tsx";
import { handleProblem, normalHandle } from "./page-form.ts";

/**
 * New page: its handle, checked as the CLI checks it, with the address it gives the page shown
 * as it is typed; then the editor, empty. A handle already taken (by a page, or as a renamed
 * page's old address) is said here, with the page it belongs to.
 */
export function NewPageForm({ list }: { list: AdminPageList }) {
  const [state, setState] = useState<"closed" | "open" | "cancelled">("closed");
  const opener = useRef<HTMLButtonElement>(null);
  // Cancel gives the focus back to the button that opened the form.
  useEffect(() => {
    if (state === "cancelled") opener.current?.focus();
  }, [state]);
  if (state !== "open") {
    return (
      <div>
        <button
          ref={opener}
          type="button"
          onClick={() => setState("open")}
          className={buttonClasses("primary")}
        >
          New page
        </button>
      </div>
    );
  }
  return <HandleForm list={list} onCancel={() => setState("cancelled")} />;
}

function HandleForm({ list, onCancel }: { list: AdminPageList; onCancel: () => void }) {
  const idPrefix = useId();
  const navigate = useNavigate();
  const [typed, setTyped] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const field = useRef<HTMLFormElement>(null);
  const handle = normalHandle(typed);
  const existing = list.pages.find((page) => page.handle === handle);
  const renamed = list.renamed.find((old) => old.handle === handle);
  const problem =
    handleProblem(typed.trim()) ??
    (existing ? `There is a page “${handle}” already` : undefined) ??
    (renamed ? `“${handle}” is the old address of “${renamed.to}”, and leads there` : undefined);

  useEffect(() => {
    field.current?.querySelector("input")?.focus();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (problem) {
      flushSync(() => setSubmitted(true));
      field.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
      return;
    }
    void navigate(`/dashboard/pages/${handle}`);
  }

  const taken = existing?.handle ?? renamed?.to;
  return (
    <form
      ref={field}
      noValidate
      onSubmit={submit}
      aria-labelledby={`${idPrefix}-heading`}
      className="flex max-w-2xl flex-col gap-4 rounded-2xl bg-white p-6 shadow-card"
    >
      <h2 id={`${idPrefix}-heading`} className="font-semibold text-ink text-xl">
        New page
      </h2>
      <LinkField
        id={`${idPrefix}-handle`}
        label="Handle"
        value={typed}
        onChange={setTyped}
        problem={submitted || typed !== "" ? problem : undefined}
        note={
          <>
            The page's address:{" "}
            <span className="break-all font-semibold text-ink" aria-live="polite">
              {absoluteUrl(sitePathForPage(handle || "handle"))}
            </span>
          </>
        }
        required
      />
      {taken ? (
        <p>
          <Link to={`/dashboard/pages/${taken}`} className={buttonClasses("secondary")}>
            Open “{taken}”
          </Link>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClasses("primary")}>
          Write the page
        </button>
        <button type="button" onClick={onCancel} className={buttonClasses("secondary")}>
          Cancel
        </button>
      </div>
    </form>
  );
}
