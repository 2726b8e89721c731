import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { bookDemoPathWithNote } from "#app/features/book-demo/book-demo-note.ts";
import { buttonClasses } from "#app/ui/button-styles.ts";
import { ScriptingText } from "#app/ui/scripting-text.tsx";
import type { CakeQuoteField, CakeQuoteResult } from "./cake-quote.ts";
import { type CakeSize, cakeSizes } from "./cake-sizes.ts";

// The quote's arithmetic and wording load once the page runs: the landing page's first load stays light.
const CakeQuoteSummary = lazy(() => import("./cake-quote-summary.tsx"));

/** How the quote's size list names each kind of cake. */
export const cakeKindNames: Record<CakeSize["category"], string> = {
  round: "Round, single tier",
  "two-tier": "Two tier",
  "three-tier": "Three tier",
  sheet: "Sheet",
  "3d": "3D",
};

/** The demo booking carries the size the visitor priced, so the call can start from it. */
function bookDemoLink(size: string): string {
  const cake = cakeSizes.find((option) => option.label === size);
  return cake
    ? bookDemoPathWithNote(`Cake quote: ${cakeKindNames[cake.category]} ${cake.label}`)
    : "/book-demo";
}

const kinds = Object.keys(cakeKindNames) as CakeSize["category"][];
const fieldClasses = "form-field mt-1 block w-full px-4 py-2.5";

/**
 * A sample quote the way the product quotes a custom cake: example price,
 * deposit now, balance charged before pickup. Dates are the visitor's own.
 */
export function CakeQuoteForm() {
  const form = useRef<HTMLFormElement>(null);
  const [result, setResult] = useState<CakeQuoteResult | null>(null);
  const [size, setSize] = useState("");
  // The form is read when the module is ready, not when changed: loads may finish out of
  // order, and the last one must show what the fields hold now.
  const update = () =>
    void import("./cake-quote.ts").then(({ quoteCake, localDate }) => {
      const data = new FormData(form.current ?? undefined);
      const size = String(data.get("size") ?? "");
      const pickup = String(data.get("pickup") ?? "");
      setSize(size);
      // Nothing chosen yet: keep the hint.
      setResult(size || pickup ? quoteCake(size, pickup, localDate(new Date())) : null);
    });
  useEffect(update, []);
  const quote = result?.ok ? result.quote : null;
  // As in the savings calculator: the field an error is about is marked, and described by it.
  const errorLink = (field: CakeQuoteField) =>
    result?.ok === false && result.field === field
      ? { "aria-invalid": true, "aria-describedby": "cake-quote-message" }
      : undefined;

  return (
    <form
      ref={form}
      onInput={update}
      onSubmit={(event) => event.preventDefault()}
      aria-labelledby="cake-quote-title"
      className="mt-8 rounded-2xl bg-white p-6 shadow-card ring-1 ring-brand-900/5"
    >
      <h3
        id="cake-quote-title"
        className="font-sans font-semibold text-ink text-lg tracking-normal"
      >
        Try an instant quote
      </h3>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="cake-size" className="font-semibold text-ink">
            Cake size
          </label>
          <select
            id="cake-size"
            name="size"
            defaultValue=""
            {...errorLink("size")}
            className={fieldClasses}
          >
            <option value="" disabled>
              Choose a size
            </option>
            {kinds.map((kind) => (
              <optgroup key={kind} label={cakeKindNames[kind]}>
                {cakeSizes
                  .filter((cake) => cake.category === kind)
                  .map((cake) => (
                    <option key={cake.label} value={cake.label}>
                      {cake.label}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="cake-pickup" className="font-semibold text-ink">
            Pickup date
          </label>
          <input
            id="cake-pickup"
            name="pickup"
            type="date"
            {...errorLink("pickup")}
            className={fieldClasses}
          />
        </div>
      </div>
      <div aria-live="polite" className="mt-4 min-h-48 text-cocoa sm:min-h-36">
        {quote ? (
          <Suspense fallback={null}>
            <CakeQuoteSummary quote={quote} />
          </Suspense>
        ) : (
          <p id="cake-quote-message">
            {result && !result.ok ? (
              result.error
            ) : (
              <ScriptingText
                on="Choose a size and a pickup date: you see the example price, half of it as a deposit, and when the balance is collected."
                off="Instant quotes need JavaScript, which is off in this browser. Book a demo to see how your own cakes would be priced."
              />
            )}
          </p>
        )}
        <p className="mt-2 text-sm">Example prices: every bakery sets its own.</p>
      </div>
      <Link to={bookDemoLink(size)} className={`${buttonClasses("primary", "md")} mt-2`}>
        Book a demo to set your own prices
      </Link>
    </form>
  );
}
