import type { BrowserContext, Page } from "@playwright/test";

/**
 * A promise and the function that settles it: a test holds a request (or anything else) on
 * `opened` until it calls `open`.
 */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/**
 * Holds every request of `target` (a page, or all of a context's pages) to `url` until the
 * returned function is called; then each goes on to the network (`continue`), to the
 * handler routed before this one (`fallback`, e.g. a fixture's stand-in for a third party),
 * fails as a download that broke off (`fail`), or is answered with an empty script (`empty`).
 */
export async function holdRequests(
  target: Page | BrowserContext,
  url: string,
  then: "continue" | "fallback" | "fail" | "empty" = "continue",
): Promise<() => void> {
  const held = gate();
  await target.route(url, async (route) => {
    await held.opened;
    const release = {
      continue: () => route.continue(),
      fallback: () => route.fallback(),
      fail: () => route.abort("failed"),
      // Answered, but with nothing in it (a filter on the visitor's network, say).
      empty: () => route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
    }[then];
    // A page closed while its request was held has nothing left to send it to.
    await release().catch(() => {});
  });
  return held.open;
}
