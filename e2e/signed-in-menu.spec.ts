import type { Locator, Page } from "@playwright/test";
import { e2eOrigin, identityRequestPattern } from "./support/e2e-env.ts";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { demoUsers, myArea, signInAndReturnTo, stubMyArea } from "./support/sign-in.ts";

test.beforeEach(async ({ page }) => {
  await stubMyArea(page);
});

const accountNav = (page: Page) => page.getByRole("navigation", { name: "Account" });
const accountButton = (page: Page) =>
  page.getByRole("banner").getByRole("button", { name: "Account menu" });

/**
 * The lines the browser drew an element's text on, top to bottom: each character placed by its
 * box's top edge.
 */
function renderedLines(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const lines = new Map<number, string>();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (let index = 0; index < text.length; index++) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        lines.set(top, (lines.get(top) ?? "") + text[index]);
      }
    }
    return [...lines.entries()].sort(([a], [b]) => a - b).map(([, line]) => line);
  });
}

/** The address under "Signed in as", where the account menu shows it. */
const signedInAddress = (menu: Locator) =>
  menu.getByText("Signed in as").locator("xpath=following-sibling::p[1]");

/** Every request for the identity SDK's code or its services. */
function watchIdentityRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (identityRequestPattern.test(request.url())) {
      seen.push(request.url());
    }
  });
  return seen;
}

test("no visitor who never signed in gets the menu, in the HTML or after it runs", async ({
  page,
  request,
}) => {
  for (const path of ["/", "/pricing", "/login"]) {
    expect(await (await request.get(path)).text()).not.toContain('aria-label="Account"');
  }
  await page.goto("/pricing");
  await page.waitForLoadState("networkidle");
  await expect(accountNav(page)).toHaveCount(0);
  await expect(accountButton(page)).toHaveCount(0);
});

test.describe("wide screens", () => {
  test.skip(({ isMobile }) => isMobile, "wide screens only");

  test("a signed-in user gets a permanent 240 px account column; signing out removes it", async ({
    page,
  }) => {
    await signInAndReturnTo(page, "/pricing");
    const nav = accountNav(page);
    await expect(nav).toBeVisible();
    await expect(accountButton(page)).toBeHidden();

    const column = await nav.boundingBox();
    expect(column).toMatchObject({ x: 0, width: 240 });
    // The page sits to the right of the column, under the full-width top bar.
    expect((await page.getByRole("main").boundingBox())?.x).toBe(240);
    expect((await page.getByRole("banner").boundingBox())?.x).toBe(0);

    await expect(nav).toContainText(demoUsers.active.email);
    // Too long for the column, the address breaks before its "@", not at its hyphen.
    expect(await renderedLines(signedInAddress(nav))).toEqual(["demo-active", "@example.com"]);
    await expect(nav.getByRole("link", { name: "My area home" })).toHaveAttribute(
      "href",
      myArea.home,
    );
    await expect(nav.getByRole("link", { name: "Onboarding" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Pricing" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expectNoSeriousA11yViolations(page);

    // In-app links keep the column; a reload brings it back from the saved session.
    await nav.getByRole("link", { name: "Book a Demo" }).click();
    await expect(page).toHaveURL(`${e2eOrigin}/book-demo`);
    await expect(nav).toBeVisible();
    await page.reload();
    await expect(nav).toBeVisible();

    await nav.getByRole("button", { name: "Sign out" }).click();
    await expect(nav).toHaveCount(0);
    await expect(page.getByRole("main")).toBeFocused();
    expect((await page.getByRole("main").boundingBox())?.x).toBe(0);

    // Signed out, this browser no longer loads the identity SDK on marketing pages.
    const identityRequests = watchIdentityRequests(page);
    await page.reload();
    await page.waitForLoadState("networkidle");
    await expect(nav).toHaveCount(0);
    expect(identityRequests).toEqual([]);
  });
});

test.describe("narrow screens", () => {
  test.skip(({ isMobile }) => !isMobile, "narrow screens only");

  test("a signed-in user opens the account menu as a 240 px drawer from the top bar", async ({
    page,
  }) => {
    await signInAndReturnTo(page, "/pricing");
    await expect(accountNav(page)).toHaveCount(0);
    const button = accountButton(page);
    await expect(button).toBeVisible();
    expect((await page.getByRole("main").boundingBox())?.x).toBe(0);

    await button.click();
    const drawer = page.getByRole("dialog", { name: "Account menu" });
    await expect(drawer).toBeVisible();
    // The open dialog hides the rest of the page from assistive tech, so find the button by id.
    await expect(page.locator('button[aria-controls="account-drawer"]')).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    // It slides in from the left edge.
    await expect.poll(() => drawer.boundingBox()).toMatchObject({ x: 0, width: 240 });
    await expect(drawer.getByRole("navigation", { name: "Account" })).toContainText(
      demoUsers.active.email,
    );
    expect(await renderedLines(signedInAddress(drawer))).toEqual(["demo-active", "@example.com"]);
    await expect(drawer.getByRole("link", { name: "My area home" })).toHaveAttribute(
      "href",
      myArea.home,
    );
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(button).toBeFocused();

    // Choosing a link closes it.
    await button.click();
    await drawer.getByRole("link", { name: "Book a Demo" }).click();
    await expect(page).toHaveURL(`${e2eOrigin}/book-demo`);
    await expect(drawer).toBeHidden();

    await button.click();
    await drawer.getByRole("button", { name: "Sign out" }).click();
    await expect(drawer).toBeHidden();
    await expect(button).toHaveCount(0);
    // Only the site menu's button is left.
    await expect(page.getByRole("banner").getByRole("button")).toHaveCount(1);
  });
});
