import { e2eSiteEnv } from "./support/e2e-env.ts";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { holdRequests } from "./support/gate.ts";
import { expectAnnouncementWaiting } from "./support/live-regions.ts";

test("pricing shows the flat price, fee notes, a Book a Demo button and the feature list", async ({
  page,
}) => {
  await page.goto("/pricing");
  const main = page.getByRole("main");
  await expect(main).toContainText("$500/month, flat");
  await expect(main).toContainText("No long-term contracts");
  await expect(main).toContainText("No cancellation fees");
  await expect(main).toContainText(
    "1% convenience fee ($2.00 minimum) on online orders of $10 or more",
  );
  await expect(main).toContainText("In-store and phone orders never carry a convenience fee");
  const features = page
    .getByRole("region", { name: "Everything your bakery needs, included" })
    .getByRole("listitem");
  expect(await features.count()).toBeGreaterThanOrEqual(23);
  for (const title of [
    "Point of sale",
    "Capital",
    "Phone answering system",
    "Staff logins",
    "Reports",
  ]) {
    await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible();
  }
  await expect(main).toContainText("up to $250,000");
  await expect(main).toContainText("7 days before pickup or delivery");
  await expect(main).toContainText("owners, managers, clerks and kitchen staff");
  await main.getByRole("link", { name: "Book a Demo" }).click();
  await expect(page).toHaveURL(/\/book-demo$/);
});

test("signup embeds the payment provider's pricing table, its script on this page only", async ({
  page,
  externalRequests,
}) => {
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(externalRequests.filter((url) => url.includes("stripe"))).toEqual([]);

  await page.goto("/signup");
  const table = page.locator("stripe-pricing-table");
  await expect(table).toHaveAttribute("pricing-table-id", e2eSiteEnv.STRIPE_PRICING_TABLE_ID);
  await expect(table).toHaveAttribute("publishable-key", e2eSiteEnv.STRIPE_PUBLISHABLE_KEY);
  await expect(page.getByTestId("stripe-stub")).toHaveText(
    `Plans for ${e2eSiteEnv.STRIPE_PRICING_TABLE_ID}`,
  );
  expect(externalRequests).toContain("https://js.stripe.com/v3/pricing-table.js");
});

test("signup shows a spinner while the plans load, and a way on when they take far too long", async ({
  page,
}) => {
  // Held, then passed on to the fixture's stand-in for the provider's script.
  const scriptMayLoad = await holdRequests(page, "https://js.stripe.com/**", "fallback");
  await page.clock.install();
  // The page's load event waits for the provider's script: wait for the app instead.
  await page.goto("/signup", { waitUntil: "commit" });
  const loading = page.getByRole("progressbar", { name: "Loading the plans" });
  const slow = page.getByText("The plans are taking longer than usual to load.");
  await expect(loading).toBeVisible();
  await expect(slow).toBeHidden();
  const expectAnnounced = await expectAnnouncementWaiting(
    page,
    "The plans are taking longer than usual to load.",
  );

  await page.clock.fastForward(15_000);
  await expect(slow).toBeVisible();
  await expectAnnounced();
  await expect(loading).toBeHidden();
  await expect(slow.getByRole("link", { name: "book a demo" })).toHaveAttribute(
    "href",
    "/book-demo",
  );
  await expectNoSeriousA11yViolations(page);

  scriptMayLoad();
  await expect(page.getByTestId("stripe-stub")).toBeVisible();
  await expect(slow).toBeHidden();
});

for (const [how, answer] of [
  ["fails", "fail"],
  ["runs without drawing a table", "empty"],
] as const) {
  test(`signup says the plans could not be loaded, announced, with a way on, when the script ${how}`, async ({
    page,
  }) => {
    const failed = "The plans could not be loaded.";
    const failScript = await holdRequests(page, "https://js.stripe.com/**", answer);
    // The page's load event waits for the provider's script: wait for the app instead.
    await page.goto("/signup", { waitUntil: "commit" });
    const loading = page.getByRole("progressbar", { name: "Loading the plans" });
    await expect(loading).toBeVisible();
    await expect(page.getByText(failed)).toBeHidden();
    const expectAnnounced = await expectAnnouncementWaiting(page, failed, "alert");

    failScript();
    await expect(page.getByText(failed)).toBeVisible();
    await expectAnnounced();
    const alert = page.getByRole("alert").filter({ hasText: failed });
    await expect(alert.getByRole("link", { name: "book a demo" })).toHaveAttribute(
      "href",
      "/book-demo",
    );
    await expect(loading).toBeHidden();
  });
}

for (const path of ["/pricing", "/signup"]) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expectNoSeriousA11yViolations(page);
  });
}
