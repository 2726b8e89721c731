import type { FunnelGrouping } from "@bakery/shared/admin-contract";
import { funnelGroupings } from "@bakery/shared/admin-contract";
import { type FormEvent, useId, useState } from "react";
import { flushSync } from "react-dom";
import { buttonClasses } from "#app/ui/button-styles.ts";
import type { RangeChoice } from "./dashboard-query.ts";
import { checkCustomRange, presetRange, rangePresets } from "./report-range.ts";

/**
 * The chosen range's button. Forced colours (Windows contrast themes) drop its brand fill, which
 * would leave it looking like plain text: there it is in the theme's own highlight colours, kept
 * as they are (forced, its text would get a backplate of the page's colour, unreadable).
 */
const chosenClasses = `${buttonClasses("primary")} forced-colors:bg-[Highlight] forced-colors:text-[HighlightText] forced-colors:outline-[color:Highlight] forced-colors:forced-color-adjust-none`;
const buttonFor = (chosen: boolean) => (chosen ? chosenClasses : buttonClasses("secondary"));

const fieldClasses = "form-field h-11 px-3";

/**
 * The reports' controls: the last 7, 30 or 90 days or a custom range (checked before it
 * is asked for, with a message under the field to fix), and what the funnel is grouped by.
 */
export function RangePicker({
  choice,
  onChoose,
  by,
  onGroup,
}: {
  choice: RangeChoice;
  onChoose: (choice: RangeChoice) => void;
  by: FunnelGrouping;
  onGroup: (by: FunnelGrouping) => void;
}) {
  const id = useId();
  const [from, setFrom] = useState(choice.range.from);
  const [to, setTo] = useState(choice.range.to);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const [customOpen, setCustomOpen] = useState(choice.preset === "custom");

  function applyCustom(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkCustomRange(from, to, new Date());
    if (!checked.ok) {
      const form = event.currentTarget;
      flushSync(() => setErrors(checked.errors));
      // The first field to fix takes the focus, so it is read out with its message.
      form.querySelector<HTMLInputElement>("[aria-invalid=true]")?.focus();
      return;
    }
    setErrors({});
    onChoose({ preset: "custom", range: checked.range });
  }

  return (
    <div className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-card ring-1 ring-brand-900/5">
      <div className="flex flex-wrap items-end gap-4">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 font-semibold text-ink text-sm">Dates</legend>
          <div className="flex flex-wrap gap-2">
            {rangePresets.map((preset) => (
              <button
                key={preset.days}
                type="button"
                aria-pressed={choice.preset === preset.days}
                onClick={() => {
                  setCustomOpen(false);
                  setErrors({});
                  onChoose({ preset: preset.days, range: presetRange(preset.days, new Date()) });
                }}
                className={buttonFor(choice.preset === preset.days)}
              >
                {preset.label}
              </button>
            ))}
            <button
              type="button"
              aria-expanded={customOpen}
              aria-controls={`${id}-custom`}
              onClick={() => {
                // Opened, the fields start from the range on screen (a preset chosen since).
                if (!customOpen) {
                  setFrom(choice.range.from);
                  setTo(choice.range.to);
                  setErrors({});
                }
                setCustomOpen(!customOpen);
              }}
              className={buttonFor(choice.preset === "custom")}
            >
              Custom…
            </button>
          </div>
        </fieldset>
        <label className="flex flex-col gap-2 font-semibold text-ink text-sm">
          Group the funnel by
          <select
            value={by}
            onChange={(event) => onGroup(event.target.value as FunnelGrouping)}
            className={fieldClasses}
          >
            {funnelGroupings.map((grouping) => (
              <option key={grouping} value={grouping}>
                {grouping[0]?.toUpperCase()}
                {grouping.slice(1)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {customOpen ? (
        <form
          id={`${id}-custom`}
          noValidate
          onSubmit={applyCustom}
          className="flex flex-wrap items-start gap-4"
          aria-label="Custom range"
        >
          <DayField
            id={`${id}-from`}
            label="From"
            value={from}
            onChange={setFrom}
            error={errors.from}
          />
          <DayField id={`${id}-to`} label="To" value={to} onChange={setTo} error={errors.to} />
          <button type="submit" className={`${buttonClasses("primary")} sm:mt-7`}>
            Show this range
          </button>
        </form>
      ) : null}
      <p className="text-cocoa text-sm">Days are counted in UTC.</p>
    </div>
  );
}

function DayField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="font-semibold text-ink text-sm">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={fieldClasses}
      />
      {error ? (
        <p id={`${id}-error`} className="max-w-56 text-red-800 text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
