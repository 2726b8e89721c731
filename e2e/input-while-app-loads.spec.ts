import type { BrowserContext, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./support/fixtures.ts";
import { holdRequests } from "./support/gate.ts";
import { expectOpenSiteMenu } from "./support/site-menu.ts";

type InputMoment = {
  type: string;
  /** React has created its root over the page: hydration has started. */
  started: boolean;
  /** React has reached the page's footer, the last of the page it hydrates. */
  reachedFooter: boolean;
  /** entry.client.tsx has marked <html data-hydrated>: hydration is over. */
  hydrated: boolean;
};

/**
 * Records, for each tap and keystroke the page receives, how far the app's hydration had come.
 * React marks the nodes it has taken over with properties of its own (`__reactContainer$…` on
 * its root, `__reactFiber$…` on each element), which is how this tells. Registered before the
 * page's own scripts, on the window in the capture phase, so it sees every one before React does.
 */
async function recordInputMoments(page: Page) {
  await page.addInitScript(() => {
    const moments: InputMoment[] = [];
    (window as unknown as { inputMoments: typeof moments }).inputMoments = moments;
    const marked = (node: Node | null, prefix: string) =>
      node !== null && Object.keys(node).some((key) => key.startsWith(prefix));
    for (const type of ["pointerdown", "keydown", "input"]) {
      addEventListener(
        type,
        () =>
          moments.push({
            type,
            started: marked(document, "__reactContainer$"),
            reachedFooter: marked(document.querySelector("footer"), "__reactFiber$"),
            hydrated: document.documentElement.hasAttribute("data-hydrated"),
          }),
        { capture: true },
      );
    }
  });
}

const inputMoments = (page: Page) =>
  page.evaluate(() => (window as unknown as { inputMoments: InputMoment[] }).inputMoments);

/**
 * Stops the app's hydration part way, until the returned function is called. React renders the
 * hydration in slices of a few milliseconds, each a task of its own that its scheduler posts to
 * a MessageChannel; on a CPU slowed 20×, the first slice is let through and the next ones are
 * held, so the page stays half taken over for as long as the test needs. Nothing is timed: the
 * test waits for the first slice to be held.
 */
async function holdHydrationPartWay(page: Page) {
  await page.addInitScript(() => {
    const post = MessagePort.prototype.postMessage;
    const state = window as unknown as { heldWork?: (() => void)[]; releaseWork?: () => void };
    let slices = 0;
    MessagePort.prototype.postMessage = function (this: MessagePort, ...args: unknown[]) {
      const send = () => Reflect.apply(post, this, args);
      const hydrating = Object.keys(document).some((key) => key.startsWith("__reactContainer$"));
      if (!hydrating || state.releaseWork === undefined || slices++ === 0) return send();
      state.heldWork ??= [];
      state.heldWork.push(send);
    } as typeof post;
    state.releaseWork = () => {
      state.releaseWork = undefined;
      for (const send of state.heldWork ?? []) send();
    };
  });
  const cdp = await page.context().newCDPSession(page);
  return {
    /** Lets the app's code go (held by the test) on the slow CPU; resolves once a slice is held. */
    start: async (releaseApp: () => void) => {
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 20 });
      releaseApp();
      await page.waitForFunction(
        () => ((window as unknown as { heldWork?: unknown[] }).heldWork?.length ?? 0) > 0,
      );
    },
    release: async () => {
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      await cdp.detach();
      await page.evaluate(() => (window as unknown as { releaseWork(): void }).releaseWork());
    },
  };
}

/**
 * /pricing in a page of its own (the fixture's `page` waits for hydration after each navigation),
 * with the app's code held back and its hydration set to stop part way. `startHydrating` lets the
 * code go and resolves once React is part way through the page; `finishHydrating` lets it finish.
 */
async function openPricingWithHydrationHeld(context: BrowserContext) {
  const page = await context.newPage();
  await recordInputMoments(page);
  const hydration = await holdHydrationPartWay(page);
  const releaseApp = await holdRequests(page, "**/assets/entry.client-*.js");
  await page.goto("/pricing");
  return {
    page,
    startHydrating: () => hydration.start(releaseApp),
    finishHydrating: async () => {
      await hydration.release();
      await waitForHydration(page);
    },
  };
}

/** The page's first input came once React had started, before it reached the footer. */
async function expectFirstInputMidHydration(page: Page, type: string) {
  expect((await inputMoments(page))[0]).toEqual({
    type,
    started: true,
    reachedFooter: false,
    hydrated: false,
  });
}

// A visitor on a slow phone types and taps as soon as the page shows, while the app is still on its
// way or taking over the page: what they typed and tapped must count, both for the page as it is
// and for the app once it runs. The app's code is held until they have, so the order is certain.
test("typing in the calculator and tapping the menu before the app has hydrated are kept when it does", async ({
  context,
  externalRequests,
  isMobile,
}) => {
  test.skip(!isMobile, "the menu button is the phone layout's");
  // A page of its own: the fixture's `page` waits for hydration after each navigation.
  void externalRequests;
  const page = await context.newPage();
  await recordInputMoments(page);
  const releaseApp = await holdRequests(page, "**/assets/entry.client-*.js");
  await page.goto("/pricing");
  const sales = page.getByLabel("Monthly sales");
  const menu = page.getByRole("banner").getByRole("button", { name: "Menu", exact: true });
  await sales.fill("30000");
  await menu.click();

  const moments = await inputMoments(page);
  expect(moments.map(({ type }) => type)).toEqual(expect.arrayContaining(["input", "pointerdown"]));
  expect(moments.filter(({ hydrated }) => hydrated)).toEqual([]);

  releaseApp();
  await waitForHydration(page);
  // The menu is open, and the app knows it is.
  await expectOpenSiteMenu(page.getByRole("dialog", { name: "Menu" }));
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  // The app's estimate is of what was typed, not of the form's first figure.
  await page.keyboard.press("Escape");
  await expect(page.getByRole("region", { name: "What could it earn your bakery?" })).toContainText(
    "At $30,000 a month, a 20% lift is $6,000 a month, 12 times the price.",
  );
});

// The same visitor a moment later: the app's code has arrived and React is part way through
// taking over the page, in short tasks the browser hands input in between. What they tap and type
// then must count too, with the app's own handlers (the menu's focus and state, the estimate).
test("a tap on the menu while the app is hydrating opens it, and the app knows it is open", async ({
  context,
  externalRequests,
  isMobile,
}) => {
  test.skip(!isMobile, "the menu button is the phone layout's");
  void externalRequests;
  const { page, startHydrating, finishHydrating } = await openPricingWithHydrationHeld(context);
  const menu = page.getByRole("banner").getByRole("button", { name: "Menu", exact: true });
  // Measured before: a click through the locator would wait on the busy page for its checks.
  const box = await menu.boundingBox();
  if (!box) throw new Error("The menu button is not on the screen");

  await startHydrating();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expectFirstInputMidHydration(page, "pointerdown");
  await finishHydrating();

  await expectOpenSiteMenu(page.getByRole("dialog", { name: "Menu" }));
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
});

test("figures typed in the calculator while the app is hydrating are the ones it estimates", async ({
  context,
  externalRequests,
}) => {
  void externalRequests;
  const { page, startHydrating, finishHydrating } = await openPricingWithHydrationHeld(context);
  const sales = page.getByLabel("Monthly sales");
  await sales.selectText();

  await startHydrating();
  await page.keyboard.type("30000");
  await expectFirstInputMidHydration(page, "keydown");
  await finishHydrating();

  await expect(sales).toHaveValue("30000");
  await expect(page.getByRole("region", { name: "What could it earn your bakery?" })).toContainText(
    "At $30,000 a month, a 20% lift is $6,000 a month, 12 times the price.",
  );
});
