import { encodeClientReferenceId } from "@bakery/shared/client-reference-id";
import { browserAttribution } from "#app/lib/attribution/browser-attribution.ts";
import { markSlowIfStillLoading } from "#app/ui/slot-progress.ts";

/** The box the table goes in; it carries the table's id and key in data-* attributes. */
export const pricingTableSlotId = "pricing-table";
export const pricingTableScriptUrl = "https://js.stripe.com/v3/pricing-table.js";

const tableElement = "stripe-pricing-table";

/** The slot's state, for the page's CSS: loading, loaded, slow, failed. */
function setSlotState(state: "loaded" | "failed"): void {
  const slot = document.getElementById(pricingTableSlotId);
  if (slot) slot.dataset.state = state;
}

/**
 * Starts the payment provider's script, once per page: from /signup's head, before the
 * render-blocking stylesheet (a script in the body would wait for it), or when the app shows
 * the page itself. Once it has run the table is defined and draws itself, and the slot's
 * data-state becomes "loaded". If it cannot load, or runs without defining the table (a
 * network's filter answering in its place, say), it is removed, so the next try starts it
 * again, and the state becomes "failed" (the page's CSS shows the message after the slot):
 * the visitor is never left before an empty box.
 */
export function startPricingTableScript(): void {
  if (document.querySelector(`script[src="${pricingTableScriptUrl}"]`)) return;
  const script = document.createElement("script");
  script.src = pricingTableScriptUrl;
  script.async = true;
  const fail = () => {
    script.remove();
    setSlotState("failed");
  };
  script.addEventListener("load", () =>
    customElements.get(tableElement) ? setSlotState("loaded") : fail(),
  );
  script.addEventListener("error", fail);
  document.head.append(script);
}

/**
 * Puts the payment provider's pricing table in its slot, once: while /signup is parsed, or when
 * the app shows the page itself, and makes sure the provider's script has started. The table
 * carries the visit's reference and source as its client reference, so a subscription is
 * credited to the exact names its landing was counted under (decision 0022). Until the script has run the slot is "loading" (the page shows a spinner), and
 * "slow" after 15 s of that (the page offers a way on).
 */
export function mountPricingTable(slot: HTMLElement): void {
  const { pricingTableId, publishableKey } = slot.dataset;
  if (!pricingTableId || !publishableKey || slot.querySelector(tableElement)) return;
  const table = document.createElement(tableElement);
  table.setAttribute("pricing-table-id", pricingTableId);
  table.setAttribute("publishable-key", publishableKey);
  const reference = encodeClientReferenceId(browserAttribution());
  if (reference) table.setAttribute("client-reference-id", reference);
  slot.prepend(table);
  // The script started in the head may have run, or failed, before the slot was parsed.
  if (customElements.get(tableElement)) {
    slot.dataset.state = "loaded";
    return;
  }
  slot.dataset.state = "loading";
  startPricingTableScript();
  markSlowIfStillLoading(() => slot);
}
