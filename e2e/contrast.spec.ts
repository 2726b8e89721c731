import { contrastRatio, expectFieldEdgesToStandOut, paintedColours } from "./support/contrast.ts";
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
