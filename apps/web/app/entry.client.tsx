import { StrictMode, startTransition, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { captureBrowserAttribution } from "./lib/attribution/browser-attribution.ts";
import { reportLanding } from "./lib/attribution/report-landing.ts";

// The build writes the attribution capture inline at the top of every page's head, the SPA
// fallback's included (a parse-time script, app/parse-time-scripts.ts): it has run before the router
// reads the address. The development server writes no such script, so there the app runs it.
if (import.meta.env.DEV) captureBrowserAttribution();

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
