import { encodeClientReferenceId } from "@bakery/shared/client-reference-id";
import { browserAttribution } from "#app/lib/attribution/browser-attribution.ts";

/** The box the table goes in; it carries the table's id and key in data-* attributes. */
export const pricingTableSlotId = "pricing-table";
export const pricingTableScriptUrl = "https://js.stripe.com/v3/pricing-table.js";

/**
 * Starts the payment provider's script, once per page: from /signup's head, before the
 * render-blocking stylesheet (a script in the body would wait for it), or when the app shows
 * the page itself. If it cannot load it is removed, so the next try starts it again, and the
 * slot's data-state becomes "failed" (the page's CSS shows the message after it).
 */
export function startPricingTableScript(): void {
  if (document.querySelector(`script[src="${pricingTableScriptUrl}"]`)) return;
  const script = document.createElement("script");
  script.src = pricingTableScriptUrl;
  script.async = true;
  script.addEventListener("error", () => {
    script.remove();
    const slot = document.getElementById(pricingTableSlotId);
    if (slot) slot.dataset.state = "failed";
  });
  document.head.append(script);
}

/**
 * Puts the payment provider's pricing table in its slot, once: while /signup is parsed, or when
 * the app shows the page itself, and makes sure the provider's script has started. The table
 * carries the visit's source as its client reference, so a subscription can be traced to its
 * campaign.
 */
export function mountPricingTable(slot: HTMLElement): void {
  const { pricingTableId, publishableKey } = slot.dataset;
  if (!pricingTableId || !publishableKey || slot.querySelector("stripe-pricing-table")) return;
  const table = document.createElement("stripe-pricing-table");
  table.setAttribute("pricing-table-id", pricingTableId);
  table.setAttribute("publishable-key", publishableKey);
  const reference = encodeClientReferenceId(browserAttribution().attribution);
  if (reference) table.setAttribute("client-reference-id", reference);
  slot.prepend(table);
  startPricingTableScript();
}
