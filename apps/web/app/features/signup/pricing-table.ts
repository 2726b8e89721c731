import { browserAttribution } from "#app/features/attribution/browser-attribution.ts";
import { clientReferenceId } from "#app/features/attribution/client-reference-id.ts";

/** The box the table goes in; it carries the table's id and key in data-* attributes. */
export const pricingTableSlotId = "pricing-table";
export const pricingTableScriptUrl = "https://js.stripe.com/v3/pricing-table.js";

/**
 * Puts the payment provider's pricing table in its slot and starts the provider's script,
 * once: while /signup is parsed, or when the app shows the page itself. The table carries the
 * visit's source as its client reference, so a subscription can be traced to its campaign.
 * If the script cannot load, the slot's data-state becomes "failed" and the page's CSS shows
 * the message after it.
 */
export function mountPricingTable(slot: HTMLElement): void {
  const { pricingTableId, publishableKey } = slot.dataset;
  if (!pricingTableId || !publishableKey || slot.querySelector("stripe-pricing-table")) return;
  const table = document.createElement("stripe-pricing-table");
  table.setAttribute("pricing-table-id", pricingTableId);
  table.setAttribute("publishable-key", publishableKey);
  const reference = clientReferenceId(browserAttribution().attribution);
  if (reference) table.setAttribute("client-reference-id", reference);
  slot.prepend(table);

  if (document.querySelector(`script[src="${pricingTableScriptUrl}"]`)) return;
  const script = document.createElement("script");
  script.src = pricingTableScriptUrl;
  script.async = true;
  script.addEventListener("error", () => {
    // Gone, so the next visit to the page tries again.
    script.remove();
    slot.dataset.state = "failed";
  });
  document.head.append(script);
}
