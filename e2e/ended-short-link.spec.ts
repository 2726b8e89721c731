import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import { e2eOrigin, PHONE_USER_AGENT } from "./support/e2e-env.ts";
import { expectNoSeriousA11yViolations } from "./support/fixtures.ts";
import { operatorToken } from "./support/funnel-report.ts";

// An expired short link without a fallback has ended: the visitor is told so in words, at the
// link's own address with 410, and offered a way on (the home page, a demo), with or without
// JavaScript.

/** The problem page has no app: a page whose goto does not wait for one (see html-first.spec.ts). */
const test = base.extend<{ plainPage: Page }>({
  plainPage: async ({ context }, use) => {
    await use(await context.newPage());
  },
});

// Headless Chromium's own user agent is a bot's; a phone's is a person's (decision 6).
test.use({ userAgent: PHONE_USER_AGENT });

/** A link id of this test's own, so the two projects and repeated runs never share one. */
const uniqueId = (name: string) => `${name}-${test.info().project.name}-${Date.now().toString(36)}`;

/** Stores e2e/<id> as an expired link without a fallback, as an operator would. */
async function putEndedLink(request: APIRequestContext, id: string) {
  const response = await request.put(`/api/admin/links/e2e/${id}`, {
    headers: { Authorization: `Bearer ${await operatorToken(request)}` },
    data: {
      destination: "/pricing",
      expiresAt: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
    },
  });
  expect(response.ok()).toBe(true);
  // The API says so too.
  expect((await request.get(`/api/redirect/e2e/${id}`)).status()).toBe(410);
}

async function expectEndedPage(page: Page, address: string) {
  const response = await page.goto(address);
  expect(response?.status()).toBe(410);
  await expect(page).toHaveURL(`${e2eOrigin}${address}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link has ended");
  await expect(page).toHaveTitle(/^This link has ended/);
  const main = page.getByRole("main");
  await expect(main.getByText("The offer or page it led to is no longer available.")).toBeVisible();
  await expect(main.getByRole("link", { name: "Go to the home page" })).toHaveAttribute(
    "href",
    "/",
  );
  await expect(main.getByRole("link", { name: "Book a demo" })).toHaveAttribute(
    "href",
    "/book-demo",
  );
}

test.describe("an expired short link without a fallback", () => {
  test("says it has ended, with 410, and leads on to a demo", async ({
    plainPage: page,
    request,
  }) => {
    const id = uniqueId("ended");
    await putEndedLink(request, id);
    await expectEndedPage(page, `/to/e2e/${id}`);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("main").getByRole("link", { name: "Book a demo" }).click();
    await expect(page).toHaveURL(`${e2eOrigin}/book-demo`);
  });

  test.describe("with JavaScript disabled", () => {
    test.use({ javaScriptEnabled: false });

    test("says the same, and its ways on are plain links", async ({ plainPage: page, request }) => {
      const id = uniqueId("ended-nojs");
      await putEndedLink(request, id);
      await expectEndedPage(page, `/to/e2e/${id}`);
      await page.getByRole("main").getByRole("link", { name: "Go to the home page" }).click();
      await expect(page).toHaveURL(`${e2eOrigin}/`);
    });
  });
});
