import { mountPricingTable, pricingTableSlotId } from "./pricing-table.ts";

// Written inline right after the table's slot on /signup (app/parse-time-scripts.ts): the
// provider's script is requested while the page is still being parsed, long before the app runs.
const slot = document.getElementById(pricingTableSlotId);
if (slot) mountPricingTable(slot);
