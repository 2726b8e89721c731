import { e2eChatOrigin, e2eSiteEnv } from "./support/e2e-env.ts";
import {
  expect,
  expectNoSeriousA11yViolations,
  test,
  thirdPartyStubs,
} from "./support/fixtures.ts";
import { holdRequests } from "./support/gate.ts";
import { expectAnnouncementWaiting } from "./support/live-regions.ts";

const sectionTitles = [
  "Custom Cakes & Treats",
  "Standard Cakes & Desserts",
  "Back Office",
  "Kitchen",
  "Delivery",
  "Growth",
];

test("the landing page pitches every area with illustrations, stats and a closing call to action", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Run your whole bakery from one place",
  );
  await expect(
    page.getByRole("main").getByRole("link", { name: "Book a Demo" }).first(),
  ).toHaveAttribute("href", "/book-demo");

  for (const title of sectionTitles) {
    const section = page.getByRole("region", { name: title, exact: true });
    await expect(section).toBeVisible();
    const illustration = section.getByRole("img");
    await expect(illustration).toHaveAttribute("width", /\d+/);
    await expect(illustration).toHaveAttribute("height", /\d+/);
    await illustration.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        illustration.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
  }
  await expect(page.getByRole("region", { name: "Custom Cakes & Treats" })).toContainText(
    "AI instant quotes",
  );
  await expect(page.getByRole("region", { name: "Delivery" })).toContainText("printable slips");

  const stats = page.getByRole("region", { name: "What bakeries see after switching" });
  await expect(stats.getByRole("definition")).toHaveText(["20%", "25%", "15%"]);
  await expect(stats.getByRole("term")).toHaveText([
    "increase in Sales",
    "increase in Employee Efficiency",
    "increase in Customer Retention",
  ]);

  const closing = page.getByRole("region", { name: "Upgrade your Bakery" });
  await closing.getByRole("link", { name: "Book a Demo" }).click();
  await expect(page).toHaveURL(/\/book-demo$/);
});

test("/saas shows the landing page with / as its canonical address", async ({ page }) => {
  await page.goto("/saas");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Run your whole bakery from one place",
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    `${e2eSiteEnv.SITE_URL}/`,
  );
});

test("the video player loads only after the visitor clicks play", async ({
  page,
  externalRequests,
}) => {
  await page.goto("/");
  await expect(page.locator("iframe")).toHaveCount(0);
  expect(externalRequests.filter((url) => url.includes("youtube"))).toEqual([]);
  await page.getByRole("link", { name: "Watch the 2-minute tour" }).click();
  const player = page.frameLocator('iframe[title$="product tour video"]');
  await expect(player.getByText("Video stub")).toBeVisible();
  await expect(page.locator('iframe[title$="product tour video"]')).toHaveAttribute(
    "src",
    `${e2eSiteEnv.VIDEO_URL}?autoplay=1`,
  );
  await expect(page.getByRole("progressbar", { name: "Loading the video" })).toBeHidden();
});

test("a keyboard that starts the video is left on the player, not at the top of the page", async ({
  page,
}) => {
  // A slow phone's CPU (4×): there, focus moved into the frame before the player's document
  // has arrived can be lost (startPlayer in video-facade.tsx).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.goto("/");
  await page.getByRole("link", { name: "Watch the 2-minute tour" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.locator('iframe[title$="product tour video"]')).toBeFocused();
});

test("while the player loads, a keyboard waits on the player's box, then goes into the player", async ({
  page,
}) => {
  const videoMayLoad = await holdRequests(page, thirdPartyStubs.video, "fallback");
  await page.goto("/");
  await page.getByRole("link", { name: "Watch the 2-minute tour" }).focus();
  await page.keyboard.press("Enter");
  // The player's document is held back: meanwhile the focus waits on the frame's box.
  const frame = page.locator('iframe[title$="product tour video"]');
  await expect(frame.locator("..")).toBeFocused();

  videoMayLoad();
  await expect(
    page.frameLocator('iframe[title$="product tour video"]').getByText("Video stub"),
  ).toBeVisible();
  await expect(frame).toBeFocused();
});

test("when the video host never answers, the player says so after a while and links to the video", async ({
  page,
}) => {
  await page.route(thirdPartyStubs.video, () => {});
  await page.clock.install();
  await page.goto("/");
  await page.getByRole("link", { name: "Watch the 2-minute tour" }).click();
  const spinner = page.getByRole("progressbar", { name: "Loading the video" });
  const slow = page.getByText("The video is taking longer than usual to load.");
  await expect(spinner).toBeVisible();
  await expect(slow).toBeHidden();
  const expectAnnounced = await expectAnnouncementWaiting(
    page,
    "The video is taking longer than usual to load.",
  );

  await page.clock.fastForward(15_000);
  await expect(slow).toBeVisible();
  await expectAnnounced();
  await expect(spinner).toBeHidden();
  const link = page.getByRole("link", { name: "Watch the tour on YouTube" });
  await expect(link).toHaveAttribute("href", "https://www.youtube.com/watch?v=e2e-video");
  await expect(link).toHaveAttribute("target", "_blank");
});

test("when the video host can't be reached, a link under the player opens the video there", async ({
  page,
}) => {
  // An unreachable host: the frame shows the browser's error page, and loads.
  await page.route(thirdPartyStubs.video, (route) => route.abort("namenotresolved"));
  await page.goto("/");
  await page.getByRole("link", { name: "Watch the 2-minute tour" }).click();
  await expect(page.locator('iframe[title$="product tour video"]')).toHaveAttribute(
    "data-state",
    "loaded",
  );
  const link = page.getByRole("link", { name: "Watch on YouTube" });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", "https://www.youtube.com/watch?v=e2e-video");
  await expect(link).toHaveAttribute("target", "_blank");
});

test.describe("testimonial carousel", () => {
  test("loops through the three owners and pauses while hovered", async ({ page, isMobile }) => {
    test.skip(isMobile, "hover needs a pointer");
    await page.clock.install();
    await page.goto("/");
    const region = page.getByRole("region", { name: "Trusted by the top tech-forward bakeries" });
    await expect(region.locator("figure")).toHaveCount(3);
    const active = region.locator('figure[data-active="true"]');
    await expect(active).toHaveCount(1);
    await expect(active).toContainText("Sugar Bloom Bakery");
    await expect(active.locator("img")).toHaveAttribute("src", "/media/logos/sugar-bloom.svg");

    await page.clock.runFor(7_000);
    await expect(active).toContainText("The Golden Crumb");
    // Each turn is a 1000 ms transition (spec §4).
    await expect(region.locator("figure").nth(0)).toHaveCSS("transition-duration", /1s/);
    await page.clock.runFor(7_000);
    await expect(active).toContainText("Maple & Rye Patisserie");
    await page.clock.runFor(7_000);
    await expect(active).toContainText("Sugar Bloom Bakery");

    await region.getByTestId("testimonial-carousel").hover();
    await page.clock.runFor(21_000);
    await expect(active).toContainText("Sugar Bloom Bakery");
    // No arrows or dots (spec §4): the one control is the pause button.
    await expect(region.getByRole("button")).toHaveCount(1);
    await expect(region.getByRole("button")).toHaveAccessibleName("Pause the testimonials");
  });

  test("a Pause button stops it until Play, for a reader who neither hovers nor focuses it", async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto("/");
    const region = page.getByRole("region", { name: "Trusted by the top tech-forward bakeries" });
    const active = region.locator('figure[data-active="true"]');
    await region.getByRole("button", { name: "Pause the testimonials" }).click();
    // Off the carousel, as a screen reader's virtual cursor would be.
    await page.mouse.move(0, 0);
    await page.locator("body").focus();
    await page.clock.runFor(21_000);
    await expect(active).toContainText("Sugar Bloom Bakery");
    await region.getByRole("button", { name: "Play the testimonials" }).click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(7_000);
    await expect(active).toContainText("The Golden Crumb");
  });

  test("does not move under reduced motion and shows every testimonial", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto("/");
    const region = page.getByRole("region", { name: "Trusted by the top tech-forward bakeries" });
    await expect(region.locator('figure[data-active="true"]')).toHaveCount(3);
    await expect(region.getByRole("figure")).toHaveCount(3);
    for (const figure of await region.getByRole("figure").all()) await expect(figure).toBeVisible();
    await page.clock.runFor(21_000);
    await expect(region.locator('figure[data-active="true"]')).toHaveCount(3);
    // Nothing moves, so there is nothing to pause.
    await expect(region.getByRole("button")).toHaveCount(0);
  });
});

test("with no chat provider configured the chat button leads to the demo booking", async ({
  page,
}) => {
  await page.goto("/");
  const chat = page.getByRole("link", { name: "Talk to sales" });
  await expect(chat).toBeVisible();
  await chat.click();
  await expect(page).toHaveURL(/\/book-demo$/);
});

test("the floating chat button leaves the end of the page readable", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Talk to sales" })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const copyright = page.getByRole("contentinfo").getByText("All rights reserved.");
  await expect(copyright).toBeInViewport();
  // Where the line's words are drawn (its paragraph spans the page's width), and the button.
  const [words, button] = await page.evaluate(() => {
    const line = [...document.querySelectorAll("footer p")].find((p) =>
      p.textContent?.includes("All rights reserved."),
    );
    const range = document.createRange();
    if (line) range.selectNodeContents(line);
    const chat = document.querySelector("[data-floating-button]");
    return [range.getBoundingClientRect().toJSON(), chat?.getBoundingClientRect().toJSON()];
  });
  expect(button).toBeDefined();
  const overlap =
    words.left < button.right &&
    button.left < words.right &&
    words.top < button.bottom &&
    button.top < words.bottom;
  expect(
    overlap,
    `the words at ${JSON.stringify(words)}, the button at ${JSON.stringify(button)}`,
  ).toBe(false);
});

test("with a chat provider the widget loads on the first click, not with the page", async ({
  page,
  externalRequests,
}) => {
  await page.goto(`${e2eChatOrigin}/`);
  await page.waitForLoadState("networkidle");
  expect(externalRequests.filter((url) => url.includes("crisp"))).toEqual([]);
  await page.getByRole("link", { name: "Chat with sales" }).click();
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { __crispLoaded?: boolean }).__crispLoaded),
    )
    .toBe(true);
  expect(
    await page.evaluate(() => (window as unknown as { CRISP_WEBSITE_ID: string }).CRISP_WEBSITE_ID),
  ).toBe("e2e-crisp-site");
  await expect
    .poll(() =>
      page.evaluate(() =>
        JSON.stringify((window as unknown as { __crispCommands?: unknown[] }).__crispCommands),
      ),
    )
    .toContain('["do","chat:open"]');
});

for (const [how, answer] of [
  ["fails to load", "fails"],
  ["takes far too long", "hangs"],
] as const) {
  test(`when the chat widget ${how}, the chat button says so, announced, and offers the demo booking`, async ({
    page,
  }) => {
    const unavailableMessage = "Chat is unavailable right now.";
    // Held, then failed when the test says so; or never answered.
    const failWidget =
      answer === "fails"
        ? await holdRequests(page, "https://client.crisp.chat/**", "fail")
        : undefined;
    if (answer === "hangs") await page.route("https://client.crisp.chat/**", () => {});
    await page.clock.install();
    await page.goto(`${e2eChatOrigin}/`);
    // The widget's time limit starts with its request, after the chat code's own chunk has
    // arrived: fast-forwarding before that would start the limit afterwards, at full length.
    const widgetRequested = page.waitForRequest("https://client.crisp.chat/**");
    // From the keyboard, whose focus must stay on the button through its changes.
    await page.getByRole("link", { name: "Chat with sales" }).focus();
    await page.keyboard.press("Enter");
    await widgetRequested;
    await expect(page.getByRole("link", { name: "Starting chat…" })).toBeFocused();
    const expectAnnounced = await expectAnnouncementWaiting(page, unavailableMessage);

    if (failWidget) failWidget();
    else await page.clock.fastForward(15_000);
    const unavailable = page.getByRole("link", { name: "Chat is unavailable. Book a Demo" });
    await expect(unavailable).toBeVisible();
    await expectAnnounced();
    await expect(unavailable).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/book-demo$/);
  });
}

test("the landing page has no serious accessibility violations", async ({ page }) => {
  await page.goto("/");
  await expectNoSeriousA11yViolations(page);
});
