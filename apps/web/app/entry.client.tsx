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

/**
 * Ends the current task and resumes in a new one, so that input and paints can run in between:
 * `scheduler.yield()` where the browser has it (it resumes ahead of other queued tasks), a
 * timer elsewhere.
 */
function nextTask(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve));
}

// Evaluating React's modules and creating the root (which attaches React's event listeners)
// are each a few milliseconds on a fast computer and several times that on a phone: in one task
// they kept a tap waiting beyond the 50 ms a task may take (docs/performance.md). The rendering
// that follows is already cut into short pieces, being a transition.
// (A promise rather than a top-level await, which would make this an async module and change
// how the bundler splits the lazy modules that import it.)
void nextTask().then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
        <HydrationMark />
      </StrictMode>,
    );
  });
});
