import type { Page, Route } from "@playwright/test";
import {
  samplePageHandle,
  samplePagePath,
  samplePageTitle,
  storeSamplePage,
} from "./support/admin-cli.ts";
import { e2eOrigin } from "./support/e2e-env.ts";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { gate } from "./support/gate.ts";
import { expectLongWaitNote } from "./support/long-waits.ts";
import { serveLikeAStaticHost } from "./support/static-host.ts";

// What a visitor sees when the API is overloaded, down, silent or odd: every wait ends
// in plain words with a way on. The real server gives these answers only under load or
// outage, so the tests answer the product's own API paths themselves.

/** Holds a request forever: the server never answers. */
const neverAnswer = (_route: Route) => {};

/**
 * Lets a hung request run into the client's timeout. The page's clock is installed
 * before it loads, so the test moves time on instead of waiting 15 s.
 */
async function outwaitTheTimeout(page: Page, apiPath: string) {
  const sent = page.waitForRequest((request) => new URL(request.url()).pathname === apiPath);
  return async () => {
    await sent;
    await page.clock.fastForward(16_000);
  };
}

const apiError = (status: number, code: string, message: string) => (route: Route) =>
  route.fulfill({ status, json: { error: { code, message } } });

test.describe("a short link when the server can't help right now", () => {
  test("too many requests says to wait a minute and offers Try again, inside the site", async ({
    page,
  }) => {
    await page.route(
      "**/api/redirect/promo/spring",
      apiError(429, "rate_limited", "Too many requests"),
    );
    await page.goto("/to/promo/spring");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Too many requests");
    await expect(main).toContainText("Wait a minute, then try again.");
    await expect(page).toHaveTitle(/^Too many requests · /);
    // The site's frame stays: top bar and footer around the message.
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(main.getByRole("link", { name: "Go to the home page" })).toHaveAttribute(
      "href",
      "/",
    );
    await expectNoSeriousA11yViolations(page);

    await page.unroute("**/api/redirect/promo/spring");
    await main.getByRole("button", { name: "Try again" }).click();
    await expect(page).toHaveURL(/\/book-demo(\?|$)/);
  });

  test("a server outage says the server is unavailable and to try again shortly", async ({
    page,
  }) => {
    await page.route(
      "**/api/redirect/promo/spring",
      apiError(503, "service_unavailable", "Database unavailable"),
    );
    await page.goto("/to/promo/spring");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Our server is unavailable");
    await expect(main).toContainText("Try again shortly.");
    await expect(main.getByRole("button", { name: "Try again" })).toBeVisible();
    await expect(page.getByText("Internal Server Error")).toHaveCount(0);
  });

  test("a failure after the wait takes the focus to its heading, and Try again keeps the focus and says each new failure", async ({
    page,
  }) => {
    let lookups = 0;
    let answer = gate();
    await page.route("**/api/redirect/promo/spring", async (route) => {
      lookups++;
      await answer.opened;
      await route.fulfill({ status: 503, json: { error: { code: "unavailable", message: "" } } });
    });
    await page.goto("/to/promo/spring");
    await expect(page.getByRole("progressbar")).toBeVisible();
    answer.open();
    const main = page.getByRole("main");
    const heading = main.getByRole("heading", { level: 1, name: "Our server is unavailable" });
    await expect(heading).toBeFocused();

    answer = gate();
    await page.keyboard.press("Tab");
    const tryAgain = main.getByRole("button", { name: "Try again" });
    await expect(tryAgain).toBeFocused();
    await page.keyboard.press("Enter");
    const busy = main.getByRole("button", { name: "Trying again…" });
    await expect(busy).toBeFocused();
    await expect(busy).toHaveAttribute("aria-disabled", "true");
    // Pressed again while busy, it asks nothing more.
    await page.keyboard.press("Enter");
    await expect(busy).toBeFocused();
    answer.open();
    // The same failure again: the focus goes back to the heading, so it is read out again.
    await expect(heading).toBeFocused();
    await expect(tryAgain).not.toHaveAttribute("aria-disabled");
    expect(lookups).toBe(2);
  });

  for (const [what, answer] of [
    [
      "a page that is not the API's, with 200",
      { status: 200, contentType: "text/html", body: "<h1>Hi</h1>" },
    ],
    ["an answer cut short", { status: 200, contentType: "application/json", body: '{"to":"/bo' }],
    [
      "a proxy's own error page",
      { status: 502, contentType: "text/html", body: "<h1>Bad Gateway</h1>" },
    ],
  ] as const) {
    test(`${what} is told as a garbled answer (502), with Try again`, async ({ page }) => {
      await page.route("**/api/redirect/promo/spring", (route) => route.fulfill(answer));
      await page.goto("/to/promo/spring");
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(
        "Our server's answer was garbled",
      );
      await expect(main.getByTestId("error-text")).toHaveText("502 Bad Gateway");
      await expect(main.getByText("Internal Server Error")).toHaveCount(0);
      await page.unroute("**/api/redirect/promo/spring");
      await main.getByRole("button", { name: "Try again" }).click();
      await expect(page).toHaveURL(/\/book-demo(\?|$)/);
    });
  }

  test("a link that has ended says so, with a way home and no pointless retry", async ({
    page,
  }) => {
    await page.route("**/api/redirect/promo/spring", apiError(410, "gone", "Link ended"));
    await page.goto("/to/promo/spring");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("This link has ended");
    await expect(main.getByRole("button", { name: "Try again" })).toHaveCount(0);
    await expect(main.getByRole("link", { name: "Go to the home page" })).toBeVisible();
  });

  test("a link the server never answers ends in a message with Try again", async ({ page }) => {
    await page.clock.install();
    await page.route("**/api/redirect/promo/spring", neverAnswer);
    const timeOut = await outwaitTheTimeout(page, "/api/redirect/promo/spring");
    await page.goto("/to/promo/spring");
    await timeOut();
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(
      "Our server is taking too long",
    );
    await page.unroute("**/api/redirect/promo/spring");
    await main.getByRole("button", { name: "Try again" }).click();
    await expect(page).toHaveURL(/\/book-demo(\?|$)/);
  });

  test("a link moved to another site is refused with a message, not an endless spinner", async ({
    page,
  }) => {
    await page.route("**/api/redirect/promo/spring", (route) =>
      route.fulfill({ status: 301, json: { location: "https://evil.example/phish" } }),
    );
    await page.goto("/to/promo/spring");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link can't be opened");
    await expect(page).toHaveURL(`${e2eOrigin}/to/promo/spring`);
  });
});

test.describe("a content page when the server can't help right now", () => {
  // The page exists (the server answers an address without a page with 404 itself), and is
  // served as a static host serves it: the Node server writes the page into its HTML.
  test.beforeEach(async ({ page }) => {
    await storeSamplePage();
    await serveLikeAStaticHost(page, samplePagePath);
  });
  const sampleApiPath = `/api/p/${samplePageHandle}`;

  test("a page the server never answers ends in a message with Try again", async ({ page }) => {
    await page.clock.install();
    await page.route(`**${sampleApiPath}`, neverAnswer);
    const timeOut = await outwaitTheTimeout(page, sampleApiPath);
    await page.goto(samplePagePath);
    await expect(page.getByRole("status", { name: "Loading the page" })).toBeVisible();
    await expectLongWaitNote(page, "This is taking longer than it should");
    await expect(page.getByRole("link", { name: "Go to the home page" })).toBeVisible();
    await timeOut();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText(
      "This page could not be loaded. Our server took too long to answer.",
    );
    await expect(alert.getByRole("link", { name: "Go to the home page" })).toHaveAttribute(
      "href",
      "/",
    );
    await expectNoSeriousA11yViolations(page);
    await page.unroute(`**${sampleApiPath}`);
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(samplePageTitle);
  });

  test("a page moved to another site is refused with a message, not an endless placeholder", async ({
    page,
  }) => {
    await page.route(`**${sampleApiPath}`, (route) =>
      route.fulfill({ status: 301, json: { location: "https://evil.example/phish" } }),
    );
    await page.goto(samplePagePath);
    await expect(page.getByRole("alert")).toContainText("This page could not be loaded");
    await expect(page).toHaveURL(`${e2eOrigin}${samplePagePath}`);
  });
});
