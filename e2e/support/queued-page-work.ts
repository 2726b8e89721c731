import type { Page } from "@playwright/test";

/**
 * Resolves once what the page had queued when it was called has had its turn, so a test
 * can then check that something did NOT happen. The page sends a request and waits for
 * the answer: Chromium delivers it on the page's networking task runner, behind the
 * tasks queued there before it (a javascript: URL a click started, the load or error of
 * a resource). Two animation frames after that let the animation, transition and focus
 * events of the last rendering fire.
 */
export async function waitForQueuedPageWork(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await fetch("/api/health", { cache: "no-store" });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}
