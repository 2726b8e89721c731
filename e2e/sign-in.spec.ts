import { pageNotFoundPath } from "@bakery/shared/api-contract";
import { ACCOUNT_SET_UP_KEY } from "@bakery/web/sign-in-memory";
import type { Page, Request } from "@playwright/test";
import {
  e2eAuthEmulatorOrigin,
  e2eOrigin,
  e2eSiteEnv,
  PHONE_USER_AGENT,
} from "./support/e2e-env.ts";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { holdRequests } from "./support/gate.ts";
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

const errorRegion = (page: Page) => page.getByRole("alert");
// Its live region is in the page from the start, as is, until the app runs, the long-wait note's.
const sessionEndedNotice = (page: Page) =>
  page.getByRole("status").getByText("Your session has ended. Please sign in again.");

// The end of a sign-in is a chain of page loads (the emulator's answer, the account read, the
// target's own forwarding), which on 2 busy cores can take longer than an assertion's 5 s.
// Arrivals after a sign-in are awaited as navigations (page.waitForURL, the test's timeout),
// as signInAndReturnTo does; what follows on the same page is asserted as usual.

test.describe("after sign-in, each profile status goes where spec §4 says", () => {
  for (const [status, destination] of [
    ["pending", myArea.onboarding],
    ["quote", myArea.onboarding],
    ["active", myArea.home],
  ] as const) {
    test(`${status} → ${destination}`, async ({ page }) => {
      await page.goto("/login");
      await submitSignIn(page, demoUsers[status].email);
      await page.waitForURL(destination);
    });
  }
});

test("a profile still being set up can read the legal pages, and sign out there", async ({
  page,
  isMobile,
}) => {
  await page.goto("/login");
  await submitSignIn(page, demoUsers.pending.email);
  await page.waitForURL(myArea.onboarding);
  // Onboarding may ask them to accept the terms: the terms stay, signed in.
  await page.goto("/terms-of-service");
  await expect(page.locator("html")).toHaveAttribute("data-account-settled", "stay");
  await expect(page).toHaveURL(`${e2eOrigin}/terms-of-service`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");

  const menu = isMobile
    ? page.getByRole("dialog", { name: "Account menu" })
    : page.getByRole("navigation", { name: "Account" });
  if (isMobile)
    await page.getByRole("banner").getByRole("button", { name: "Account menu" }).click();
  await expect(menu.getByRole("link", { name: "Onboarding" })).toHaveAttribute(
    "href",
    myArea.onboarding,
  );
  await menu.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("navigation", { name: "Account" })).toHaveCount(0);
  // Signed out, no page sends them to onboarding any more.
  await page.goto("/pricing");
  await page.waitForLoadState("networkidle");
  await expect(page).toHaveURL(`${e2eOrigin}/pricing`);
});

test.describe("the target parameter", () => {
  test("a same-origin path is followed, query and all", async ({ page }) => {
    await page.goto(`/login?target=${encodeURIComponent("/pricing?x=1")}`);
    await submitSignIn(page, demoUsers.active.email);
    await page.waitForURL(`${e2eOrigin}/pricing?x=1`);
    // Signed in on a page other than / or /login, with no target: the session settles on "stay".
    await expect(page.locator("html")).toHaveAttribute("data-account-settled", "stay");
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
      await page.waitForURL(myArea.home);
      expect(dialogs).toEqual([]);
    });
  }

  test("a profile still being set up goes to onboarding, not to the target", async ({ page }) => {
    await page.goto(`/login?target=${encodeURIComponent("/pricing")}`);
    await submitSignIn(page, demoUsers.quote.email);
    await page.waitForURL(myArea.onboarding);
  });

  test("a signed-in user opening / goes to my-area home", async ({ page }) => {
    await signInAndReturnTo(page, "/pricing");
    await page.goto("/");
    await page.waitForURL(myArea.home);
  });
});

test.describe("the way back", () => {
  test("Back after signing in goes to the page before /login", async ({ page }) => {
    await page.goto("/pricing");
    await page.goto(`/login?target=${encodeURIComponent("/book-demo")}`);
    await submitSignIn(page, demoUsers.active.email);
    await page.waitForURL(`${e2eOrigin}/book-demo`);
    await page.goBack();
    await expect(page).toHaveURL(`${e2eOrigin}/pricing`);
    await expect(page.locator("html")).toHaveAttribute("data-account-settled", "stay");
    await expect(page).toHaveURL(`${e2eOrigin}/pricing`);
  });

  test("Back from my area after signing in on / shows / and does not send the visitor on again", async ({
    page,
  }) => {
    await page.goto("/pricing");
    await page.goto("/");
    await page.goto("/login");
    await submitSignIn(page, demoUsers.active.email);
    await page.waitForURL(myArea.home);
    await page.goBack();
    await expect(page).toHaveURL(`${e2eOrigin}/`);
    await expect(page.locator("html")).toHaveAttribute("data-account-settled", "stay");
    await expect(page).toHaveURL(`${e2eOrigin}/`);
    await page.goBack();
    await expect(page).toHaveURL(`${e2eOrigin}/pricing`);
  });

  test("Back to the login page while signed in offers the way on instead of taking it", async ({
    page,
  }) => {
    await page.goto("/login");
    await signInAndReturnTo(page, "/pricing");
    await page.goBack();
    await expect(page).toHaveURL(`${e2eOrigin}/login`);
    await expect(page.locator("html")).toHaveAttribute("data-account-settled", "stay");
    const onward = page.getByRole("link", { name: "Go to your account" });
    await expect(onward).toHaveAttribute("href", myArea.home);
    await expect(page).toHaveURL(`${e2eOrigin}/login`);
    await onward.click();
    await expect(page).toHaveURL(myArea.home);
  });

  test("a profile being set up that follows a link from its onboarding to the site sees the page it asked for", async ({
    page,
  }) => {
    await page.goto("/login");
    await submitSignIn(page, demoUsers.pending.email);
    await page.waitForURL(myArea.onboarding);
    // The onboarding page links back to the site (a real link: the browser names the referrer;
    // the policy lets it do so from https to this test's http site, as https to https would).
    await page.route(myArea.onboarding, (route) =>
      route.fulfill({
        contentType: "text/html",
        headers: { "Referrer-Policy": "unsafe-url" },
        body: `<!doctype html><title>Onboarding</title><a href="${e2eOrigin}/pricing">See pricing</a>`,
      }),
    );
    await page.reload();
    await page.getByRole("link", { name: "See pricing" }).click();
    await expect(page).toHaveURL(`${e2eOrigin}/pricing`);
    await expect(page.locator("html")).toHaveAttribute("data-account-settled", "stay");
    await expect(page).toHaveURL(`${e2eOrigin}/pricing`);
    // One onboarding in the history, not one more for each visit to the site.
    await page.goBack();
    await expect(page).toHaveURL(myArea.onboarding);
    await page.goBack();
    await expect(page).not.toHaveURL(myArea.onboarding);
  });

  test("Back to a link's page that a profile being set up had left opens the link rather than waiting", async ({
    page,
  }) => {
    // Signed out, the link's page could not reach the API, and stays in the history.
    await page.route("**/api/redirect/**", (route) => route.abort("internetdisconnected"), {
      times: 1,
    });
    await page.goto("/to/account/billing");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("unavailable");
    await page.goto("/login");
    await submitSignIn(page, demoUsers.quote.email);
    await page.waitForURL(myArea.onboarding);
    await page.goBack();
    await expect(page).toHaveURL(`${e2eOrigin}/to/account/billing`);
    // Not sent on again (it was reached with Back): the page does its own job and opens the link.
    await page.waitForURL(`${e2eSiteEnv.MY_AREA_URL}/billing`);
  });

  test("Back from the sign-in a link asked for goes to the page before the link", async ({
    page,
  }) => {
    await page.goto("/pricing");
    await page.goto("/to/account/billing");
    await expect(page).toHaveURL(`${e2eOrigin}/login?target=%2Fto%2Faccount%2Fbilling`);
    // The page says why it asks.
    await expect(page.getByText("This link is for customers. Sign in to open it.")).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(`${e2eOrigin}/pricing`);
  });
});

test.describe("a profile status this site doesn't know yet", () => {
  const archivedMe = {
    user: { uid: "archived-user", email: demoUsers.active.email, profile: { status: "archived" } },
  };

  test("still takes the visitor to their target", async ({ page }) => {
    await page.route("**/api/me", (route) => route.fulfill({ json: archivedMe }));
    await page.goto(`/login?target=${encodeURIComponent("/pricing")}`);
    await submitSignIn(page, demoUsers.active.email);
    await page.waitForURL(`${e2eOrigin}/pricing`);
    await expect(page.locator("html")).toHaveAttribute("data-account-settled", "stay");
  });

  test("at /login without a target goes to my-area home, and is logged once", async ({ page }) => {
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning" && message.text().includes("archived"))
        warnings.push(message.text());
    });
    await page.route("**/api/me", (route) => route.fulfill({ json: archivedMe }));
    await page.goto("/login");
    await submitSignIn(page, demoUsers.active.email);
    await page.waitForURL(myArea.home);
    expect(warnings).toHaveLength(1);
  });
});

test.describe("a link behind sign-in for a profile still being set up", () => {
  for (const status of ["pending", "quote"] as const) {
    test(`a signed-in ${status} profile opening the link goes to onboarding`, async ({ page }) => {
      await page.goto("/login");
      await submitSignIn(page, demoUsers[status].email);
      await page.waitForURL(myArea.onboarding);
      const linkRequests: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/api/redirect/")) linkRequests.push(request.url());
      });
      await page.goto("/to/account/billing");
      // The link's page restores the session before it sends the visitor on: wait for the
      // arrival, as for any link behind sign-in (api-with-sign-in.spec.ts).
      await page.waitForURL(myArea.onboarding);
      // The link itself is never asked for (nor counted): onboarding comes first.
      expect(linkRequests).toEqual([]);
    });

    test(`a ${status} profile signing in for the link goes to onboarding`, async ({ page }) => {
      await page.goto("/to/account/billing");
      await expect(page).toHaveURL(`${e2eOrigin}/login?target=%2Fto%2Faccount%2Fbilling`);
      await submitSignIn(page, demoUsers[status].email);
      await page.waitForURL(myArea.onboarding);
    });
  }
});

test.describe("a link opened by a customer this browser last saw set up", () => {
  test("is asked for while the session asks who they are, and opens", async ({ page }) => {
    await signInAndReturnTo(page, "/pricing");
    const linkAsked = page.waitForRequest((request) =>
      request.url().includes("/api/redirect/account/billing"),
    );
    // The session's question gets no answer until the link has been asked for; a page that
    // asked for the link only after that answer would ask once the question had timed out.
    const releaseMe = await holdRequests(page, "**/api/me");
    let meSettled = false;
    const settleMe = (request: Request) => {
      if (new URL(request.url()).pathname === "/api/me") meSettled = true;
    };
    page.on("requestfinished", settleMe);
    page.on("requestfailed", settleMe);
    await page.goto("/to/account/billing", { waitUntil: "commit" });
    await linkAsked;
    expect(meSettled).toBe(false);
    releaseMe();
    await page.waitForURL(`${e2eSiteEnv.MY_AREA_URL}/billing`);
  });

  for (const status of ["pending", "quote"] as const) {
    test(`whose ${status} profile has since gone back to being set up goes to onboarding`, async ({
      page,
    }) => {
      await page.goto("/login");
      await submitSignIn(page, demoUsers[status].email);
      await page.waitForURL(myArea.onboarding);
      // As if this browser had last read the account when it was set up, and an operator
      // has since set it back: the link's page asks for the link at once.
      await page.addInitScript((key) => localStorage.setItem(key, "1"), ACCOUNT_SET_UP_KEY);
      // The session's answer is held until the link's has arrived: the page must wait for it.
      const releaseMe = await holdRequests(page, "**/api/me");
      page.on("requestfinished", (request) => {
        if (request.url().includes("/api/redirect/")) releaseMe();
      });
      const visited: string[] = [];
      page.on("framenavigated", (frame) => {
        if (frame === page.mainFrame()) visited.push(frame.url());
      });
      await page.goto("/to/account/billing");
      // The session's answer still comes first: onboarding, never the link's target.
      await page.waitForURL(myArea.onboarding);
      expect(visited.filter((url) => url.startsWith(e2eSiteEnv.MY_AREA_URL))).toEqual([
        myArea.onboarding,
      ]);
    });
  }
});

test.describe("when the session can't be kept", () => {
  test("an expired session says so and asks to sign in again, back to the page", async ({
    page,
  }) => {
    await signInAndReturnTo(page, "/pricing");
    // As if an hour had passed: the stored ID token is out of date, and the identity
    // service refuses to renew it (the refresh token was revoked). Refused first, and the
    // storage changed from a page of the site that runs no identity code: a page still
    // running it would see the change and could renew the token, or write its own copy
    // back, before the link is opened.
    await page.route("**/securetoken.googleapis.com/**", (route) =>
      route.fulfill({ status: 400, json: { error: { code: 400, message: "TOKEN_EXPIRED" } } }),
    );
    await page.goto(pageNotFoundPath);
    await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open("firebaseLocalStorageDb");
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const store = db
        .transaction("firebaseLocalStorage", "readwrite")
        .objectStore("firebaseLocalStorage");
      const entries = await new Promise<
        Array<{ fbase_key: string; value: { stsTokenManager: { expirationTime: number } } }>
      >((resolve) => {
        const all = store.getAll();
        all.onsuccess = () => resolve(all.result);
      });
      for (const entry of entries) {
        if (!entry.fbase_key.startsWith("firebase:authUser:")) continue;
        entry.value.stsTokenManager.expirationTime = Date.now() - 60_000;
        store.put(entry);
      }
      await new Promise((resolve) => {
        store.transaction.oncomplete = resolve;
      });
    });
    await page.goto("/to/account/billing");
    await expect(page).toHaveURL(`${e2eOrigin}/login?target=%2Fto%2Faccount%2Fbilling`);
    await expect(sessionEndedNotice(page)).toBeVisible();
  });

  test("with site storage blocked, the login page explains why sign-in won't stick", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      for (const name of ["localStorage", "sessionStorage", "indexedDB"]) {
        Object.defineProperty(window, name, {
          get() {
            throw new DOMException("Access is denied for this document.", "SecurityError");
          },
        });
      }
    });
    await page.goto("/to/account/billing");
    await expect(page).toHaveURL(`${e2eOrigin}/login?target=%2Fto%2Faccount%2Fbilling`);
    await expect(page.getByRole("main")).toContainText("we can't keep you signed in");
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
    // Named only as a module file the page preloads with the app's own (decision 10).
    const appModules = /<template data-app-modules>.*?<\/template>/.exec(html)?.[0] ?? "";
    expect(appModules).toMatch(
      /<link fetchpriority="low" rel="modulepreload" href="\/assets\/firebase-auth-session-[\w-]+\.js"\/>/,
    );
    expect(html.replace(appModules, "")).not.toContain("firebase");
    expect(html).not.toContain('aria-label="Account"');
    // The connection to the identity service opens while the page loads, not at the sign-in.
    expect(html).toContain(
      `<link rel="preconnect" href="${e2eAuthEmulatorOrigin}" crossorigin="anonymous"/>`,
    );
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
    await page.waitForURL(myArea.home);
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

  test("says sign-in couldn't load when its code never arrives, and tries again", async ({
    page,
  }) => {
    // The identity SDK's chunk hangs until the test lets it go.
    const release = await holdRequests(page, "**/assets/firebase-auth-session-*.js");
    await expectStalledSignInEndsAndWorksOnRetry(page, release);
  });

  test.describe("on a phone", () => {
    test.use({ userAgent: PHONE_USER_AGENT });

    test("signs in with a password at once while Google's sign-in helper stalls", async ({
      context,
      page,
    }) => {
      // On phones the SDK prepares Google's popup as the page starts and, on the instance
      // that holds it, waits for Google's script before anything else: here it never comes.
      await stubGoogleApi(context);
      await holdRequests(page, "https://apis.google.com/js/api.js*", "fallback");
      const googleAsked = page.waitForRequest("https://apis.google.com/js/api.js*");
      await page.goto("/login");
      await googleAsked;
      await submitSignIn(page, demoUsers.active.email);
      await page.waitForURL(myArea.home);
    });
  });

  test("shows that it is busy, and takes no second click, while signing in", async ({ page }) => {
    await page.goto("/login");
    const release = await holdRequests(page, passwordSignInCall);
    await submitSignIn(page, demoUsers.active.email);
    const busyButton = page.getByRole("button", { name: "Signing in…" });
    await expect(busyButton).toBeDisabled();
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Forgot password?" })).toBeDisabled();
    release();
    await page.waitForURL(myArea.home);
  });

  test("keeps the keyboard's focus on Sign in while busy, sends once, then shows the error with a visible focus", async ({
    page,
  }) => {
    await page.goto("/login");
    let signInCalls = 0;
    page.on("request", (request) => {
      if (request.url().includes("accounts:signInWithPassword")) signInCalls++;
    });
    const release = await holdRequests(page, passwordSignInCall);
    await page.getByLabel("Email", { exact: true }).fill(demoUsers.active.email);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).focus();
    await page.keyboard.press("Enter");
    const busyButton = page.getByRole("button", { name: "Signing in…" });
    await expect(busyButton).toBeFocused();
    await expect(busyButton).toBeDisabled();
    await expect(page.getByRole("button", { name: "Forgot password?" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeDisabled();
    // Pressed again while busy, it sends nothing more.
    await page.keyboard.press("Enter");
    await expect(busyButton).toBeFocused();
    release();
    await expect(errorRegion(page)).toContainText("That password is incorrect");
    await expect(errorRegion(page)).toBeFocused();
    await expect(errorRegion(page)).toHaveCSS("outline-style", "solid");
    expect(signInCalls).toBe(1);
  });

  test("keeps the keyboard's focus on Forgot password? while it sends, and announces the email sent", async ({
    page,
  }) => {
    await page.goto("/login");
    const release = await holdRequests(
      page,
      "**/identitytoolkit.googleapis.com/v1/accounts:sendOobCode**",
    );
    await page.getByLabel("Email", { exact: true }).fill(demoUsers.pending.email);
    // The notice's live region is in the page, empty, before it has anything to say.
    const notice = page.getByRole("main").getByRole("status");
    await expect(notice).toHaveAttribute("aria-live", "polite");
    expect(await notice.ariaSnapshot()).toBe("- status");
    const regionBefore = await notice.elementHandle();

    const forgot = page.getByRole("button", { name: "Forgot password?" });
    await forgot.focus();
    await page.keyboard.press("Enter");
    const sending = page.getByRole("button", { name: "Sending reset email…" });
    await expect(sending).toBeFocused();
    await expect(sending).toBeDisabled();
    release();
    await expect(notice).toHaveText(
      `If an account uses ${demoUsers.pending.email}, we've sent it a link to reset the password. Check your inbox (and spam folder).`,
    );
    expect(await notice.evaluate((now, before) => now === before, regionBefore)).toBe(true);
    await expect(forgot).toBeFocused();
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
      await request.get(`${e2eAuthEmulatorOrigin}/emulator/v1/projects/demo-bakery/oobCodes`)
    ).json();
    expect(sent.oobCodes).toContainEqual(
      expect.objectContaining({ email: demoUsers.pending.email, requestType: "PASSWORD_RESET" }),
    );
  });
});

test.describe("while signed in, the login page", () => {
  test("shows who is signed in and can sign out", async ({ page }) => {
    await page.goto("/login");
    const releaseMe = await holdRequests(page, "**/api/me");
    await submitSignIn(page, demoUsers.active.email);
    // Wide screens also show the account column, with its own copy of both.
    const main = page.getByRole("main");
    await expect(main.getByText(demoUsers.active.email)).toBeVisible();
    await expect(main.getByRole("status")).toHaveText("Opening your account…");
    await main.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled();
    await expect(page.getByLabel("Email", { exact: true })).toBeFocused();
    releaseMe();
    // The answer for the user who left is ignored: the page stays.
    await expect(page.locator("html")).toHaveAttribute("data-account-settled", "ignored");
    await expect(page).toHaveURL(`${e2eOrigin}/login`);
  });

  test("an account the server never opens ends in a message with Try again", async ({ page }) => {
    await page.clock.install();
    await page.goto("/login");
    await page.route("**/api/me", () => {});
    const meSent = page.waitForRequest("**/api/me");
    await submitSignIn(page, demoUsers.active.email);
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Opening your account…");
    await meSent;
    await page.clock.fastForward(16_000);
    await expect(errorRegion(page)).toContainText("taking too long");
    await page.unroute("**/api/me");
    await page.getByRole("button", { name: "Try again" }).click();
    await page.waitForURL(myArea.home);
  });

  test("offers a retry when the API can't be reached after sign-in", async ({ page }) => {
    await page.goto("/login");
    await page.route("**/api/me", (route) => route.abort("internetdisconnected"));
    await submitSignIn(page, demoUsers.active.email);
    await expect(errorRegion(page)).toContainText("couldn't reach our server");
    await page.unroute("**/api/me");
    await page.getByRole("button", { name: "Try again" }).click();
    await page.waitForURL(myArea.home);
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
    await page.waitForURL(`${e2eOrigin}/login?target=%2Flogin`);
    await expect(sessionEndedNotice(page)).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled();
    // The page that says so has settled: the SDK reports no user, so nothing asks /me again.
    await expect(sessionEndedNotice(page)).toBeVisible();
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
    await page.waitForURL(myArea.onboarding);
  });

  test("says it didn't work when Google's script stalls, keeps the password way open, and works once it comes", async ({
    page,
  }) => {
    const release = await holdRequests(page, "https://apis.google.com/js/api.js*", "fallback");
    await page.clock.install();
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page.getByRole("button", { name: "Waiting for Google…" })).toBeDisabled();
    await page.clock.fastForward(15_000);
    await expect(errorRegion(page)).toContainText(
      "Google sign-in didn't work this time. Try again in a moment, or sign in with your email and password.",
    );
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled();

    release();
    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect((await popupOpened).getByText("Add new account")).toBeVisible();
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

/**
 * Sign-in submitted while something it waits for hangs (`release` lets it go): after 20 s the
 * form says sign-in couldn't load, with the focus on that message, and once the wait is over a
 * second try signs in.
 */
async function expectStalledSignInEndsAndWorksOnRetry(page: Page, release: () => void) {
  await page.clock.install();
  await page.goto("/login");
  await submitSignIn(page, demoUsers.active.email);
  await expect(page.getByRole("button", { name: "Signing in…" })).toBeDisabled();

  await page.clock.fastForward(20_000);
  await expect(errorRegion(page)).toContainText("Sign-in couldn't load");
  await expect(errorRegion(page)).toBeFocused();

  release();
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(myArea.home);
}
