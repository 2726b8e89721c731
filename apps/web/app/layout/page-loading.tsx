import { SiteFrame } from "./site-frame.tsx";
import { WaitingForApp } from "./waiting-for-app.tsx";

/**
 * What the SPA fallback's HTML shows until the app has loaded the page the address names:
 * the site's frame with a progress bar, never a blank page (docs/decisions/0011).
 */
export function PageLoading() {
  return (
    <SiteFrame>
      <WaitingForApp title="Loading the page" />
    </SiteFrame>
  );
}
