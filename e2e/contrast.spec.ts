import {
  contrastRatio,
  expectFieldEdgesToStandOut,
  paintedColours,
  type Rgb,
} from "./support/contrast.ts";
import { e2eSiteEnv } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";

// WCAG 1.4.11 (non-text contrast): what a visitor must see to use the page stands out 3:1.
// The dashboard's fields are checked in dashboard.spec.ts, signed in.

for (const [path, form] of [
  ["/", "the instant cake quote"],
  ["/pricing", "the savings estimate"],
  ["/login", "sign-in"],
] as const) {
  test(`${form}'s fields show their edges on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expectFieldEdgesToStandOut(page);
  });
}

test("focus on the dark closing panel rings in a colour that stands out from the panel", async ({
  page,
}) => {
  await page.goto("/");
  const bookDemo = page
    .getByRole("region", { name: "Upgrade your Bakery" })
    .getByRole("link", { name: "Book a Demo" });
  await bookDemo.focus();
  expect(await bookDemo.evaluate((link) => link.matches(":focus-visible"))).toBe(true);
  // The ring's colour eases in with the button's other colours: read it once it has.
  await bookDemo.evaluate((link) =>
    Promise.all(link.getAnimations().map((transition) => transition.finished)),
  );
  const { outline, behind } = await paintedColours(bookDemo);
  if (!outline) throw new Error("The focused link has no outline");
  // The ring stands 2 px off the link, so the panel's gradient is on both sides of it.
  const ratios = behind.map((panel) => contrastRatio(outline, panel));
  expect(ratios.length).toBeGreaterThan(0);
  expect(Math.min(...ratios)).toBeGreaterThanOrEqual(3);
});

// A forced-colours theme (such as Windows' contrast themes) paints every background in the
// theme's one background colour and ignores the page's own colours: what is drawn only with
// them vanishes. Checked in a dark theme and in a light one.
for (const colorScheme of ["dark", "light"] as const) {
  test.describe(`in a ${colorScheme} forced-colours theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ forcedColors: "active", colorScheme });
    });

    test("the progress bar shows its track's edge and its bar", async ({ page }) => {
      // The link's answer never comes: the page waits, showing the bar.
      await page.route("**/api/redirect/promo/spring", () => {});
      await page.goto("/to/promo/spring");
      const track = page.getByRole("progressbar");
      await expect(track).toBeVisible();
      const { borders, behind } = await paintedColours(track);
      const { fill: bar } = await paintedColours(track.locator("span"));
      const [background] = behind as [Rgb];
      expect(borders, "the track's edge").toHaveLength(4);
      for (const edge of borders) expect(contrastRatio(edge, background)).toBeGreaterThanOrEqual(3);
      expect(bar, "the bar's colour").not.toBeNull();
      expect(contrastRatio(bar as Rgb, background)).toBeGreaterThanOrEqual(3);
    });

    test("the logo's dark wordmark keeps a light backdrop", async ({ page }) => {
      await page.goto("/");
      const logo = page.getByRole("banner").getByRole("img", { name: e2eSiteEnv.COMPANY_NAME });
      const { fill, behind } = await paintedColours(logo);
      // The e2e build's logo is the brand's own, its wordmark drawn in ink (#2a1f1d).
      const ink: Rgb = [0x2a, 0x1f, 0x1d];
      expect(contrastRatio(ink, fill ?? (behind[0] as Rgb))).toBeGreaterThanOrEqual(3);
    });
  });
}
