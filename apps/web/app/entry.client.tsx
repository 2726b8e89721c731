import { StrictMode, startTransition, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { captureBrowserAttribution } from "./lib/attribution/browser-attribution.ts";
import { reportLanding } from "./lib/attribution/report-landing.ts";

// Before the router reads the address and before any page reads attribution:
// capture it, and take the utm parameters out of the address bar. Prerendered pages
// have done so already in an inline script (build-steps/inline-attribution-capture.ts);
// a second capture changes nothing there, and this one covers the SPA fallback.
captureBrowserAttribution();

/**
 * Marks <html data-hydrated> once the page has hydrated: the app boots after the
 * page's first paint (docs/decisions/0010), and browser tests wait for this before
 * they interact. Only then is the landing counted: its request waits for the page's
 * own code rather than compete with it for a connection.
 */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
    reportLanding();
  }, []);
  return null;
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
      <HydrationMark />
    </StrictMode>,
  );
});
