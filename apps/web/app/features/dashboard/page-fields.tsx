import { type PageFormat, pageFormats } from "@bakery/shared/admin-pages-contract";
import { LinkField } from "./link-field.tsx";
import type { PageFormField, PageFormProblems, PageFormValues } from "./page-form.ts";

const formatNames: Record<PageFormat, string> = { markdown: "Markdown", html: "HTML" };

const sourceNotes: Record<PageFormat, string> = {
  markdown: "Markdown: # for a heading, - for a list item, [words](https://…) for a link.",
  html: "HTML: headings, paragraphs, lists, links, tables. Images, styles and scripts are left out.",
};

/** The fields of one line of text, above the format and the text. */
const lineFields = [
  { field: "title", label: "Title", note: undefined, required: true },
  { field: "subtitle", label: "Subtitle", note: "One line under the title", required: false },
] as const;

/**
 * The page's fields: title, subtitle, how the text is written, and the text itself (in a
 * fixed-width font, where Markdown's and HTML's marks line up). Each problem is tied to its
 * field, as in the short-link editor.
 */
export function PageFields({
  idPrefix,
  values,
  problems,
  onChange,
}: {
  idPrefix: string;
  values: PageFormValues;
  problems: PageFormProblems;
  onChange: (field: PageFormField, value: string) => void;
}) {
  const sourceId = `${idPrefix}-source`;
  const sourceDescribed = [`${sourceId}-note`, problems.source ? `${sourceId}-error` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <>
      {lineFields.map(({ field, label, note, required }) => (
        <LinkField
          key={field}
          id={`${idPrefix}-${field}`}
          label={label}
          value={values[field]}
          onChange={(value) => onChange(field, value)}
          problem={problems[field]}
          note={note}
          required={required}
        />
      ))}
      <fieldset className="flex flex-col gap-2">
        <legend className="font-semibold text-ink text-sm">Written in</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {pageFormats.map((format) => (
            <label key={format} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`${idPrefix}-format`}
                value={format}
                checked={values.format === format}
                onChange={() => onChange("format", format)}
                className="size-5 accent-brand-700"
              />
              {formatNames[format]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-2">
        <label htmlFor={sourceId} className="font-semibold text-ink text-sm">
          Text
        </label>
        <textarea
          id={sourceId}
          value={values.source}
          onChange={(event) => onChange("source", event.target.value)}
          rows={18}
          spellCheck
          aria-invalid={problems.source ? true : undefined}
          aria-describedby={sourceDescribed}
          className="form-field min-h-64 p-3 font-mono text-sm leading-relaxed"
        />
        <p id={`${sourceId}-note`} className="text-cocoa text-sm">
          {sourceNotes[values.format]} {"{{COMPANY_NAME}}"} and the other placeholders are filled in
          when the page is shown.
        </p>
        {problems.source ? (
          <p id={`${sourceId}-error`} className="text-red-800 text-sm">
            {problems.source}
          </p>
        ) : null}
      </div>
    </>
  );
}
