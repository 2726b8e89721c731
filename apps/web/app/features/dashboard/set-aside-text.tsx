import { useId, useState } from "react";
import { buttonClasses } from "#app/ui/button-styles.ts";
import type { PageFormValues } from "./page-form.ts";

/**
 * What a person had typed when their save was refused (someone else had changed the page),
 * kept beside the other version they now have open: to copy from, never saved by itself.
 */
export function SetAsideText({
  values,
  onDismiss,
}: {
  values: PageFormValues;
  onDismiss: () => void;
}) {
  const id = useId();
  const [said, setSaid] = useState("");

  async function copy() {
    try {
      await navigator.clipboard.writeText(values.source);
      setSaid("Copied");
    } catch {
      setSaid("Copying was not allowed: select the text in the box and copy it");
    }
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-6"
    >
      <h2 id={`${id}-heading`} className="font-semibold text-ink text-xl">
        Your unsaved text
      </h2>
      <p className="text-cocoa">
        The editor now shows the page as the other person saved it. What you had typed is here: copy
        what you need into the editor, then save.
      </p>
      <p className="text-cocoa">
        Your title: <span className="font-semibold text-ink">{values.title}</span>
        {values.subtitle ? (
          <>
            {" "}
            · subtitle: <span className="font-semibold text-ink">{values.subtitle}</span>
          </>
        ) : null}
      </p>
      <label htmlFor={`${id}-text`} className="font-semibold text-ink text-sm">
        Your text
      </label>
      <textarea
        id={`${id}-text`}
        readOnly
        value={values.source}
        rows={8}
        className="form-field p-3 font-mono text-sm"
      />
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" onClick={copy} className={buttonClasses("secondary")}>
          Copy your text
        </button>
        <button type="button" onClick={onDismiss} className={buttonClasses("secondary")}>
          Discard your text
        </button>
        <span role="status" aria-live="polite" className="text-cocoa text-sm">
          {said}
        </span>
      </div>
    </section>
  );
}
