import { IndeterminateProgressBar } from "#app/ui/progress-bar.tsx";
import { JavaScriptOffNotice } from "./javascript-off-notice.tsx";
import { SiteFrame } from "./site-frame.tsx";

/**
 * What the SPA fallback's HTML shows until the app has loaded the page the address names:
 * the site's frame with a progress bar, never a blank page (docs/decisions/0011); without
 * JavaScript, a word on why it can't and a way on.
 */
export function PageLoading() {
  return (
    <SiteFrame>
      <div className="mx-auto flex max-w-md flex-col items-center gap-6 px-4 py-24 text-center">
        <div className="flex w-full flex-col items-center gap-6 noscript:hidden">
          <p className="font-semibold text-ink text-xl">Loading the page…</p>
          <IndeterminateProgressBar label="Loading the page" />
        </div>
        <JavaScriptOffNotice />
      </div>
    </SiteFrame>
  );
}
