import { prefilledAdVisit } from "./support/book-demo-visit.ts";
import { e2eSiteEnv } from "./support/e2e-env.ts";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { gate } from "./support/gate.ts";
import { expectAnnouncementWaiting } from "./support/live-regions.ts";

const slowCalendar = "The calendar is taking longer than usual to load.";

test("shows a spinner until the scheduling frame loads, then the 700 px widget", async ({
  page,
}) => {
  const frameRequested = gate();
  const frameMayLoad = gate();
  await page.route("https://calendly.com/**", async (route) => {
    frameRequested.open();
    await frameMayLoad.opened;
    await route.fulfill({
      contentType: "text/html",
      body: "<!doctype html><title>Scheduling</title><p>Pick a time</p>",
    });
  });

  // The page requests the frame while it is parsed, and its load event waits for the frame:
  // the navigation (which waits for the app) ends only once the frame may load.
  const navigation = page.goto("/book-demo");
  await frameRequested.opened;
  await expect(page.getByRole("heading", { level: 1, name: "Book a Demo" })).toBeVisible();
  await expect(page.getByText("Pick a time that suits you")).toBeVisible();
  const spinner = page.getByRole("progressbar", { name: "Loading the scheduling calendar" });
  await expect(spinner).toBeVisible();

  frameMayLoad.open();
  await navigation;
  await expect(spinner).toBeHidden();
  const frame = page.locator('iframe[title="Book a demo: pick a time"]');
  expect((await frame.boundingBox())?.height).toBe(700);
  await expect(
    page.frameLocator('iframe[title="Book a demo: pick a time"]').getByText("Pick a time"),
  ).toBeVisible();
});

test("offers the scheduling page in a new tab when the frame takes far too long", async ({
  page,
}) => {
  // The scheduling host never answers.
  await page.route("https://calendly.com/**", () => {});
  await page.clock.install();
  // The page's load event waits for the frame: wait for the app instead.
  await page.goto("/book-demo", { waitUntil: "commit" });
  const spinner = page.getByRole("progressbar", { name: "Loading the scheduling calendar" });
  const slow = page.getByText(slowCalendar);
  await expect(spinner).toBeVisible();
  await expect(slow).toBeHidden();
  const expectAnnounced = await expectAnnouncementWaiting(page, slowCalendar);

  await page.clock.fastForward(15_000);
  await expect(slow).toBeVisible();
  await expectAnnounced();
  await expect(spinner).toBeHidden();
  const frameSrc = await page.locator("iframe").first().getAttribute("src");
  expect(frameSrc).toMatch(/^https:\/\/calendly\.com\//);
  const link = page.getByRole("link", { name: "Open the scheduling page in a new tab" });
  await expect(link).toHaveAttribute("href", frameSrc ?? "");
  await expect(link).toHaveAttribute("target", "_blank");
});

test("on an in-app visit too, the calendar being slow is announced, from a region there before", async ({
  page,
}) => {
  await page.route("https://calendly.com/**", () => {});
  await page.clock.install();
  await page.goto("/");
  // The app renders the page, and its effect creates the frame.
  await page.getByRole("main").getByRole("link", { name: "Book a Demo" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Book a Demo" })).toBeVisible();
  await expect(page.locator("#scheduling-frame")).toHaveAttribute("data-state", "loading");
  const expectAnnounced = await expectAnnouncementWaiting(page, slowCalendar);

  await page.clock.fastForward(15_000);
  await expectAnnounced();
  await expect(
    page.getByRole("link", { name: "Open the scheduling page in a new tab" }),
  ).toBeVisible();
});

test("when the scheduling host can't be reached, a link under the frame opens it, prefill and all", async ({
  page,
}) => {
  // A blocked or unreachable host: the frame shows the browser's error page, and loads.
  await page.route("https://calendly.com/**", (route) => route.abort("namenotresolved"));
  await page.goto(prefilledAdVisit.path);
  const frame = page.locator(`iframe[title="Book a demo: pick a time"]`);
  await expect(page.locator("#scheduling-frame")).toHaveAttribute("data-state", "loaded");
  const link = page.getByRole("link", { name: "Open the calendar in a new tab" });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", (await frame.getAttribute("src")) ?? "");
  await expect(link).toHaveAttribute("target", "_blank");
  const opened = new URL((await link.getAttribute("href")) ?? "");
  expect(Object.fromEntries(opened.searchParams)).toMatchObject(prefilledAdVisit.frameParams);
});

test("passes prefill and attribution from the page's address to the widget", async ({ page }) => {
  await page.goto(prefilledAdVisit.path);
  const src = await page.locator('iframe[title="Book a demo: pick a time"]').getAttribute("src");
  const url = new URL(src ?? "");
  expect(`${url.origin}${url.pathname}`).toBe(e2eSiteEnv.SCHEDULING_URL);
  expect(Object.fromEntries(url.searchParams)).toMatchObject(prefilledAdVisit.frameParams);
});

test("the book-a-demo page has no serious accessibility violations", async ({ page }) => {
  await page.goto("/book-demo");
  await expectNoSeriousA11yViolations(page);
});
