import { startPricingTableScript } from "./pricing-table.ts";

// Written inline in /signup's head before the stylesheet (app/parse-time-scripts.ts): the
// provider's script is requested as soon as the document arrives; the slot's script adds the
// table.
startPricingTableScript();
