import { expectFieldEdgesToStandOut } from "./support/contrast.ts";
import { test } from "./support/fixtures.ts";

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
