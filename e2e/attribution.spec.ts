import { visitReferencePattern } from "@bakery/shared/attribution-record";
import { e2eOrigin, e2eSiteEnv } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";

const storage = (page: import("@playwright/test").Page) =>
  page.evaluate(() => ({
    local: JSON.parse(localStorage.getItem("utm") ?? "null"),
    session: JSON.parse(sessionStorage.getItem("utm") ?? "null"),
    landing: sessionStorage.getItem("landing"),
  }));

/** The visit's reference in the cookie our server set. */
async function cookieReference(context: import("@playwright/test").BrowserContext) {
  const cookie = (await context.cookies()).find(({ name }) => name === "utm");
  return new URLSearchParams(cookie?.value ?? "").get("ref");
}

test("an ad click is saved with one reference and its utm parameters leave the address", async ({
  page,
  context,
}) => {
  const before = Date.now();
  await page.goto("/?utm_source=fb&utm_medium=cpc&utm_campaign=spring");
  await expect(page).toHaveURL(`${e2eOrigin}/`);
  const saved = await storage(page);
  expect(saved.local).toMatchObject({ utms: "fb", utmm: "cpc", utmc: "spring" });
  expect(saved.local.ts).toBeGreaterThanOrEqual(before);
  expect(saved.local.ref).toMatch(visitReferencePattern);
  expect(saved.session).toEqual({ utms: "fb", utmm: "cpc", utmc: "spring", ref: saved.local.ref });
  // The cookie our server set for this landing and the browser's storage hold the same one.
  expect(await cookieReference(context)).toBe(saved.local.ref);
  expect(saved.landing).toBe("/");
  // The page still works after the address was rewritten.
  await page.getByRole("main").getByRole("link", { name: "Book a Demo" }).first().click();
  await expect(page).toHaveURL(/\/book-demo$/);
  expect((await storage(page)).landing).toBe("/");
});

test("a visit from a search engine saves the referrer's host as the source", async ({ page }) => {
  await page.goto("/pricing", { referer: "https://www.google.com/search?q=bakery+software" });
  const saved = await storage(page);
  expect(saved.local).toMatchObject({ utms: "www.google.com", utmm: "", utmc: "" });
  expect(saved.landing).toBe("/pricing");
});

test("the demo booking frame carries the saved attribution, its reference and the prefill", async ({
  page,
}) => {
  await page.goto("/?utm_source=sms&utm_medium=text&utm_campaign=fall");
  await page.goto("/book-demo?name=Ana%20Baker&email=ana%40example.com");
  const src = await page.locator('iframe[title="Book a demo: pick a time"]').getAttribute("src");
  const params = Object.fromEntries(new URL(src ?? "").searchParams);
  expect(params).toMatchObject({
    name: "Ana Baker",
    email: "ana@example.com",
    utm_source: "sms",
    utm_medium: "text",
    utm_campaign: "fall",
    salesforce_uuid: (await storage(page)).local.ref,
  });
  expect(src?.startsWith(e2eSiteEnv.SCHEDULING_URL)).toBe(true);
});

test("the pricing table gets a client reference with the visit's reference and source", async ({
  page,
}) => {
  await page.goto("/signup?utm_source=fb&utm_medium=cpc&utm_campaign=spring");
  const { ref } = (await storage(page)).local;
  await expect(page.locator("stripe-pricing-table")).toHaveAttribute(
    "client-reference-id",
    `ref_${ref}__src_fb__med_cpc__cmp_spring`,
  );
});

test("a page works when storage is disabled", async ({ page }) => {
  await page.addInitScript(() => {
    for (const name of ["localStorage", "sessionStorage"]) {
      Object.defineProperty(window, name, {
        get() {
          throw new DOMException("The operation is insecure.", "SecurityError");
        },
      });
    }
  });
  // React Router's own scroll-restoration script reports this case as a page
  // error; what matters here is that the page still hydrates and works.
  await page.goto("/book-demo?utm_source=fb");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book a Demo");
  await expect(page.locator('iframe[title="Book a demo: pick a time"]')).toHaveAttribute(
    "src",
    /utm_source=fb/,
  );
});

test("full or corrupt storage never breaks a page", async ({ page }) => {
  await page.addInitScript(() => {
    if (window !== window.top || sessionStorage.getItem("corrupted")) return;
    sessionStorage.setItem("corrupted", "1");
    localStorage.setItem("utm", "{not json");
    Storage.prototype.setItem = () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
  });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/book-demo?utm_source=fb&utm_campaign=spring");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book a Demo");
  // Nothing could be saved, so the parameters stay and the page passes them on.
  await expect(page).toHaveURL(/utm_source=fb/);
  await expect(page.locator('iframe[title="Book a demo: pick a time"]')).toHaveAttribute(
    "src",
    /utm_source=fb&utm_campaign=spring/,
  );
  expect(errors).toEqual([]);
});

test("a visitor who follows a link before the app has started keeps the ad's source", async ({
  context,
}) => {
  // The app's code never arrives: what runs is the capture inlined in the page's head.
  await context.route("**/assets/*.js", (route) => route.abort());
  const page = await context.newPage();
  await page.goto("/?utm_source=fb&utm_medium=cpc&utm_campaign=spring");
  await expect(page).toHaveURL(`${e2eOrigin}/`);
  await page.getByRole("link", { name: "Pricing" }).first().click();
  await expect(page).toHaveURL(`${e2eOrigin}/pricing`);
  const saved = await storage(page);
  expect(saved.local).toMatchObject({ utms: "fb", utmm: "cpc", utmc: "spring" });
  expect(saved.session).toEqual({ utms: "fb", utmm: "cpc", utmc: "spring", ref: saved.local.ref });
  expect(saved.landing).toBe("/");
});

test.describe("the campaign cookie our server sets", () => {
  const thirtyDays = 30 * 24 * 60 * 60;
  const frameSrc = (page: import("@playwright/test").Page) =>
    page.locator('iframe[title="Book a demo: pick a time"]').getAttribute("src");

  test("a campaign landing gets a 30-day cookie that outlives wiped storage", async ({
    page,
    context,
  }) => {
    const response = await page.goto("/?utm_source=fb&utm_medium=cpc&utm_campaign=spring");
    expect(await response?.headerValue("set-cookie")).toMatch(
      /^utm=utms=fb&utmm=cpc&utmc=spring&ref=[\w-]{22}&ts=\d+; Max-Age=2592000; Path=\/; SameSite=Lax$/,
    );
    const ref = await cookieReference(context);
    const cookie = (await context.cookies()).find(({ name }) => name === "utm");
    expect(cookie).toMatchObject({ path: "/", sameSite: "Lax", httpOnly: false, secure: false });
    // Expires 30 days from when it was set, give or take the test's own run.
    const secondsLeft = (cookie?.expires ?? 0) - Date.now() / 1000;
    expect(secondsLeft).toBeGreaterThan(thirtyDays - 3600);
    expect(secondsLeft).toBeLessThanOrEqual(thirtyDays);

    // What Safari does to script-written storage after 7 days without a visit.
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    // A later visit from a search engine does not replace the live campaign.
    const later = await page.goto("/book-demo", { referer: "https://www.google.com/" });
    expect(await later?.headerValue("set-cookie")).toBeNull();
    const params = Object.fromEntries(new URL((await frameSrc(page)) ?? "").searchParams);
    expect(params).toMatchObject({
      utm_source: "fb",
      utm_medium: "cpc",
      utm_campaign: "spring",
      salesforce_uuid: ref,
    });
    // And storage takes the cookie's record back, with its reference.
    expect((await storage(page)).local).toMatchObject({
      utms: "fb",
      utmm: "cpc",
      utmc: "spring",
      ref,
    });

    await page.goto("/signup");
    await expect(page.locator("stripe-pricing-table")).toHaveAttribute(
      "client-reference-id",
      `ref_${ref}__src_fb__med_cpc__cmp_spring`,
    );
  });

  test("a visit from a search engine is kept in the cookie too", async ({ page, context }) => {
    await page.goto("/pricing", { referer: "https://www.bing.com/search?q=bakery" });
    const cookie = (await context.cookies()).find(({ name }) => name === "utm");
    expect(cookie?.value).toMatch(/^utms=www.bing.com&utmm=&utmc=&ref=[\w-]{22}&ts=\d+$/);
    // Storage takes the cookie's record, reference and all, rather than making another.
    expect((await storage(page)).local.ref).toBe(new URLSearchParams(cookie?.value).get("ref"));
  });

  test("a bad cookie is ignored, never passed on", async ({ page, context }) => {
    await context.addCookies([
      {
        name: "utm",
        value: "utms=%3Cscript%3E&utmm=&utmc=&ts=1&x=1",
        url: e2eOrigin,
      },
    ]);
    await page.goto("/book-demo");
    const src = (await frameSrc(page)) ?? "";
    expect(src).not.toContain("utm_");
    expect(src).not.toContain("script");
  });
});
