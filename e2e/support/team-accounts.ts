import type { APIRequestContext, Page } from "@playwright/test";
import { runAdmin } from "./admin-cli.ts";
import { e2eAuthEmulatorOrigin } from "./e2e-env.ts";
import { expect, test } from "./fixtures.ts";
import { DEMO_PASSWORD, myArea, submitSignIn } from "./sign-in.ts";

const identityToolkit = `${e2eAuthEmulatorOrigin}/identitytoolkit.googleapis.com/v1`;

/** A new account in the Auth emulator, its address not yet verified (as after signing up). */
export async function newAccount(
  request: APIRequestContext,
  name: string,
): Promise<{ email: string; uid: string }> {
  const email = `${name}-${test.info().project.name}-${Date.now().toString(36)}@example.com`;
  const response = await request.post(`${identityToolkit}/accounts:signUp?key=e2e`, {
    data: { email, password: DEMO_PASSWORD, returnSecureToken: true },
  });
  expect(response.status()).toBe(200);
  return { email, uid: ((await response.json()) as { localId: string }).localId };
}

/**
 * Marks the account's address verified in the Auth emulator, as following the link e-mailed to
 * it would: the operator role goes only to a verified address.
 */
export async function verifyAddress(request: APIRequestContext, uid: string) {
  const response = await request.post(`${identityToolkit}/projects/demo-bakery/accounts:update`, {
    headers: { Authorization: "Bearer owner" },
    data: { localId: uid, emailVerified: true },
  });
  expect(response.status()).toBe(200);
}

/** The account's ID token, from the emulator's sign-in endpoint, for calling the API as them. */
export async function idTokenOf(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post(`${identityToolkit}/accounts:signInWithPassword?key=e2e`, {
    data: { email, password: DEMO_PASSWORD, returnSecureToken: true },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { idToken: string }).idToken;
}

/** Signs `email` in for the first time, which makes their profile, then makes it active. */
export async function signInFirstTime(page: Page, email: string) {
  await page.goto(`/login?target=${encodeURIComponent("/dashboard")}`);
  await submitSignIn(page, email);
  // A new profile is pending, so the site sends them on to onboarding.
  await page.waitForURL(myArea.onboarding);
  await runAdmin("users", "set-status", email, "active");
}
