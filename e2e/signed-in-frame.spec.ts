import { expect, test } from "./support/fixtures.ts";
import { demoUsers, myArea, signInAndReturnTo, stubMyArea } from "./support/sign-in.ts";

// Issue 41: the top bar shows a signed-in person their account, not "Login", on every page.

test.beforeEach(async ({ page }) => {
  await stubMyArea(page);
});

test("a signed-out visitor sees Login", async ({ page, isMobile }) => {
  await page.goto("/pricing");
  const header = page.getByRole("banner");
  if (isMobile) {
    // On phones Login is in the site menu, and there is no account button.
    await expect(header.getByRole("button", { name: "Account menu" })).toHaveCount(0);
  } else {
    await expect(header.getByRole("link", { name: "Login" })).toBeVisible();
    await expect(header.getByRole("link", { name: /Your account/ })).toHaveCount(0);
  }
});

test("a signed-in person sees their account in the top bar on /pricing and /book-demo", async ({
  page,
  isMobile,
}) => {
  const { email } = demoUsers.active;
  await signInAndReturnTo(page, "/pricing", email);
  // Not /: the session sends a signed-in customer from the home page to their own area
  // (route-after-sign-in.ts).
  for (const path of ["/pricing", "/book-demo"]) {
    await page.goto(path);
    const header = page.getByRole("banner");
    if (isMobile) {
      await expect(header.getByRole("button", { name: "Account menu" })).toBeVisible();
      // The site menu, too, offers the account where it offered Login.
      await header.getByRole("button", { name: "Menu", exact: true }).click();
      const menu = page.getByRole("navigation", { name: "Mobile" });
      await expect(
        menu.getByRole("link", { name: `Your account, signed in as ${email}` }),
      ).toBeVisible();
      await expect(menu.getByRole("link", { name: "Login" })).toHaveCount(0);
    } else {
      const account = header.getByRole("link", { name: `Your account, signed in as ${email}` });
      await expect(account).toBeVisible();
      await expect(account).toHaveAttribute("href", myArea.home);
      await expect(header.getByRole("link", { name: "Login" })).toHaveCount(0);
    }
  }
});
