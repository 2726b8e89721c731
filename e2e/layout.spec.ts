import { pagesAtTheirOwnAddress } from "@bakery/web/public-routes";
import type { Page } from "@playwright/test";
import { e2eSiteEnv } from "./support/e2e-env.ts";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { expectOpenSiteMenu } from "./support/site-menu.ts";

test.describe("top bar", () => {
  test("shows the 30 px logo linking home, Login and Book a Demo on wide screens", async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, "wide screens only");
    await page.goto("/pricing");
    const header = page.getByRole("banner");
    const logo = header.getByRole("link", { name: "Rise home" });
    await expect(logo).toHaveAttribute("href", "/");
    expect((await logo.getByRole("img").boundingBox())?.height).toBe(30);
    await expect(header.getByRole("link", { name: "Login" })).toHaveAttribute(
      "href",
      e2eSiteEnv.APP_LOGIN_URL,
    );
    await expect(header.getByRole("button", { name: "Menu" })).toBeHidden();
    await header.getByRole("link", { name: "Book a Demo" }).click();
    await expect(page).toHaveURL(/\/book-demo$/);
    await logo.click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("collapses into a menu button that opens a 240 px drawer on phones", async ({
    page,
    isMobile,
  }) => {
    test.skip(!isMobile, "narrow screens only");
    await page.goto("/pricing");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Login" })).toBeHidden();
    await expect(header.getByRole("button", { name: "Menu" })).toBeVisible();
    const menuButton = page.locator('header button[aria-controls="mobile-drawer"]');
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");

    await menuButton.click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expectOpenSiteMenu(drawer);
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    // Focus moved into the drawer, and Escape brings it back to the button.
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();

    // A click anywhere inside closes it.
    await menuButton.click();
    await expect(drawer).toBeVisible();
    await drawer.click({ position: { x: 120, y: 400 } });
    await expect(drawer).toBeHidden();

    // Its links work, and leave it closed.
    await menuButton.click();
    await drawer.getByRole("link", { name: "Book a Demo" }).click();
    await expect(page).toHaveURL(/\/book-demo$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("opens and closes the drawer from the keyboard", async ({ page, isMobile }) => {
    test.skip(!isMobile, "narrow screens only");
    await page.goto("/");
    const menuButton = page.getByRole("button", { name: "Menu" });
    await menuButton.focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();

    // Tab past its last item closes it: focus is never on the covered page behind it.
    await page.keyboard.press("Enter");
    await expect(drawer).toBeVisible();
    await drawer.getByRole("link", { name: "Book a Demo" }).focus();
    await page.keyboard.press("Tab");
    await expect(drawer).toBeHidden();
    const focused = page.locator(":focus");
    await expect(focused).toHaveCount(1);
    await expect(focused).toBeInViewport();
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
  });
});

// WCAG 1.4.10 (reflow) and 1.4.12 (text spacing): every public page reads at 320 px wide
// without scrolling sideways, also with a visitor's wider letter, word and line spacing.
test.describe("at 320 px wide", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  for (const path of pagesAtTheirOwnAddress) {
    test(`${path} fits the width, also with wider text spacing`, async ({ page }) => {
      await page.goto(path);
      expect(await whatRunsPastTheRightEdge(page)).toEqual([]);
      await widenTextSpacing(page);
      expect(await whatRunsPastTheRightEdge(page)).toEqual([]);
    });
  }
});

/** The spacing WCAG 1.4.12 asks a page to survive, as a visitor's style sheet applies it. */
async function widenTextSpacing(page: Page) {
  await page.evaluate(() => {
    const spacing = new CSSStyleSheet();
    spacing.replaceSync(
      "* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }",
    );
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, spacing];
  });
}

/**
 * The page's sideways scroll and every element whose right edge is past the viewport's, by
 * tag, classes and text. A section drawn only near the viewport clips what overflows it
 * rather than scrolling, so the scroll width alone would miss it. What is not shown (a closed
 * drawer, a testimonial waiting its turn) may wait off the page.
 */
async function whatRunsPastTheRightEdge(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) {
      found.push(`the page scrolls sideways to ${document.documentElement.scrollWidth} px`);
    }
    for (const element of document.body.querySelectorAll("*")) {
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= width + 0.5) continue;
      const text = (element.textContent ?? "").trim().slice(0, 40);
      found.push(
        `${element.tagName.toLowerCase()}.${element.classList} "${text}" ends at ${box.right} px`,
      );
    }
    return found;
  });
}

test("footer shows the logo, address, legal links, contact, social links and copyright", async ({
  page,
}) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("img", { name: e2eSiteEnv.COMPANY_NAME })).toBeVisible();
  await expect(footer.getByText(e2eSiteEnv.COMPANY_ADDRESS)).toBeVisible();
  await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
    "href",
    "/privacy-policy",
  );
  await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
    "href",
    "/terms-of-service",
  );
  await expect(footer.getByRole("link", { name: e2eSiteEnv.CONTACT_EMAIL })).toHaveAttribute(
    "href",
    `mailto:${e2eSiteEnv.CONTACT_EMAIL}`,
  );
  await expect(footer.getByRole("link", { name: "Instagram" })).toHaveAttribute(
    "href",
    e2eSiteEnv.SOCIAL_INSTAGRAM_URL,
  );
  await expect(footer.getByRole("link", { name: "Facebook" })).toHaveAttribute(
    "href",
    e2eSiteEnv.SOCIAL_FACEBOOK_URL,
  );
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${e2eSiteEnv.COMPANY_NAME}`);
});

test("a keyboard visitor who follows a link in the app starts on the new page, not where the link was", async ({
  page,
}) => {
  await page.goto("/");
  const privacy = page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" });
  await privacy.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.locator("main")).toBeFocused();
  // The next Tab is in the new page, not the footer's next link.
  await page.keyboard.press("Tab");
  await expect(page.locator("main :focus")).toHaveCount(1);
  await expect(page.locator(":focus")).toBeInViewport();
});

test("the copyright line ends the company's name with one period, not two", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  // The e2e company name is "Rise Bakery Software, Inc.": its own period ends the sentence.
  await expect(footer).toContainText(`${e2eSiteEnv.COMPANY_NAME} All rights reserved.`);
  await expect(footer).not.toContainText("..");
});

test("a mistyped campaign address lands on / and keeps the campaign", async ({ page }) => {
  await page.goto("/pricng?utm_source=ad&utm_medium=cpc&utm_campaign=spring");
  await expect(page).toHaveURL(/\/$/);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("utm") ?? "null"));
  expect(saved).toMatchObject({ utms: "ad", utmm: "cpc", utmc: "spring" });
});

test("an unknown path sends the browser to the landing page", async ({ page }) => {
  await page.goto("/definitely/not/here");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Run your whole bakery from one place",
  );
});

test("an unexpected API failure shows the application error page", async ({ page }) => {
  await page.route("**/api/redirect/**", (route) =>
    route.fulfill({
      status: 500,
      json: { error: { code: "internal", message: "Something broke" } },
    }),
  );
  // A link behind sign-in is served as the link's page, which asks the API.
  await page.goto("/to/account/billing");
  await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
  await expect(page.getByTestId("error-text")).toHaveText("500 Internal Server Error");
  await expect(page.getByText("Something broke")).toBeVisible();
  await expect(page).toHaveTitle(/Unexpected Application Error!/);
});
