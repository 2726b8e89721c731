import { Link } from "react-router";
import { buttonClasses } from "#app/ui/button-styles.ts";
import { IndeterminateProgressBar } from "#app/ui/progress-bar.tsx";
import { JavaScriptOffNotice } from "./javascript-off-notice.tsx";

/**
 * What a page shows while only the app can go on (the SPA fallback, a short link's page):
 * a heading and a progress bar from the HTML itself, before any script runs
 * (docs/decisions/0011-html-first.md). Every wait ends with a way on:
 * - without JavaScript the wait would never end, so it says why instead;
 * - when the app's files or the API take far longer than a slow phone needs (the app's code
 *   failed to download, a connection hangs), a note appears under the bar with a reload and
 *   the home page. CSS times it (an animation delay), so it appears even when no script of
 *   ours ever runs. It is only hidden until then, so showing it moves nothing on the page.
 */
export function WaitingForApp({ title }: { title: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-6 px-4 py-24 text-center">
      <div className="flex w-full flex-col items-center gap-6 noscript:hidden">
        <h1 className="font-semibold text-3xl text-ink">{title}…</h1>
        <IndeterminateProgressBar label={title} />
        <div className="invisible flex flex-col items-center gap-4 animate-[reveal_0s_12s_forwards]">
          <p className="text-cocoa">
            This is taking longer than it should. The connection may be slow: keep waiting, reload
            the page, or start from our home page.
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            {/* biome-ignore lint/a11y/useValidAnchor: an empty href is this page's own address
                (query included), so following it reloads, with or without the app. */}
            <a href="" className={buttonClasses("primary")}>
              Reload the page
            </a>
            <Link to="/" className={buttonClasses("secondary")}>
              Go to the home page
            </Link>
          </div>
        </div>
      </div>
      <JavaScriptOffNotice />
    </div>
  );
}
