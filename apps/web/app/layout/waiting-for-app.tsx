import { LongWaitWayOn } from "#app/ui/after-long-wait.tsx";
import { IndeterminateProgressBar } from "#app/ui/progress-bar.tsx";
import { JavaScriptOffNotice } from "./javascript-off-notice.tsx";

/**
 * What a page shows while only the app can go on (the SPA fallback, a short link's page):
 * a heading and a progress bar from the HTML itself, before any script runs
 * (docs/decisions/0011-html-first.md). Every wait ends with a way on: without JavaScript
 * it would never end, so it says why instead; when the app's files or the API take far
 * longer than a slow phone needs (the code failed to download, a connection hangs), a note
 * under the bar offers a reload and the home page.
 */
export function WaitingForApp({ title }: { title: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-6 px-4 py-24 text-center">
      <div className="flex w-full flex-col items-center gap-6 noscript:hidden">
        <h1 className="font-semibold text-3xl text-ink">{title}…</h1>
        <IndeterminateProgressBar label={title} />
        <LongWaitWayOn centered />
      </div>
      <JavaScriptOffNotice />
    </div>
  );
}
