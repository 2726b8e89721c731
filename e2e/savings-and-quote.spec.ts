import { e2eOrigin } from "./support/e2e-env.ts";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";

test.describe("savings calculator on /pricing", () => {
  test("updates the estimate as the visitor types, each figure citing its claim", async ({
    page,
  }) => {
    await page.goto("/pricing");
    const calculator = page.getByRole("region", { name: "What could it earn your bakery?" });
    await expect(calculator).toContainText(
      "At $20,000 a month, a 20% lift is $4,000 a month, eight times the price.",
    );

    await calculator.getByLabel("Monthly sales").fill("$30,000");
    await calculator.getByLabel("Orders per week").fill("100");
    await calculator.getByLabel("Hours a week on orders and payments").fill("10");
    await expect(calculator).toContainText(
      "At $30,000 a month, a 20% lift is $6,000 a month, 12 times the price.",
    );
    const figures = calculator.getByRole("definition");
    await expect(figures).toContainText([
      "$6,000",
      "The claimed 20% increase in sales.",
      "$5,500 a month",
      "paid by your customers, not you. At your average order it is $2.00 an online order.",
      "11 hours",
      "The claimed 25% increase in employee efficiency.",
      "$3,000 to $6,000",
      "delivery adds 10–20% in sales",
      "15% more",
      "The claimed 15% increase in customer retention",
    ]);

    await calculator.getByText("Assumptions").click();
    await expect(calculator).toContainText("not a guarantee");
    await expectNoSeriousA11yViolations(page);
  });

  test("explains what is wrong with empty, negative, non-numeric and huge sales", async ({
    page,
  }) => {
    await page.goto("/pricing");
    const calculator = page.getByRole("region", { name: "What could it earn your bakery?" });
    const sales = calculator.getByLabel("Monthly sales");
    for (const [typed, message] of [
      ["", "Enter your monthly sales."],
      ["-200", "Your monthly sales can't be negative."],
      ["lots", "Enter your monthly sales as a number, like 20000."],
      ["900000000", "That is more than we can estimate: enter monthly sales up to $5,000,000."],
      ["20.000", "Enter your monthly sales in dollars, like 20000."],
    ]) {
      await sales.fill(typed as string);
      await expect(sales).toHaveAccessibleDescription(message as string);
      await expect(sales).toHaveAttribute("aria-invalid", "true");
      await expect(calculator).toContainText("Fix the marked figures to see your estimate.");
    }
    await sales.fill("1500");
    await expect(sales).not.toHaveAttribute("aria-invalid");
    await expect(calculator).toContainText("a 20% lift is $300 a month, about 60% of the price.");
  });
});

test.describe("instant cake quote on the landing page", () => {
  // Late evening of November 20 in Los Angeles is already November 21 in UTC:
  // the quote must count from the visitor's own date.
  test.use({ timezoneId: "America/Los_Angeles" });
  test.beforeEach(async ({ page }) => {
    await page.clock.setFixedTime(new Date("2026-11-21T06:30:00Z"));
  });

  test("quotes a chosen size with the deposit now and the balance 7 days before pickup", async ({
    page,
  }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Custom Cakes & Treats" });
    const quote = section.getByRole("form", { name: "Try an instant quote" });
    const size = quote.getByLabel("Cake size");
    await expect(size.locator("optgroup")).toHaveCount(5);
    await size.selectOption("10x6 inch");
    await quote.getByLabel("Pickup date").fill("2026-12-04");
    await expect(quote).toContainText("10x6 inch cake: $185.00. Deposit now: $92.50.");
    await expect(quote).toContainText(
      "Balance of $92.50 collected automatically on Friday, November 27, 2026, 7 days before pickup.",
    );

    await size.selectOption("12/10/8 inch");
    await quote.getByLabel("Pickup date").fill("2026-11-21");
    await expect(quote).toContainText("12/10/8 inch cake: $450.00. Deposit now: $225.00.");
    await expect(quote).toContainText(
      "the balance of $225.00 is collected with the deposit, at booking.",
    );

    await quote.getByLabel("Pickup date").fill("2026-11-20");
    await expect(quote).toContainText("Choose a pickup date after today.");

    await expectNoSeriousA11yViolations(page);
    // The size priced goes along as a note, and on to the scheduling page's first question.
    await quote.getByRole("link", { name: "Book a demo to set your own prices" }).click();
    await expect(page).toHaveURL(
      /\/book-demo\?note=Cake\+quote%3A\+Three\+tier\+12%2F10%2F8\+inch$/,
    );
    await expect(page.locator('iframe[title="Book a demo: pick a time"]')).toHaveAttribute(
      "src",
      /[?&]a1=Cake\+quote%3A\+Three\+tier\+12%2F10%2F8\+inch(&|$)/,
    );
  });

  test("marks the field its error is about, and describes the field with it", async ({ page }) => {
    await page.goto("/");
    const quote = page.getByRole("form", { name: "Try an instant quote" });
    const size = quote.getByLabel("Cake size");
    const pickup = quote.getByLabel("Pickup date");
    await pickup.fill("2026-12-04");
    await expect(size).toHaveAttribute("aria-invalid", "true");
    await expect(size).toHaveAccessibleDescription("Choose a cake size.");
    await expect(pickup).not.toHaveAttribute("aria-invalid");

    await size.selectOption("10x6 inch");
    await pickup.fill("2026-11-20");
    await expect(pickup).toHaveAttribute("aria-invalid", "true");
    await expect(pickup).toHaveAccessibleDescription("Choose a pickup date after today.");
    await expect(size).not.toHaveAttribute("aria-invalid");

    await pickup.fill("2026-12-04");
    await expect(quote).toContainText("10x6 inch cake: $185.00.");
    await expect(pickup).not.toHaveAttribute("aria-invalid");
    await expect(pickup).toHaveAccessibleDescription("");
  });
});

test("without JavaScript both forms are there, the calculator states its formula, and neither promises a result", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: e2eOrigin });
  // A context of its own, so no third-party host is reached either.
  await context.route(
    (url) => url.hostname !== "127.0.0.1",
    (route) => route.abort(),
  );
  const page = await context.newPage();
  await page.goto("/pricing");
  const calculator = page.getByRole("region", { name: "What could it earn your bakery?" });
  await expect(calculator.getByLabel("Monthly sales")).toHaveValue("20000");
  await expect(calculator).toContainText(
    "extra sales are your monthly sales × 20%; the net is that minus the $500 monthly price",
  );
  // It says what a browser without JavaScript can do, not what only the app will.
  await expect(calculator.getByText("The estimate needs JavaScript")).toBeVisible();
  await expect(calculator.getByText("Your estimate appears here")).toBeHidden();

  await page.goto("/");
  const quote = page.getByRole("form", { name: "Try an instant quote" });
  await expect(quote.getByLabel("Cake size")).toBeVisible();
  await expect(quote.getByLabel("Pickup date")).toBeVisible();
  await expect(quote.getByText("Instant quotes need JavaScript")).toBeVisible();
  await expect(quote.getByText("Choose a size and a pickup date")).toBeHidden();
  await expect(
    quote.getByRole("link", { name: "Book a demo to set your own prices" }),
  ).toBeVisible();
  await context.close();
});
