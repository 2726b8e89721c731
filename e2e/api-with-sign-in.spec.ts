import type { Page, Request } from "@playwright/test";
import {
  putContentPage,
  runAdmin,
  samplePageHandle,
  samplePagePath,
  storeSamplePage,
} from "./support/admin-cli.ts";
import {
  e2eOrigin,
  e2eSiteEnv,
  identityRequestPattern,
  PHONE_USER_AGENT,
} from "./support/e2e-env.ts";
import { expect, test, waitForHydration } from "./support/fixtures.ts";
import { waitForQueuedPageWork } from "./support/queued-page-work.ts";
import { demoUsers, signInAndReturnTo, stubMyArea, submitSignIn } from "./support/sign-in.ts";
import { serveLikeAStaticHost } from "./support/static-host.ts";

// How the API calls made by the site's pages identify the user (spec §7, §8).

test.beforeEach(async ({ page }) => {
  await stubMyArea(page);
});

const JWT = /^Bearer [\w-]+\.[\w-]+\.[\w-]*$/;

/** A unique slug per test run and project, so parallel runs never share a page. */
const uniqueSlug = (prefix: string) =>
  `${prefix}-${test.info().project.name}-${Date.now().toString(36)}`;

function apiRequest(page: Page, path: string): Promise<Request> {
  return page.waitForRequest((request) => new URL(request.url()).pathname === `/api${path}`);
}

test("a first visit to / as an anonymous visitor downloads no identity SDK code", async ({
  page,
}) => {
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(requests.length).toBeGreaterThan(5);
  const identity = requests.filter((url) => identityRequestPattern.test(url));
  expect(identity).toEqual([]);
});

test("the login page does load the identity SDK", async ({ page }) => {
  const sdkChunk = page.waitForRequest(/\/assets\/firebase-auth-session-[\w-]+\.js$/);
  await page.goto("/login");
  await sdkChunk;
});

test("API calls carry an empty bearer token signed out, and the ID token signed in", async ({
  page,
}) => {
  // A link behind sign-in: its page asks the API, signed out or in.
  const signedOut = apiRequest(page, "/redirect/account/billing");
  await page.goto("/to/account/billing");
  // Fetch trims the trailing space of "Bearer "; the API reads both as signed out.
  expect(await (await signedOut).headerValue("authorization")).toMatch(/^Bearer ?$/);
  await expect(page).toHaveURL(`${e2eOrigin}/login?target=%2Fto%2Faccount%2Fbilling`);
  // A legal page reached inside the app asks the API for its stored copy (before the app has
  // started, the link loads the page the server wrote the stored copy into).
  await waitForHydration(page);
  const contentPage = apiRequest(page, "/p/privacy-policy");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  expect(await (await contentPage).headerValue("authorization")).toMatch(/^Bearer ?$/);

  await page.goto(`/login?target=${encodeURIComponent("/pricing")}`);
  const me = apiRequest(page, "/me");
  await submitSignIn(page, demoUsers.active.email);
  expect(await (await me).headerValue("authorization")).toMatch(JWT);
  await page.waitForURL(`${e2eOrigin}/pricing`);

  // A page the signed-in browser loads from scratch waits for the restored session.
  const signedIn = apiRequest(page, "/redirect/account/billing");
  await page.goto("/to/account/billing");
  expect(await (await signedIn).headerValue("authorization")).toMatch(JWT);
  await expect(page).toHaveURL(`${e2eSiteEnv.MY_AREA_URL}/billing`);
});

test.describe("short links", () => {
  test("a public link opens its target in one round trip (a server 302)", async ({ browser }) => {
    // Headless Chromium's own user agent ("HeadlessChrome") is a bot's: bots get the page.
    const context = await browser.newContext({ userAgent: PHONE_USER_AGENT });
    const page = await context.newPage();
    const response = await page.goto(`${e2eOrigin}/to/promo/spring`);
    await expect(page).toHaveURL(/\/book-demo(\?|$)/);
    expect(response?.request().redirectedFrom()?.url()).toBe(`${e2eOrigin}/to/promo/spring`);
    await context.close();
  });

  test("a moved link opens its target through its new address (301, query kept, then 302)", async ({
    browser,
  }, testInfo) => {
    const from = `moved-${testInfo.project.name}-${Date.now().toString(36)}`;
    await runAdmin("links", "put", "promo", from, "/pricing");
    await runAdmin("links", "move", "promo", from, "promo", `${from}-new`);
    const context = await browser.newContext({ userAgent: PHONE_USER_AGENT });
    const page = await context.newPage();
    const response = await page.goto(`${e2eOrigin}/to/promo/${from}?utm_source=sms`);
    await expect(page).toHaveURL(`${e2eOrigin}/pricing`);
    const hops: string[] = [];
    for (let hop = response?.request().redirectedFrom(); hop; hop = hop.redirectedFrom()) {
      hops.unshift(hop.url());
    }
    expect(hops).toEqual([
      `${e2eOrigin}/to/promo/${from}?utm_source=sms`,
      `${e2eOrigin}/to/promo/${from}-new?utm_source=sms`,
    ]);
    await context.close();
  });

  test("a link preview fetcher gets the page (no 302), which still opens the target", async ({
    browser,
  }) => {
    const context = await browser.newContext({ userAgent: "facebookexternalhit/1.1" });
    const page = await context.newPage();
    const response = await page.goto(`${e2eOrigin}/to/promo/spring`);
    expect(response?.request().redirectedFrom()).toBeNull();
    await expect(page).toHaveURL(/\/book-demo(\?|$)/);
    await context.close();
  });

  test("an unknown link says so", async ({ page }) => {
    await page.goto("/to/promo/no-such-link");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link doesn't exist");
  });

  test("a link behind sign-in goes to sign in, back to the link, then to its target", async ({
    page,
  }) => {
    const visited: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await page.goto("/to/account/billing");
    await expect(page).toHaveURL(`${e2eOrigin}/login?target=%2Fto%2Faccount%2Fbilling`);
    // From here on, only the pages the sign-in leads through (the first visit was the link too).
    visited.length = 0;
    await submitSignIn(page, demoUsers.active.email);
    // A chain of page loads, not a change on this page: the emulator's sign-in and the
    // account's load, the link's page with the restored session, its lookup. Wait for the
    // browser to arrive (a navigation), as signInAndReturnTo does, not for a 5 s assertion.
    await page.waitForURL(`${e2eSiteEnv.MY_AREA_URL}/billing`);
    expect(visited).toContain(`${e2eOrigin}/to/account/billing`);

    // Once signed in, the link opens straight away.
    visited.length = 0;
    await page.goto("/to/account/billing");
    await page.waitForURL(`${e2eSiteEnv.MY_AREA_URL}/billing`);
    expect(visited.some((url) => url.includes("/login"))).toBe(false);
  });
});

test.describe("content pages", () => {
  test("a renamed page's old address answers 301 and the browser follows it", async ({ page }) => {
    const oldHandle = uniqueSlug("old-page");
    const newHandle = uniqueSlug("new-page");
    await putContentPage(
      oldHandle,
      "## Opening hours\n\nWe bake every day from 6 am.\n",
      "Bakery hours",
    );
    await runAdmin("pages", "move", oldHandle, newHandle);

    await page.goto(`/page/${oldHandle}`);
    await expect(page).toHaveURL(`${e2eOrigin}/page/${newHandle}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bakery hours");
    await expect(page.getByText("We bake every day from 6 am.")).toBeVisible();
  });

  test("renaming a page and renaming it back shows the page, not a circle", async ({ page }) => {
    const first = uniqueSlug("circle-a");
    const second = uniqueSlug("circle-b");
    await putContentPage(first, "Cakes made to order.\n", "Custom cakes");
    await runAdmin("pages", "move", first, second);
    await page.goto(`/page/${first}`);
    await expect(page).toHaveURL(`${e2eOrigin}/page/${second}`);

    await runAdmin("pages", "move", second, first);
    // Each server may keep its own answers for a few seconds (CONTENT_PAGE_CACHE_MS), so
    // the visitor opens the address again until they do; the browser keeps no move, where
    // it used to keep the old one for a minute and more.
    test.slow();
    await expect(async () => {
      await page.goto(`/page/${first}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Custom cakes");
      // The content shows only once the page has settled, so the address is final here.
      await expect(page).toHaveURL(`${e2eOrigin}/page/${first}`, { timeout: 1_000 });
    }).toPass({ timeout: 40_000 });
  });

  test("Back after following a renamed page goes to the page before it", async ({ page }) => {
    const oldHandle = uniqueSlug("back-old");
    const newHandle = uniqueSlug("back-new");
    await putContentPage(oldHandle, "We deliver on weekends.\n", "Delivery");
    await runAdmin("pages", "move", oldHandle, newHandle);

    await page.goto("/pricing");
    await page.goto(`/page/${oldHandle}`);
    await expect(page).toHaveURL(`${e2eOrigin}/page/${newHandle}`);
    await page.goBack();
    await expect(page).toHaveURL(`${e2eOrigin}/pricing`);
  });

  test("a page's tab names the page and the product", async ({ page }) => {
    const handle = uniqueSlug("titled");
    await putContentPage(handle, "Fresh every morning.\n", "Morning bakes");
    await page.goto(`/page/${handle}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Morning bakes");
    await expect(page).toHaveTitle("Morning bakes · Rise");
  });

  test("an operator can't store a page that would show blank", async () => {
    await expect(
      putContentPage(uniqueSlug("blank"), "</script><svg onload=alert(1)>\n", "Blank"),
    ).rejects.toThrow(/no visible text/);
  });

  test("a script in a page's stored HTML never runs", async ({ page, cspViolations }) => {
    // DOMPurify parsing the event handlers is itself reported (Chromium checks the
    // policy when it parses them); that report is the policy working.
    cspViolations.allow(/script-src-attr|inline event handler/);
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // The page exists (the server answers an unknown page's address with 404 itself); the app
    // asks for it as on a static host (the Node server's own answer: content-page-navigation.test.ts).
    await storeSamplePage();
    await serveLikeAStaticHost(page, samplePagePath);
    // As if the database held HTML that skipped the server's sanitizer. The link's script
    // returns nothing: one that returned a string would replace the document, and the
    // __ran trap with it, so the check below could not see it run.
    await page.route(`**/api/p/${samplePageHandle}`, (route) =>
      route.fulfill({
        json: {
          title: "Stored script",
          subtitle: "",
          content: `<p>Plain words stay.</p><script>window.__ran = "script"; alert(1)</script><img src="/nope.png" onerror="window.__ran = 'onerror'; alert(2)"><a href="javascript:void(window.__ran='link')">Link</a>`,
        },
      }),
    );
    await page.goto(samplePagePath);
    const content = page.getByTestId("content-html");
    await expect(content.getByText("Plain words stay.")).toBeVisible();
    await expect(content.locator("script")).toHaveCount(0);
    await expect(content.locator("[onerror]")).toHaveCount(0);
    await expect(content.locator('a[href^="javascript"]')).toHaveCount(0);
    await content.getByText("Link").click();
    // A javascript: link runs in a task its click queues: wait until that has had its turn.
    await waitForQueuedPageWork(page);
    expect(await page.evaluate(() => (window as { __ran?: string }).__ran)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });

  test("signed in, a page stays put and shows the account menu", async ({ page }) => {
    await signInAndReturnTo(page, "/terms-of-service");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
    await expect(page.locator("html")).toHaveAttribute("data-account-settled", "stay");
    await expect(page).toHaveURL(`${e2eOrigin}/terms-of-service`);
  });
});
