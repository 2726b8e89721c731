import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./support/fixtures.ts";
import { holdRequests } from "./support/gate.ts";
import { expectOpenSiteMenu } from "./support/site-menu.ts";

/**
 * Records, for each tap and keystroke the page receives, whether the app had finished hydrating
 * by then (entry.client.tsx marks <html data-hydrated>). Registered before the page's own
 * scripts, in the capture phase, so it sees every one before anything else handles it.
 */
async function recordInputMoments(page: Page) {
  await page.addInitScript(() => {
    const moments: { type: string; hydrated: boolean }[] = [];
    (window as unknown as { inputMoments: typeof moments }).inputMoments = moments;
    for (const type of ["pointerdown", "input"]) {
      addEventListener(
        type,
        () =>
          moments.push({ type, hydrated: document.documentElement.hasAttribute("data-hydrated") }),
        { capture: true },
      );
    }
  });
}

// A visitor on a slow phone types and taps as soon as the page shows, while the app is still on its
// way or taking over the page: what they typed and tapped must count, both for the page as it is
// and for the app once it runs. The app's code is held until they have, so the order is certain.
test("typing in the calculator and tapping the menu before the app has hydrated are kept when it does", async ({
  context,
  externalRequests,
  isMobile,
}) => {
  test.skip(!isMobile, "the menu button is the phone layout's");
  // A page of its own: the fixture's `page` waits for hydration after each navigation.
  void externalRequests;
  const page = await context.newPage();
  await recordInputMoments(page);
  const releaseApp = await holdRequests(page, "**/assets/entry.client-*.js");
  await page.goto("/pricing");
  const sales = page.getByLabel("Monthly sales");
  const menu = page.getByRole("banner").getByRole("button", { name: "Menu", exact: true });
  await sales.fill("30000");
  await menu.click();

  const moments = await page.evaluate(
    () =>
      (window as unknown as { inputMoments: { type: string; hydrated: boolean }[] }).inputMoments,
  );
  expect(moments.map(({ type }) => type)).toEqual(expect.arrayContaining(["input", "pointerdown"]));
  expect(moments.filter(({ hydrated }) => hydrated)).toEqual([]);

  releaseApp();
  await waitForHydration(page);
  // The menu is open, and the app knows it is.
  await expectOpenSiteMenu(page.getByRole("dialog", { name: "Menu" }));
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  // The app's estimate is of what was typed, not of the form's first figure.
  await page.keyboard.press("Escape");
  await expect(page.getByRole("region", { name: "What could it earn your bakery?" })).toContainText(
    "At $30,000 a month, a 20% lift is $6,000 a month, 12 times the price.",
  );
});
