/**
 * Every script the build writes inline into the pages, each a function of the app: the build
 * bundles each into a small classic script that calls it (build-steps/bundle-inline-script.ts)
 * and hashes it into the CSP like every inline script. The lists that place them
 * (parse-time-scripts.ts, the boot loader in build-steps/boot-module-loader.ts) name them by
 * their export here, so moving or renaming one of these functions or files is a compile error.
 */
export { loadAppAtFirstPaint as bootLoader } from "./boot/load-app-at-first-paint.ts";
export { startSchedulingFrameInHead as schedulingFrameInHead } from "./features/book-demo/scheduling-frame.ts";
export { mountSchedulingFrameInItsSlot as schedulingFrameOnParse } from "./features/book-demo/scheduling-frame-on-parse.ts";
export { startEarlyShortLinkLookup as shortLinkLookupInHead } from "./features/short-links/early-short-link-lookup.ts";
export { startPricingTableScript as pricingTableInHead } from "./features/signup/pricing-table.ts";
export { mountPricingTableInItsSlot as pricingTableOnParse } from "./features/signup/pricing-table-on-parse.ts";
export { captureBrowserAttribution as attributionCapture } from "./lib/attribution/browser-attribution.ts";
