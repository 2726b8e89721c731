import type { Page } from "@playwright/test";
import { e2eAuthEmulatorHost, e2eOrigin } from "./support/e2e-env.ts";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { stubGoogleApi } from "./support/google-api-stub.ts";
import {
  demoUsers,
  myArea,
  signInAndReturnTo,
  stubMyArea,
  submitSignIn,
} from "./support/sign-in.ts";

// The emulator's REST endpoints the SDK calls, e.g. ".../accounts:signInWithPassword?key=…".
const passwordSignInCall = "**/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword**";

test.beforeEach(async ({ page }) => {
  await stubMyArea(page);
});

/** A promise and the function that settles it, to hold a request until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const errorRegion = (page: Page) => page.getByRole("alert");

test.describe("after sign-in, each profile status goes where spec §4 says", () => {
  for (const [status, destination] of [
    ["pending", myArea.onboarding],
    ["quote", myArea.onboarding],
    ["active", myArea.home],
  ] as const) {
    test(`${status} → ${destination}`, async ({ page }) => {
      await page.goto("/login");
      await submitSignIn(page, demoUsers[status].email);
      await expect(page).toHaveURL(destination);
    });
  }
});

test.describe("the target parameter", () => {
  test("a same-origin path is followed, query and all", async ({ page }) => {
    await page.goto(`/login?target=${encodeURIComponent("/pricing?x=1")}`);
    await submitSignIn(page, demoUsers.active.email);
    await expect(page).toHaveURL(`${e2eOrigin}/pricing?x=1`);
    // Signed in on a page other than / or /login, with no target: stay.
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(`${e2eOrigin}/pricing?x=1`);
  });

  for (const target of [
    "//evil.example",
    "/\\evil.example",
    "https://evil.example",
    "javascript:alert(1)",
  ]) {
    test(`${target} is refused and leads to my-area home`, async ({ page }) => {
      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto(`/login?target=${encodeURIComponent(target)}`);
      await submitSignIn(page, demoUsers.active.email);
      await expect(page).toHaveURL(myArea.home);
      expect(dialogs).toEqual([]);
    });
  }

  test("a profile still being set up goes to onboarding, not to the target", async ({ page }) => {
    await page.goto(`/login?target=${encodeURIComponent("/pricing")}`);
    await submitSignIn(page, demoUsers.quote.email);
    await expect(page).toHaveURL(myArea.onboarding);
  });

  test("a signed-in user opening / goes to my-area home", async ({ page }) => {
    await signInAndReturnTo(page, "/pricing");
    await page.goto("/");
    await expect(page).toHaveURL(myArea.home);
  });
});

test.describe("the login form", () => {
  test("keeps its heading and form in the prerendered HTML, with the SDK left for the browser", async ({
    request,
  }) => {
    const html = await (await request.get("/login")).text();
    expect(html).toMatch(/<h1[^>]*>Sign in<\/h1>/);
    expect(html).toMatch(/<input[^>]+autocomplete="username"/i);
    expect(html).toMatch(/<input[^>]+autocomplete="current-password"/i);
    expect(html).not.toContain("firebase");
    expect(html).not.toContain('aria-label="Account"');
  });

  test("works from the keyboard and has no serious accessibility problems", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled();
    await expectNoSeriousA11yViolations(page);

    const email = page.getByLabel("Email", { exact: true });
    const password = page.getByLabel("Password", { exact: true });
    await expect(email).toHaveAttribute("autocomplete", "username");
    await expect(email).toHaveAttribute("type", "email");
    await expect(password).toHaveAttribute("autocomplete", "current-password");
    await expect(password).toHaveAttribute("type", "password");

    await email.focus();
    await page.keyboard.type(demoUsers.active.email);
    await page.keyboard.press("Tab");
    await expect(password).toBeFocused();
    await page.keyboard.type("bakery-demo-1");
    // The show-password toggle is a real button next in the tab order.
    await page.keyboard.press("Tab");
    const toggle = page.getByRole("button", { name: "Show password" });
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(password).toHaveAttribute("type", "text");
    await password.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(myArea.home);
  });

  test("says what went wrong in words, in a focused alert", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(errorRegion(page)).toHaveText("Enter your email address.");
    await expect(errorRegion(page)).toBeFocused();
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");

    await submitSignIn(page, demoUsers.active.email, "not-the-password");
    await expect(errorRegion(page)).toContainText("That password is incorrect");
    await expect(errorRegion(page)).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    await submitSignIn(page, "nobody-here@example.com");
    await expect(errorRegion(page)).toContainText("There's no account with this email address");
    await expect(errorRegion(page)).toBeFocused();
    await expect(page).toHaveURL(`${e2eOrigin}/login`);
  });

  test("explains too many attempts and being offline", async ({ page }) => {
    await page.goto("/login");
    await page.route(passwordSignInCall, (route) =>
      route.fulfill({
        status: 400,
        json: { error: { code: 400, message: "TOO_MANY_ATTEMPTS_TRY_LATER" } },
      }),
    );
    await submitSignIn(page, demoUsers.active.email);
    await expect(errorRegion(page)).toContainText("Too many attempts from this device");

    await page.unroute(passwordSignInCall);
    await page.route(passwordSignInCall, (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(errorRegion(page)).toContainText("Check your internet connection");
    await expect(errorRegion(page)).toBeFocused();
  });

  test("shows that it is busy, and takes no second click, while signing in", async ({ page }) => {
    await page.goto("/login");
    const held = gate();
    await page.route(passwordSignInCall, async (route) => {
      await held.opened;
      await route.continue();
    });
    await submitSignIn(page, demoUsers.active.email);
    const busyButton = page.getByRole("button", { name: "Signing in…" });
    await expect(busyButton).toBeDisabled();
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Forgot password?" })).toBeDisabled();
    held.open();
    await expect(page).toHaveURL(myArea.home);
  });

  test("sends a password reset email without saying whether an account exists", async ({
    page,
    request,
  }) => {
    await page.goto("/login");
    const forgot = page.getByRole("button", { name: "Forgot password?" });
    await forgot.click();
    await expect(errorRegion(page)).toContainText("Enter your email address first");
    await expect(errorRegion(page)).toBeFocused();

    const email = `reset-${test.info().project.name}-${Date.now()}@example.com`;
    for (const address of [demoUsers.pending.email, email]) {
      await page.getByLabel("Email", { exact: true }).fill(address);
      await forgot.click();
      await expect(page.getByRole("status")).toHaveText(
        `If an account uses ${address}, we've sent it a link to reset the password. Check your inbox (and spam folder).`,
      );
    }
    const sent = await (
      await request.get(`http://${e2eAuthEmulatorHost}/emulator/v1/projects/demo-bakery/oobCodes`)
    ).json();
    expect(sent.oobCodes).toContainEqual(
      expect.objectContaining({ email: demoUsers.pending.email, requestType: "PASSWORD_RESET" }),
    );
  });
});

test.describe("while signed in, the login page", () => {
  test("shows who is signed in and can sign out", async ({ page }) => {
    await page.goto("/login");
    const me = gate();
    await page.route("**/api/me", async (route) => {
      await me.opened;
      await route.continue();
    });
    await submitSignIn(page, demoUsers.active.email);
    // Wide screens also show the account column, with its own copy of both.
    const main = page.getByRole("main");
    await expect(main.getByText(demoUsers.active.email)).toBeVisible();
    await expect(main.getByRole("status")).toHaveText("Opening your account…");
    await main.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled();
    await expect(page.getByLabel("Email", { exact: true })).toBeFocused();
    me.open();
    // The answer for the user who left is ignored: the page stays.
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(`${e2eOrigin}/login`);
  });

  test("offers a retry when the API can't be reached after sign-in", async ({ page }) => {
    await page.goto("/login");
    await page.route("**/api/me", (route) => route.abort("internetdisconnected"));
    await submitSignIn(page, demoUsers.active.email);
    await expect(errorRegion(page)).toContainText("couldn't reach our server");
    await page.unroute("**/api/me");
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page).toHaveURL(myArea.home);
  });

  test("signs out, without looping, when the API refuses the session", async ({ page }) => {
    let meCalls = 0;
    await page.route("**/api/me", (route) => {
      meCalls++;
      return route.fulfill({
        status: 401,
        json: { error: { code: "unauthorized", message: "Invalid or expired sign-in" } },
      });
    });
    await page.goto("/login");
    await submitSignIn(page, demoUsers.active.email);
    await expect(page).toHaveURL(`${e2eOrigin}/login?target=%2Flogin`);
    await expect(page.getByRole("status")).toHaveText(
      "Your session has ended. Please sign in again.",
    );
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled();
    await page.waitForTimeout(500);
    expect(meCalls).toBe(1);
  });
});

test.describe("Continue with Google", () => {
  test.beforeEach(async ({ context }) => {
    await stubGoogleApi(context);
  });

  test("signs in through the emulator's Google popup; a new account starts at onboarding", async ({
    page,
  }) => {
    await page.goto("/login");
    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    const popup = await popupOpened;
    await expect(page.getByRole("button", { name: "Waiting for Google…" })).toBeDisabled();
    await popup.getByText("Add new account").click();
    await popup.locator("#email-input").fill(`google-${Date.now()}@example.com`);
    await popup.locator("#sign-in").click();
    await expect(page).toHaveURL(myArea.onboarding);
  });

  test("says so when the popup is closed before signing in", async ({ page }) => {
    await page.goto("/login");
    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await (await popupOpened).close();
    await expect(errorRegion(page)).toContainText("The Google window was closed", {
      timeout: 15_000,
    });
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
  });
});
