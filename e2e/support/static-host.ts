import type { Page } from "@playwright/test";
import { e2eOrigin } from "./e2e-env.ts";

/**
 * Answers the document at `address` (a content page's, /page/:handle) the way a static host
 * does (docs/deploy.md): with the app's fallback page and 200, whatever the handle. The Node
 * server answers it with the page itself; this is the page the app then asks the API for.
 */
export async function serveLikeAStaticHost(page: Page, address: string): Promise<void> {
  await page.route(`${e2eOrigin}${address}`, async (route) => {
    if (route.request().resourceType() !== "document") return route.fallback();
    const fallback = await route.fetch({ url: `${e2eOrigin}/__spa-fallback.html` });
    await route.fulfill({ response: fallback, status: 200 });
  });
}
