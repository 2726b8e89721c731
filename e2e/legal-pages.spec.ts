import { expect, test } from "./support/fixtures.ts";
import { holdRequests } from "./support/gate.ts";
import { withPrivacyPolicy } from "./support/privacy-policy-lock.ts";
import { waitForQueuedPageWork } from "./support/queued-page-work.ts";

/**
 * The legal pages arrive with their text in the prerendered HTML; once the app runs it asks
 * the API for the stored copy, which an operator may have edited (bench/results/history.md, "Legal
 * pages prerendered with their text").
 */
const apiPage = "**/api/p/privacy-policy";

test("an unedited legal page keeps the text it arrived with: the stored copy replaces nothing", async ({
  page,
}) => {
  // Page-editor tests edit the privacy policy meanwhile: this one needs it as seeded.
  await withPrivacyPolicy(async () => {
    const release = await holdRequests(page, apiPage);
    const answered = page.waitForResponse(apiPage);
    await page.goto("/privacy-policy");
    const text = page.getByTestId("content-html");
    // Marks the shown text: a copy put in its place would come without the mark.
    await text.evaluate((element) => element.firstElementChild?.setAttribute("data-shown", ""));

    release();
    expect((await answered).status()).toBe(200);
    await waitForQueuedPageWork(page);
    await expect(text.locator("[data-shown]")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  });
});

test("an operator's edit to a legal page shows once the app has the stored copy", async ({
  page,
}) => {
  await page.route(apiPage, async (route) => {
    const stored = await route.fetch();
    const body = await stored.json();
    await route.fulfill({
      response: stored,
      json: { ...body, content: `<p>Updated by the team today.</p>${body.content}` },
    });
  });
  await page.goto("/privacy-policy");
  await expect(page.getByTestId("content-html")).toContainText("Updated by the team today.");
});
