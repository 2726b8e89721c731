import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { captureBrowserAttribution } from "./features/attribution/browser-attribution.ts";

// Before the router reads the address and before any page reads attribution:
// capture it, and take the utm parameters out of the address bar.
captureBrowserAttribution();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
