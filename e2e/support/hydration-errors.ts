import type { Page } from "@playwright/test";
import { waitForHydration } from "./fixtures.ts";

/**
 * Finds a page that did not hydrate cleanly. React reports a hydration mismatch as a recoverable
 * error: without the app's own handler (hydrateRoot's onRecoverableError), through the browser's
 * reportError, which dispatches an `error` event on the window (a production build names it by
 * its number, "Minified React error #418"; a development build says "Hydration failed"). The
 * page records those events itself, so what it saw is read with the page's state rather than
 * from the browser's log, which reaches the test on its own schedule.
 */

/** Words of React's hydration errors: its development messages, and #418–#425 in production. */
const HYDRATION_ERROR = /hydrat|react error #4(1[89]|2[0-5])\b/i;

type RecordingWindow = Window & { __pageErrors?: string[] };

/**
 * Records, in every document `page` loads from now on, the errors reported on its window (thrown
 * or rejected and not caught, or reported as React reports a recoverable one) and what the page
 * logs as an error about hydration. Call before the page's goto.
 */
export async function recordPageErrors(page: Page): Promise<void> {
  await page.addInitScript((hydrationError) => {
    const seen: string[] = [];
    (window as RecordingWindow).__pageErrors = seen;
    window.addEventListener("error", (event) => seen.push(event.message), true);
    window.addEventListener("unhandledrejection", (event) => seen.push(String(event.reason)));
    const logError = console.error.bind(console);
    console.error = (...args: unknown[]) => {
      const text = args.map(String).join(" ");
      if (new RegExp(hydrationError, "i").test(text)) seen.push(text);
      logError(...args);
    };
  }, HYDRATION_ERROR.source);
}

/**
 * The errors the page recorded (recordPageErrors) once it has hydrated and React has no work
 * left queued: React marks <html data-hydrated> in an effect of the commit that hydrated the
 * page (app/entry.client.tsx), after it has reported that commit's recoverable errors; a part
 * that hydrates later (a Suspense boundary) does so in tasks React queues one after another, so
 * the browser's idle callback runs only once they are done. A boundary still waiting for a file
 * it loads is not waited for.
 */
export async function errorsOnceHydrated(page: Page): Promise<string[]> {
  await waitForHydration(page);
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) =>
        requestIdleCallback(() => resolve([...((window as RecordingWindow).__pageErrors ?? [])])),
      ),
  );
}

/** Whether an error is one of React's hydration errors. */
export const isHydrationError = (message: string) => HYDRATION_ERROR.test(message);
