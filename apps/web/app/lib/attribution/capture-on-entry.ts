import { captureBrowserAttribution } from "./browser-attribution.ts";

// Inlined into the head of every prerendered page at build time
// (build-steps/inline-attribution-capture.ts): runs before the app has started.
captureBrowserAttribution();
