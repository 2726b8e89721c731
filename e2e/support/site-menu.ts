import type { Locator } from "@playwright/test";
import { e2eSiteEnv } from "./e2e-env.ts";
import { expect } from "./fixtures.ts";

/** The open 390 px site menu (spec §2): 240 px wide, the logo, Login and Book a Demo, focus inside. */
export async function expectOpenSiteMenu(drawer: Locator) {
  await expect(drawer).toBeVisible();
  // It slides in: measured once it is in place.
  await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(240);
  await expect(drawer.getByRole("img", { name: e2eSiteEnv.COMPANY_NAME })).toBeVisible();
  await expect(drawer.getByRole("link", { name: "Login" })).toHaveAttribute(
    "href",
    e2eSiteEnv.APP_LOGIN_URL,
  );
  await expect(drawer.getByRole("link", { name: "Book a Demo" })).toBeVisible();
  await expect(drawer.locator(":focus")).toHaveCount(1);
}
