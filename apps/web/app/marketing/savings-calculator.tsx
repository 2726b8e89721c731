import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { ScriptingText } from "#app/ui/scripting-text.tsx";
import { convenienceFee, monthlyPrice } from "./pricing.ts";
import type { SavingsInput, SavingsResult } from "./savings-estimate.ts";

// The arithmetic and the figures load once the page runs, keeping /pricing's first load light.
const SavingsFigures = lazy(() => import("./savings-figures.tsx"));

const fields: { name: keyof SavingsInput; label: string; hint: string }[] = [
  { name: "monthlySales", label: "Monthly sales", hint: "In dollars, for example 20000." },
  { name: "ordersPerWeek", label: "Orders per week", hint: "Optional." },
  { name: "hoursPerWeek", label: "Hours a week on orders and payments", hint: "Optional." },
];

const inputClasses = "form-field mt-1 block w-full px-4 py-2.5";

/**
 * What the one plan could earn a bakery, from the marketing claims. The form
 * and its formula are prerendered; results appear once the app runs, from
 * whatever was typed before.
 */
export function SavingsCalculator() {
  const form = useRef<HTMLFormElement>(null);
  const [result, setResult] = useState<SavingsResult | null>(null);
  // The form is read when the module is ready, not when typed: loads may finish out of
  // order, and the last one must show what the fields hold now.
  const update = () =>
    void import("./savings-estimate.ts").then(({ estimateSavings }) => {
      const data = new FormData(form.current ?? undefined);
      const read = (name: keyof SavingsInput) => String(data.get(name) ?? "");
      setResult(
        estimateSavings({
          monthlySales: read("monthlySales"),
          ordersPerWeek: read("ordersPerWeek"),
          hoursPerWeek: read("hoursPerWeek"),
        }),
      );
    });
  useEffect(update, []);
  const errors = result?.ok === false ? result.errors : {};
  const estimate = result?.ok ? result.estimate : null;

  return (
    <section aria-labelledby="savings-title" className="bg-flour">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div>
          <h2 id="savings-title" className="font-semibold text-3xl text-ink sm:text-4xl">
            What could it earn your bakery?
          </h2>
          <p className="mt-3 text-cocoa">
            An estimate from our marketing claims, not a promise. Type your own figures.
          </p>
          <form
            ref={form}
            onInput={update}
            onSubmit={(event) => event.preventDefault()}
            className="mt-6 flex flex-col gap-4"
          >
            {fields.map((field) => (
              <div key={field.name}>
                <label htmlFor={field.name} className="font-semibold text-ink">
                  {field.label}
                </label>
                <input
                  id={field.name}
                  name={field.name}
                  inputMode="decimal"
                  autoComplete="off"
                  defaultValue={field.name === "monthlySales" ? "20000" : ""}
                  aria-invalid={errors[field.name] ? true : undefined}
                  aria-describedby={`${field.name}-hint`}
                  className={inputClasses}
                />
                <p
                  id={`${field.name}-hint`}
                  className={errors[field.name] ? "text-red-700 text-sm" : "text-cocoa text-sm"}
                >
                  {errors[field.name] ?? field.hint}
                </p>
              </div>
            ))}
          </form>
          <p className="mt-6 text-cocoa text-sm">
            <strong className="text-ink">The formula:</strong> extra sales are your monthly sales ×
            20%; the net is that minus the ${monthlyPrice.amount} monthly price; hours saved are
            your hours a week × 25% × 52 ÷ 12.
          </p>
        </div>
        <div
          aria-live="polite"
          className="min-h-[48rem] sm:min-h-[38rem] lg:min-h-[40rem] rounded-3xl bg-white p-6 shadow-card"
        >
          {estimate ? (
            <Suspense fallback={null}>
              <SavingsFigures estimate={estimate} />
            </Suspense>
          ) : (
            <p className="text-cocoa">
              {result ? (
                "Fix the marked figures to see your estimate."
              ) : (
                <ScriptingText
                  on="Your estimate appears here as soon as the page has loaded."
                  off="The estimate needs JavaScript, which is off in this browser. The formula with the form gives the same figures by hand."
                />
              )}
            </p>
          )}
          <details className="mt-5 text-cocoa text-sm">
            <summary className="cursor-pointer font-semibold text-ink">Assumptions</summary>
            <ul className="mt-2 flex list-disc flex-col gap-1 pl-5">
              <li>
                The percentages are our marketing claims for bakeries that switched, not a
                guarantee.
              </li>
              <li>A month is 52 ÷ 12 weeks; dollars are rounded to whole dollars.</li>
              <li>
                Card processing costs are not counted; fee pass-through lets you pass them to
                customers as the convenience fee.
              </li>
              <li>{convenienceFee.notes[0]}</li>
            </ul>
          </details>
        </div>
      </div>
    </section>
  );
}
