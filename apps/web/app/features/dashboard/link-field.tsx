import type { ReactNode } from "react";

/**
 * One field of the short-link editor: its label, the input, a note under it (an example, a
 * hint) and the problem to fix, both tied to the input so a screen reader reads them with it.
 */
export function LinkField({
  id,
  label,
  value,
  onChange,
  problem,
  note,
  type = "text",
  list,
  readOnly,
  required,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem?: string | undefined;
  note?: ReactNode;
  type?: "text" | "datetime-local";
  list?: string;
  readOnly?: boolean;
  required?: boolean;
}) {
  const described = [note ? `${id}-note` : "", problem ? `${id}-error` : ""].filter(Boolean);
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="font-semibold text-ink text-sm">
        {label}
        {required ? null : <span className="font-normal text-cocoa"> (optional)</span>}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        list={list}
        readOnly={readOnly}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described.length > 0 ? described.join(" ") : undefined}
        className="form-field h-11 px-3"
      />
      {note ? (
        <div id={`${id}-note`} className="text-cocoa text-sm">
          {note}
        </div>
      ) : null}
      {problem ? (
        <p id={`${id}-error`} className="text-red-800 text-sm">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** A yes-or-no setting of the short-link editor: the box, its label, and a line on what it does. */
export function LinkCheckbox({
  id,
  label,
  checked,
  onChange,
  note,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  note: string;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-note`}
        className="mt-0.5 size-6 shrink-0 accent-brand-700"
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="font-semibold text-ink text-sm">
          {label}
        </label>
        <p id={`${id}-note`} className="text-cocoa text-sm">
          {note}
        </p>
      </div>
    </div>
  );
}
