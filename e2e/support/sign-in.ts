import { DEMO_PASSWORD, DEMO_USERS } from "@bakery/api/demo-data";
import type { Page } from "@playwright/test";
import { e2eSiteEnv } from "./e2e-env.ts";

/** The seeded demo customer accounts (one per profile status) and their shared password. */
export const demoUsers = Object.fromEntries(
  DEMO_USERS.filter((user) => !user.role).map((user) => [user.status, user]),
) as {
  pending: (typeof DEMO_USERS)[number];
  quote: (typeof DEMO_USERS)[number];
  active: (typeof DEMO_USERS)[number];
};
export { DEMO_PASSWORD };

export const myArea = {
  home: `${e2eSiteEnv.MY_AREA_URL}/`,
  onboarding: `${e2eSiteEnv.MY_AREA_URL}/onboarding`,
};

/**
 * The my-area host is another site: answer its pages with a stub so a test can
 * see the browser arrive there (the fixtures abort unknown hosts otherwise).
 */
export async function stubMyArea(page: Page): Promise<void> {
  await page.route(`${e2eSiteEnv.MY_AREA_URL}/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: '<!doctype html><html lang="en"><title>My area</title><h1>My area stub</h1></html>',
    }),
  );
}

/** Fills in and submits the login form of the page the browser is on. */
export async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Signs in as a demo user through /login, coming back to `target`, and waits to arrive there. */
export async function signInAndReturnTo(
  page: Page,
  target: string,
  email = demoUsers.active.email,
) {
  await page.goto(`/login?target=${encodeURIComponent(target)}`);
  await submitSignIn(page, email);
  await page.waitForURL((url) => url.pathname + url.search === target);
}
