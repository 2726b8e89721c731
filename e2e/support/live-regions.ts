import { expect, type Page } from "@playwright/test";

/**
 * Expects `message`, not shown yet, to wait in a live region that is already in the page and,
 * to assistive technology, empty: so a screen reader will announce the message when it shows
 * (one inserted together with its text often goes unannounced) and says nothing before. The
 * region is a polite "status", or an assertive "alert" for a failure. Returns the check for when
 * the message should show: shown in that same region, the focus still where it was.
 */
export async function expectAnnouncementWaiting(
  page: Page,
  message: string,
  role: "status" | "alert" = "status",
) {
  const region = page.getByRole(role).filter({ hasText: message });
  await expect(region).toHaveAttribute("aria-live", role === "alert" ? "assertive" : "polite");
  expect(await region.ariaSnapshot()).toBe(`- ${role}`);
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
