import { expect, type Page } from "@playwright/test";

/**
 * Expects `message`, not shown yet, to wait in a polite live region that is already in the page
 * and, to assistive technology, empty: so a screen reader will announce the message when it shows
 * (one inserted together with its text often goes unannounced) and says nothing before. Returns
 * the check for when the message should show: shown in that same region, the focus still where
 * it was.
 */
export async function expectAnnouncementWaiting(page: Page, message: string) {
  const region = page.getByRole("status").filter({ hasText: message });
  await expect(region).toHaveAttribute("aria-live", "polite");
  expect(await region.ariaSnapshot()).toBe("- status");
  const regionBefore = await region.elementHandle();
  const focusedBefore = await page.evaluateHandle(() => document.activeElement);

  return async function expectAnnounced() {
    await expect(region.getByText(message)).toBeVisible();
    expect(await region.ariaSnapshot()).toContain(message);
    expect(await region.evaluate((now, before) => now === before, regionBefore)).toBe(true);
    expect(
      await page.evaluate((focused) => document.activeElement === focused, focusedBefore),
    ).toBe(true);
  };
}
