import { mountPricingTable, pricingTableSlotId } from "./pricing-table.ts";

/**
 * Written inline right after the table's slot on /signup (app/parse-time-scripts.ts): the
 * table is in the page long before the app runs.
 */
export function mountPricingTableInItsSlot(): void {
  const slot = document.getElementById(pricingTableSlotId);
  if (slot) mountPricingTable(slot);
}
