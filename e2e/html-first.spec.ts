import { visitReferencePattern } from "@bakery/shared/attribution-record";
import type { BrowserContext, Page, Request } from "@playwright/test";
import {
  putContentPage,
  samplePageHandle,
  samplePagePath,
  samplePageTitle,
  storeSamplePage,
} from "./support/admin-cli.ts";
import { prefilledAdVisit } from "./support/book-demo-visit.ts";
import {
  e2eAuthEmulatorOrigin,
  e2eOrigin,
  e2eSiteEnv,
  PHONE_USER_AGENT,
} from "./support/e2e-env.ts";
import {
  test as base,
  expect,
  expectNoSeriousA11yViolations,
  waitForHydration,
} from "./support/fixtures.ts";
import { holdRequests } from "./support/gate.ts";
import {
  errorsOnceHydrated,
  isHydrationError,
  recordPageErrors,
} from "./support/hydration-errors.ts";
import { expectLongWaitNote } from "./support/long-waits.ts";
import {
  demoUsers,
  myArea,
  signInAndReturnTo,
  stubMyArea,
  submitSignIn,
} from "./support/sign-in.ts";
import { expectOpenSiteMenu } from "./support/site-menu.ts";
import { serveLikeAStaticHost } from "./support/static-host.ts";

/**
 * Every public page does its job from its HTML (docs/decisions/0011-html-first.md): these tests
 * look at the site with JavaScript off, or with the app's script files held back, so they use a
 * page whose goto does not wait for the app (the fixtures' `page` does).
 */
const test = base.extend<{ plainPage: Page }>({
  plainPage: async ({ context, externalRequests }, use) => {
    // Third-party hosts stay stubbed (the fixture routes them for the whole context).
    void externalRequests;
    await use(await context.newPage());
  },
});

const frameTitle = "Book a demo: pick a time";

/**
 * Holds every request for the site's files matching `files` (by default the app's JavaScript)
 * until the returned function is called.
 */
function holdAssets(context: BrowserContext, files = "**/*.js"): Promise<() => void> {
  return holdRequests(context, `${e2eOrigin}/assets/${files}`);
}

/** Dispatches the scheduling page's "booked" message on the page's window, as its frame would. */
function receiveBooking(page: Page) {
  return page.evaluate(() =>
    window.dispatchEvent(
      new MessageEvent("message", {
        origin: "https://calendly.com",
        data: { event: "calendly.event_scheduled", payload: {} },
      }),
    ),
  );
}

/** A booked demo's report; the visit's landing goes to the same endpoint once the app runs. */
const isBookingReport = (request: Request) =>
  request.url().endsWith("/api/events") &&
  request.method() === "POST" &&
  request.postDataJSON()?.type === "demo_booked";

function requestsTo(page: Page, host: string): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).hostname === host) seen.push(request.url());
  });
  return seen;
}

/** The hint a link's page adds for a visitor signed in before (lib/identity-service-preconnect.ts). */
const identityPreconnect = `link[rel="preconnect"][href="${e2eAuthEmulatorOrigin}"][crossorigin="anonymous"]`;

const isHydrated = (page: Page) =>
  page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"));

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("the 390 px menu opens and closes: Escape, a click outside, a click inside", async ({
    plainPage: page,
    isMobile,
  }) => {
    test.skip(!isMobile, "narrow screens only");
    await page.goto("/pricing");
    const menuButton = page.getByRole("banner").getByRole("button", { name: "Menu" });
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeHidden();

    await menuButton.click();
    await expectOpenSiteMenu(drawer);
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await expect(drawer).toBeVisible();
    await page.mouse.click(350, 600);
    await expect(drawer).toBeHidden();

    await menuButton.click();
    await drawer.click({ position: { x: 120, y: 500 } });
    await expect(drawer).toBeHidden();

    await menuButton.click();
    await drawer.getByRole("link", { name: "Book a Demo" }).click();
    await expect(page).toHaveURL(/\/book-demo$/);
  });

  test("the testimonials show one quote as they come into view, the others not fading out over it", async ({
    plainPage: page,
  }) => {
    await page.goto("/");
    await page
      .getByRole("heading", { name: "Trusted by the top tech-forward bakeries" })
      .scrollIntoViewIfNeeded();
    const cards = page.getByTestId("testimonial-carousel").locator("figure");
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).toBeVisible();
    for (const hidden of [cards.nth(1), cards.nth(2)]) {
      expect(await hidden.evaluate((card) => getComputedStyle(card).opacity)).toBe("0");
      expect(await hidden.evaluate((card) => card.getAnimations().length)).toBe(0);
    }
    // The HTML alone never turns them, so it offers nothing to pause.
    await expect(page.getByRole("button", { name: "Pause the testimonials" })).toBeHidden();
  });

  test("the menu closes on a click beside it over the booking calendar", async ({
    plainPage: page,
    isMobile,
  }) => {
    test.skip(!isMobile, "narrow screens only");
    await page.goto("/book-demo");
    const frame = page.locator(`iframe[title="${frameTitle}"]`);
    await frame.scrollIntoViewIfNeeded();
    const box = await frame.boundingBox();
    if (!box) throw new Error("the calendar is not laid out");
    await page.getByRole("banner").getByRole("button", { name: "Menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expectOpenSiteMenu(drawer);
    // Beside the drawer, over the calendar: another site's frame, which a click through the
    // dimmed page would reach instead of closing the menu.
    const viewport = page.viewportSize();
    const visibleHeight = Math.min(box.height, (viewport?.height ?? 0) - box.y);
    await page.mouse.click(box.x + box.width - 20, box.y + visibleHeight / 2);
    await expect(drawer).toBeHidden();
  });

  test("/book-demo shows the scheduling frame with its embed options", async ({
    plainPage: page,
  }) => {
    await page.goto("/book-demo");
    const frame = page.locator(`iframe[title="${frameTitle}"]`);
    await expect(frame).toBeVisible();
    expect((await frame.boundingBox())?.height).toBe(700);
    const src = new URL((await frame.getAttribute("src")) ?? "");
    expect(`${src.origin}${src.pathname}`).toBe(e2eSiteEnv.SCHEDULING_URL);
    expect(src.searchParams.get("hide_event_type_details")).toBe("1");
    expect(src.searchParams.get("hide_gdpr_banner")).toBe("1");
    await expect(
      page.frameLocator(`iframe[title="${frameTitle}"]`).getByText("Scheduling stub"),
    ).toBeVisible();
    await expect(page.getByRole("progressbar")).toBeHidden();
    await expect(
      page.getByRole("link", { name: "Open the calendar in a new tab" }),
    ).toHaveAttribute("href", e2eSiteEnv.SCHEDULING_URL);
  });

  test("/login says signing in needs JavaScript rather than leave its buttons grey unexplained", async ({
    plainPage: page,
  }) => {
    await page.goto("/login");
    await expect(page.getByText("Signing in needs JavaScript")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeDisabled();
    // No button that would do nothing: showing the password needs the app.
    await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Show password" })).toHaveCount(0);
  });

  test("/signup says the plans need JavaScript and offers a demo instead", async ({
    plainPage: page,
  }) => {
    await page.goto("/signup");
    const note = page.getByText("The plans need JavaScript to show.");
    await expect(note).toBeVisible();
    await expect(page.getByRole("progressbar")).toBeHidden();
    await note.getByRole("link", { name: "book a demo" }).click();
    await expect(page).toHaveURL(/\/book-demo$/);
  });

  test("a page only the app can show says it needs JavaScript and offers the home page, instead of waiting forever", async ({
    plainPage: page,
  }) => {
    // The SPA fallback (the dashboard), and a short link's page as link previews get it.
    for (const path of ["/dashboard", "/to/promo/spring"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "This page needs JavaScript" })).toBeVisible();
      await expect(page.getByRole("progressbar")).toBeHidden();
      await expect(page.getByRole("banner").getByRole("link", { name: "Rise home" })).toBeVisible();
    }
    await page.getByRole("main").getByRole("link", { name: "Go to the home page" }).click();
    await expect(page).toHaveURL(`${e2eOrigin}/`);
  });
});

test.describe("before the app has loaded", () => {
  test("/book-demo requests the frame with prefill and utm, and the app adopts it", async ({
    context,
    plainPage: page,
  }) => {
    const release = await holdAssets(context);
    const frameRequests = requestsTo(page, "calendly.com");
    const frameRequested = page.waitForRequest((request) =>
      request.url().startsWith(e2eSiteEnv.SCHEDULING_URL),
    );
    await page.goto(prefilledAdVisit.path, { waitUntil: "commit" });
    const src = new URL((await frameRequested).url());
    expect(Object.fromEntries(src.searchParams)).toMatchObject({
      ...prefilledAdVisit.frameParams,
      embed_domain: "127.0.0.1",
    });
    await expect(
      page.frameLocator(`iframe[title="${frameTitle}"]`).getByText("Scheduling stub"),
    ).toBeVisible();
    await expect(page.getByRole("progressbar")).toBeHidden();
    // The link under the frame carries the frame's address too, before the app runs.
    await expect(
      page.getByRole("link", { name: "Open the calendar in a new tab" }),
    ).toHaveAttribute("href", src.href);
    expect(await isHydrated(page)).toBe(false);

    release();
    await waitForHydration(page);
    await expect(page.locator("iframe")).toHaveCount(1);
    expect(frameRequests).toHaveLength(1);
  });

  test("/book-demo requests the frame and /signup the pricing table while the stylesheet loads", async ({
    context,
    plainPage: page,
  }) => {
    // Scripts in the body wait for the stylesheet above them; these start from the head.
    const releaseStylesheet = await holdAssets(context, "*.css");
    const frameRequested = page.waitForRequest((request) =>
      request.url().startsWith(e2eSiteEnv.SCHEDULING_URL),
    );
    await page.goto(prefilledAdVisit.path, { waitUntil: "commit" });
    const src = new URL((await frameRequested).url());
    expect(Object.fromEntries(src.searchParams)).toMatchObject(prefilledAdVisit.frameParams);

    const scriptRequested = page.waitForRequest("https://js.stripe.com/v3/pricing-table.js");
    await page.goto("/signup", { waitUntil: "commit" });
    await scriptRequested;
    releaseStylesheet();
    await expect(page.getByTestId("stripe-stub")).toBeVisible();
  });

  test("/book-demo reports a booked demo before the app runs, and once after it has", async ({
    context,
    plainPage: page,
  }) => {
    // Only the app's boot is held: the report loads the app's sending code, not the app.
    const release = await holdAssets(context, "boot-*.js");
    const posts: Request[] = [];
    page.on("request", (request) => {
      if (isBookingReport(request)) posts.push(request);
    });
    // Parsed, so the head's capture has kept this page as the landing before the visitor moves on.
    await page.goto("/?utm_source=fb&utm_medium=cpc&utm_campaign=spring", {
      waitUntil: "domcontentloaded",
    });
    await page.goto("/book-demo", { waitUntil: "commit" });
    await expect(page.locator(`iframe[title="${frameTitle}"]`)).toBeAttached();

    const first = page.waitForResponse((response) => isBookingReport(response.request()));
    await receiveBooking(page);
    expect((await first).status()).toBe(202);
    expect((await first).request().postDataJSON()).toEqual({
      type: "demo_booked",
      ref: expect.stringMatching(visitReferencePattern),
      attribution: { utms: "fb", utmm: "cpc", utmc: "spring" },
      landing: "/",
    });
    expect(await isHydrated(page)).toBe(false);

    release();
    await waitForHydration(page);
    const second = page.waitForResponse((response) => isBookingReport(response.request()));
    await receiveBooking(page);
    expect((await second).status()).toBe(202);
    expect(posts).toHaveLength(2);
  });

  test("/signup starts the pricing table with the visit's client reference", async ({
    context,
    plainPage: page,
  }) => {
    const release = await holdAssets(context);
    const scriptRequested = page.waitForRequest("https://js.stripe.com/v3/pricing-table.js");
    await page.goto("/signup?utm_source=fb&utm_medium=cpc&utm_campaign=spring", {
      waitUntil: "commit",
    });
    await scriptRequested;
    const table = page.locator("stripe-pricing-table");
    await expect(table).toHaveAttribute("pricing-table-id", e2eSiteEnv.STRIPE_PRICING_TABLE_ID);
    await expect(table).toHaveAttribute("publishable-key", e2eSiteEnv.STRIPE_PUBLISHABLE_KEY);
    await expect(table).toHaveAttribute(
      "client-reference-id",
      /^ref_[\w-]{22}__src_fb__med_cpc__cmp_spring$/,
    );
    await expect(page.getByTestId("stripe-stub")).toBeVisible();
    expect(await isHydrated(page)).toBe(false);

    release();
    await waitForHydration(page);
    await expect(table).toHaveCount(1);
    await expect(
      page.locator('script[src="https://js.stripe.com/v3/pricing-table.js"]'),
    ).toHaveCount(1);
  });

  test("a short link's page shows its progress bar, looks the link up and goes, all before the app", async ({
    context,
    plainPage: page,
  }) => {
    // Headless Chromium's user agent is a bot's: the server serves the page, not a 302.
    await holdAssets(context); // never released: the app plays no part
    const answer = await holdRequests(page, "**/api/redirect/**");
    const lookups: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/api/redirect/")) lookups.push(pathname);
    });
    await page.goto("/pricing", { waitUntil: "commit" });
    const response = await page.goto("/to/promo/spring", { waitUntil: "commit" });
    expect(response?.status()).toBe(200);
    const progress = page.getByRole("progressbar", { name: "Opening your link" });
    await expect(progress).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Rise home" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect.poll(() => lookups).toEqual(["/api/redirect/promo/spring"]);

    answer();
    // The target as the link names it (the page then tidies its address).
    await page.waitForURL(
      `${e2eOrigin}/book-demo?utm_source=sms&utm_medium=text&utm_campaign=spring`,
      { waitUntil: "commit" },
    );
    expect(lookups).toHaveLength(1);
    // Back once the target's document is there, not while its navigation is still under way.
    await page.waitForLoadState("domcontentloaded");
    // replace(): Back does not return to the link's page, which would only forward again.
    await page.goBack({ waitUntil: "commit" });
    await expect(page).toHaveURL(`${e2eOrigin}/pricing`);
  });

  test("a short link's page hands an answer it cannot act on to the app, which shows it without asking again", async ({
    context,
    plainPage: page,
  }) => {
    const release = await holdAssets(context);
    // As a static host serves it: the link's page, whose lookup finds the link gone.
    await page.route("**/api/redirect/promo/spring", (route) =>
      route.fulfill({ status: 404, json: { error: { code: "not_found", message: "No link" } } }),
    );
    const lookups = page.waitForRequest("**/api/redirect/promo/spring");
    let asked = 0;
    page.on("request", (request) => {
      if (request.url().includes("/api/redirect/")) asked += 1;
    });
    await page.goto("/to/promo/spring", { waitUntil: "commit" });
    await (await lookups).response();
    await expect(page.getByRole("progressbar", { name: "Opening your link" })).toBeVisible();
    // No connection to the identity service for a visitor who has never signed in here.
    await expect(page.locator(identityPreconnect)).toHaveCount(0);

    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link doesn't exist");
    await expect(page).toHaveTitle(/^This link doesn't exist/);
    expect(asked).toBe(1);
  });

  test("a short link's page never follows a target the allow-list refuses, even before the app", async ({
    context,
    plainPage: page,
  }) => {
    const release = await holdAssets(context);
    await page.route("**/api/redirect/promo/spring", (route) =>
      route.fulfill({ json: { to: "https://evil.example/phish" } }),
    );
    const evil: string[] = [];
    await context.route("https://evil.example/**", (route) => {
      evil.push(route.request().url());
      return route.abort();
    });
    const answered = page.waitForResponse("**/api/redirect/promo/spring");
    await page.goto("/to/promo/spring", { waitUntil: "commit" });
    await answered;
    await expect(page.getByRole("progressbar", { name: "Opening your link" })).toBeVisible();

    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link can't be opened");
    await expect(page).toHaveTitle(/^This link can't be opened/);
    await expect(page).toHaveURL(`${e2eOrigin}/to/promo/spring`);
    expect(evil).toEqual([]);
  });

  test("a link behind sign-in sends a signed-out visitor to sign in after one lookup", async ({
    plainPage: page,
  }) => {
    let asked = 0;
    page.on("request", (request) => {
      if (request.url().includes("/api/redirect/")) asked += 1;
    });
    await page.goto("/to/account/billing");
    await expect(page).toHaveURL(`${e2eOrigin}/login?target=%2Fto%2Faccount%2Fbilling`);
    expect(asked).toBe(1);
  });

  // The identity SDK comes with the app's own code on the pages that need it as soon as they
  // run (app/modules-after-boot.ts), not after them: the app's files, held back, can't ask.
  const identityCode = /\/assets\/firebase-auth-session-[^/]+\.js$/;

  test("a link's page asks for the identity code with the app's, and a signed-in visitor arrives", async ({
    context,
    page,
    plainPage,
  }) => {
    await signInAndReturnTo(page, "/pricing");
    await page.close();
    await stubMyArea(plainPage);
    const release = await holdAssets(context);
    const identityCodeAsked = plainPage.waitForRequest(identityCode);
    await plainPage.goto("/to/account/billing", { waitUntil: "commit" });
    await identityCodeAsked;
    expect(await isHydrated(plainPage)).toBe(false);
    await expect(plainPage.getByRole("progressbar", { name: "Opening your link" })).toBeVisible();
    // The page's head has opened the connection the session's first requests need.
    await expect(plainPage.locator(identityPreconnect)).toBeAttached();

    release();
    await plainPage.waitForURL(`${e2eSiteEnv.MY_AREA_URL}/billing`);
  });

  test("/login asks for the identity code with the app's, after the app's own files", async ({
    context,
    plainPage: page,
  }) => {
    await stubMyArea(page);
    const release = await holdAssets(context);
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().startsWith(`${e2eOrigin}/assets/`)) asked.push(request.url());
    });
    const identityCodeAsked = page.waitForRequest(identityCode);
    await page.goto("/login", { waitUntil: "commit" });
    await identityCodeAsked;
    expect(await isHydrated(page)).toBe(false);
    // Asked for last, so it takes no connection the page's own modules wait for.
    const scripts = asked.filter((url) => url.endsWith(".js"));
    expect(scripts.findIndex((url) => identityCode.test(url))).toBeGreaterThan(
      scripts.findIndex((url) => /\/assets\/entry\.client-/.test(url)),
    );

    release();
    await submitSignIn(page, demoUsers.active.email);
    await page.waitForURL(myArea.home);
  });

  // A link behind sign-in: its page looks it up while it is parsed, but only the app can go on;
  // and a content page as a static host serves it (the Node server writes the page in).
  for (const [address, title] of [
    ["/to/account/billing", "Opening your link"],
    [samplePagePath, "Loading the page"],
  ] as const) {
    test(`a wait for the app on ${address} that lasts far too long says so, with a way on`, async ({
      context,
      plainPage: page,
    }) => {
      // Two page loads, an axe scan and a wait of up to 15 s for the app: more than the
      // default limit leaves on a slow machine.
      test.slow();
      await storeSamplePage();
      if (address === samplePagePath) await serveLikeAStaticHost(page, address);
      const release = await holdAssets(context);
      await page.goto(address, { waitUntil: "commit" });
      await expect(page.getByRole("progressbar", { name: title })).toBeVisible();
      const note = await expectLongWaitNote(page, "This is taking longer than it should.");
      await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute(
        "href",
        "/",
      );
      await expectNoSeriousA11yViolations(page);
      const reload = page.waitForRequest(
        (request) => request.isNavigationRequest() && request.url() === `${e2eOrigin}${address}`,
      );
      await page.getByRole("link", { name: "Reload the page" }).click();
      await reload;
      await expect(note).toBeHidden();
      release();
      // The app goes on from the reloaded page: the wait ends.
      await expect(page.getByRole("progressbar", { name: title })).toHaveCount(0, {
        timeout: 15_000,
      });
    });
  }

  test("/login says why sign-in is not ready when the app takes far too long, and works once it is", async ({
    context,
    plainPage: page,
  }) => {
    const release = await holdAssets(context);
    await page.goto("/login", { waitUntil: "domcontentloaded" });
    const signIn = page.getByRole("button", { name: "Sign in", exact: true });
    await expect(signIn).toBeDisabled();
    const note = await expectLongWaitNote(page, "Sign-in is taking longer than it should");
    await expect(page.getByText("Signing in needs JavaScript")).toBeHidden();
    await expect(page.getByRole("link", { name: "reload the page" })).toHaveAttribute("href", "");
    await expectNoSeriousA11yViolations(page);

    await expect(page.getByRole("button", { name: "Show password" })).toHaveCount(0);

    release();
    await waitForHydration(page);
    await expect(note).toHaveCount(0);
    await expect(signIn).toBeEnabled();
    await expect(page.getByRole("button", { name: "Show password" })).toBeVisible();
  });

  test("a visitor who follows a link from a utm landing keeps the campaign", async ({
    context,
    plainPage: page,
  }) => {
    const release = await holdAssets(context);
    await page.goto("/?utm_source=news&utm_medium=email&utm_campaign=fall", {
      waitUntil: "domcontentloaded",
    });
    const frameRequested = page.waitForRequest((request) =>
      request.url().startsWith(e2eSiteEnv.SCHEDULING_URL),
    );
    await page.getByRole("main").getByRole("link", { name: "Book a Demo" }).first().click();
    const src = new URL((await frameRequested).url());
    expect(Object.fromEntries(src.searchParams)).toMatchObject({
      utm_source: "news",
      utm_medium: "email",
      utm_campaign: "fall",
    });
    expect(await isHydrated(page)).toBe(false);
    release();
    await waitForHydration(page);
  });

  test("the video poster and the chat button are links that work", async ({
    context,
    plainPage: page,
  }) => {
    const release = await holdAssets(context);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("link", { name: "Watch the 2-minute tour" })).toHaveAttribute(
      "href",
      "https://www.youtube.com/watch?v=e2e-video",
    );
    await page.getByRole("link", { name: "Talk to sales" }).click();
    await expect(page).toHaveURL(/\/book-demo$/);
    release();
    await waitForHydration(page);
  });
});

test("a page the app renders on the client shows the site's frame and a loading bar first", async ({
  context,
  plainPage: page,
}) => {
  await storeSamplePage();
  await serveLikeAStaticHost(page, samplePagePath);
  const release = await holdAssets(context);
  await page.goto(samplePagePath, { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("progressbar", { name: "Loading the page" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Rise home" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  release();
  await waitForHydration(page);
  await expect(page.getByRole("progressbar")).toHaveCount(0);
});

/**
 * What the server answers at an address that leads nowhere: the page saying so (`heading`),
 * with 404, and nothing for the app to do.
 */
async function expectAnsweredProblemPage(page: Page, address: string, heading: string) {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  const response = await page.goto(address);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  await expect(page).toHaveTitle(new RegExp(`^${heading}`));
  await expect(page).toHaveURL(`${e2eOrigin}${address}`);
  expect(scripts).toEqual([]);
}

for (const { what, address, heading } of [
  {
    what: "a short link that cannot be followed",
    address: "/to/promo/no-such-link",
    heading: "This link doesn't exist",
  },
  {
    what: "a content page that doesn't exist",
    address: "/page/no-such-page",
    heading: "Page not found",
  },
]) {
  test.describe(`${what}, opened on a phone`, () => {
    // Headless Chromium's own user agent is a bot's, which gets a link's page (decision 6).
    test.use({ userAgent: PHONE_USER_AGENT });

    test("is answered with 404 and says so from its HTML; the way on leads to the site, app and all", async ({
      plainPage: page,
    }) => {
      await expectAnsweredProblemPage(page, address, heading);
      await expectNoSeriousA11yViolations(page);
      await page.getByRole("link", { name: "Go to the home page" }).click();
      await expect(page).toHaveURL(`${e2eOrigin}/`);
      await waitForHydration(page);
    });

    test.describe("with JavaScript disabled", () => {
      test.use({ javaScriptEnabled: false });

      test("says the same, and its menu works", async ({ plainPage: page, isMobile }) => {
        await expectAnsweredProblemPage(page, address, heading);
        if (!isMobile) return;
        await page.getByRole("banner").getByRole("button", { name: "Menu" }).click();
        await expectOpenSiteMenu(page.getByRole("dialog", { name: "Menu" }));
      });
    });
  });
}

test.describe("a content page that exists", () => {
  test.beforeEach(() => storeSamplePage());
  const heading = (page: Page) => page.getByRole("heading", { level: 1 });

  test.describe("with JavaScript disabled", () => {
    test.use({ javaScriptEnabled: false });

    test("is read from its HTML, named in the tab, and its menu works", async ({
      plainPage: page,
      isMobile,
    }) => {
      const response = await page.goto(samplePagePath);
      expect(response?.status()).toBe(200);
      await expect(heading(page)).toHaveText(samplePageTitle);
      await expect(page.getByTestId("content-html")).toHaveText("We bake every day from 6 am.");
      await expect(page).toHaveTitle(`${samplePageTitle} · Rise`);
      if (!isMobile) return;
      await page.getByRole("banner").getByRole("button", { name: "Menu" }).click();
      await expectOpenSiteMenu(page.getByRole("dialog", { name: "Menu" }));
    });
  });

  test("shows before the app has loaded; the app takes over the same words without asking again", async ({
    context,
    plainPage: page,
  }) => {
    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === `/api/p/${samplePageHandle}`)
        asked.push(request.url());
    });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const release = await holdAssets(context);
    await page.goto(samplePagePath, { waitUntil: "domcontentloaded" });
    await expect(heading(page)).toHaveText(samplePageTitle);
    await expect(page.getByTestId("content-html")).toHaveText("We bake every day from 6 am.");
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    // The elements the visitor is reading; hydrating must keep them, not draw new ones.
    await page.evaluate(() => {
      (window as { __shown?: Element[] }).__shown = [
        ...document.querySelectorAll("h1, [data-testid=content-html]"),
      ];
    });
    release();
    await waitForHydration(page);
    expect(
      await page.evaluate(() => {
        const shown = (window as { __shown?: Element[] }).__shown ?? [];
        return shown.length === 2 && shown.every((element) => element.isConnected);
      }),
    ).toBe(true);
    await expect(page).toHaveTitle(`${samplePageTitle} · Rise`);
    await page.waitForLoadState("networkidle");
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);

    // The address and description the server wrote are the app's now: one of each.
    const sampleTags = {
      canonical: [`${e2eOrigin}${samplePagePath}`],
      description: [samplePageTitle],
    };
    expect(await headTags(page)).toEqual(sampleTags);

    // Back to it from another page, the app asks for it: its HTML is gone.
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(heading(page)).toHaveText("Privacy Policy");
    // The next page is shared and indexed under its own address, not this one's.
    const privacyTags = await headTags(page);
    expect(privacyTags.canonical).toEqual([`${e2eOrigin}/privacy-policy`]);
    expect(privacyTags.description).toHaveLength(1);
    await page.goBack();
    await expect(heading(page)).toHaveText(samplePageTitle);
    await expect(page.getByTestId("content-html")).toHaveText("We bake every day from 6 am.");
    expect(asked).toHaveLength(1);
    expect(await headTags(page)).toEqual(sampleTags);
  });

  /** The head's canonical addresses and descriptions: what a share sheet and a crawler read. */
  const headTags = (page: Page) =>
    page.evaluate(() => ({
      canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((link) =>
        link.getAttribute("href"),
      ),
      description: [...document.querySelectorAll('meta[name="description"]')].map((meta) =>
        meta.getAttribute("content"),
      ),
    }));
});

test("a content page whose title starts with the product's name names it once in the tab, before the app and after", async ({
  context,
  plainPage: page,
}) => {
  const title = "Rise for wholesale bakeries";
  await putContentPage("rise-for-wholesale", "Trays by six.\n", title);
  const release = await holdAssets(context);
  await page.goto("/page/rise-for-wholesale", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(title);
  release();
  await waitForHydration(page);
  await expect(page).toHaveTitle(title);
});

test.describe("a content page that doesn't exist", () => {
  test("says the same when only the app can find out (a static host serves every page)", async ({
    page,
  }) => {
    // The app then asks the API, which says 404.
    await serveLikeAStaticHost(page, "/page/no-such-page");
    const apiAnswer = page.waitForResponse((response) =>
      response.url().endsWith("/api/p/no-such-page"),
    );
    await page.goto("/page/no-such-page");
    expect((await apiAnswer).status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page).toHaveTitle(/^Page not found/);
    await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute(
      "href",
      "/",
    );
  });

  test("a renamed page's address, or a page's second one, leads to the page", async ({ page }) => {
    const response = await page.goto("/page/privacy-policy");
    expect(response?.request().redirectedFrom()?.url()).toBe(`${e2eOrigin}/page/privacy-policy`);
    await expect(page).toHaveURL(`${e2eOrigin}/privacy-policy`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  });

  test("on a static host too: a page's address typed with capitals, or its second one, becomes its own in place", async ({
    page,
  }) => {
    await putContentPage("rise-for-wholesale", "Trays by six.\n", "Rise for wholesale bakeries");
    for (const [typed, own, heading] of [
      ["/page/Rise-For-Wholesale", "/page/rise-for-wholesale", "Rise for wholesale bakeries"],
      ["/page/Privacy-Policy", "/privacy-policy", "Privacy Policy"],
    ] as const) {
      await page.goto("/");
      await serveLikeAStaticHost(page, `${typed}?from=newsletter`);
      await page.goto(`${typed}?from=newsletter#top`);
      await expect(page).toHaveURL(`${e2eOrigin}${own}?from=newsletter#top`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        `${e2eOrigin}${own}`,
      );
      // The typed address is not left in the history to come back to.
      await page.goBack();
      await expect(page).toHaveURL(`${e2eOrigin}/`);
    }
  });
});

// The build empties React Router's boot script and boots the app from a file at the first
// paint (apps/web/build-steps/boot-module-loader.ts): what it relies on is that the page still
// hydrates, adopting the HTML the build wrote, with no mismatch.
test("every prerendered page hydrates from its built HTML without a mismatch", async ({
  plainPage: page,
}) => {
  await recordPageErrors(page);
  for (const path of [
    "/",
    "/book-demo",
    "/pricing",
    "/signup",
    "/login",
    "/saas",
    "/privacy-policy",
  ]) {
    await page.goto(path);
    expect(await errorsOnceHydrated(page), path).toEqual([]);
    // Where React rendered the boot script, an empty one is left for it to find.
    expect(
      await page.evaluate(
        () => document.querySelectorAll('script[type="module"]:not([src]):empty').length,
      ),
      path,
    ).toBe(1);
  }
});

// The test above can fail: a built page whose text is not what the app renders, one word of its
// heading changed on the way, is reported by the same detector.
test("a built page that differs from what the app renders is reported as a mismatch", async ({
  plainPage: page,
}) => {
  await recordPageErrors(page);
  await page.goto("/pricing");
  const heading = page.getByRole("heading", { level: 1 });
  const built = await heading.innerHTML();
  const changed = built.replace(/^\S+/, "Changed");
  expect(changed).not.toBe(built);
  let headings = 0;
  await page.route(`${e2eOrigin}/pricing`, async (route) => {
    const response = await route.fetch();
    const parts = (await response.text()).split(`>${built}</h1>`);
    headings = parts.length - 1;
    await route.fulfill({ response, body: parts.join(`>${changed}</h1>`) });
  });
  await page.goto("/pricing");
  expect(headings, "the heading's markup, once in the page").toBe(1);
  const errors = await errorsOnceHydrated(page);
  expect(errors.filter(isHydrationError), errors.join("\n")).not.toEqual([]);
  // React recovered by rendering the page itself: the heading is the app's again.
  expect(await heading.innerHTML()).toBe(built);
});
