import { putBack, readPage, writePage } from "./support/admin-pages.ts";
import { e2eOrigin } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";
import { gate } from "./support/gate.ts";
import { errorsOnceHydrated, recordPageErrors } from "./support/hydration-errors.ts";
import { withPrivacyPolicy } from "./support/privacy-policy-lock.ts";
import { waitForQueuedPageWork } from "./support/queued-page-work.ts";

/**
 * The legal pages arrive with their stored text: the Node server writes it into the build's
 * template of the page (docs/decisions/0029), so an operator's fix is in the HTML, and the app
 * adopts the words the visitor is reading without asking the API. Reached inside the app (or on
 * a static host), a legal page shows the text of the build and refreshes it from the API.
 */
const apiPage = "**/api/p/privacy-policy";

test("an operator's fix to a legal page is in its HTML, with or without JavaScript, and the app adopts it as it is", async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const sentence = `Fixed by the team today (${test.info().project.name}, ${Date.now().toString(36)}).`;
  await withPrivacyPolicy(async () => {
    const original = await readPage(request, "privacy-policy");
    try {
      await writePage(request, "privacy-policy", {
        ...original,
        format: "html",
        source: `<p>${sentence}</p>\n${original.html}`,
      });

      // Without JavaScript: the words are in the page as it arrives.
      const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: e2eOrigin });
      const plain = await noScript.newPage();
      await plain.goto("/privacy-policy");
      await expect(plain.getByTestId("content-html")).toContainText(sentence);
      await expect(plain.getByRole("heading", { level: 1 })).toHaveText(original.title);
      await expect(plain).toHaveTitle(/^Privacy Policy/);
      await noScript.close();

      // With it: the app hydrates the elements the server wrote, and asks the API nothing.
      const asked: string[] = [];
      page.on("request", (sent) => {
        if (sent.url().includes("/api/p/")) asked.push(sent.url());
      });
      await recordPageErrors(page);
      const held = gate();
      await page.route("**/assets/entry.client-*.js", async (route) => {
        await held.opened;
        await route.continue();
      });
      const loaded = page.goto("/privacy-policy");
      const text = page.getByTestId("content-html");
      await expect(text).toContainText(sentence);
      // Marks the shown text before the app runs: a copy put in its place would come without it.
      await text.evaluate((element) => element.firstElementChild?.setAttribute("data-shown", ""));
      held.open();
      await loaded;
      expect(await errorsOnceHydrated(page)).toEqual([]);
      await waitForQueuedPageWork(page);
      await expect(text.locator("[data-shown]")).toHaveCount(1);
      await expect(text.locator("[data-shown]")).toContainText(sentence);
      expect(asked).toEqual([]);
    } finally {
      await putBack(request, original);
    }
  });
});

test("a legal page reached inside the app shows the stored copy once the API has answered", async ({
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
  const answered = page.waitForResponse(apiPage);
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await page.waitForURL("/privacy-policy");
  expect((await answered).status()).toBe(200);
  await expect(page.getByTestId("content-html")).toContainText("Updated by the team today.");
});
