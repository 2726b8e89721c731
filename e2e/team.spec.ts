import { DEMO_USERS } from "@bakery/api/demo-data";
import { activityPageSchema } from "@bakery/shared/admin-activity-contract";
import { teamSchema } from "@bakery/shared/admin-team-contract";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { operatorToken } from "./support/funnel-report.ts";
import {
  DEMO_PASSWORD,
  demoUsers,
  myArea,
  signInAndReturnTo,
  stubMyArea,
} from "./support/sign-in.ts";
import { idTokenOf, newAccount, signInFirstTime, verifyAddress } from "./support/team-accounts.ts";

// Issue 41: operators give the operator role to a colleague by e-mail, and take it away, at
// /dashboard/team. Both projects share one server and its database, and other specs work as
// the demo operator meanwhile: every colleague here is an account of this test's own.

const operator = DEMO_USERS.find((user) => user.role === "operator");
if (!operator) throw new Error("The demo data has no operator account");

/** GET /api/admin/team as the holder of `token`: its status, and the operators. */
async function readTeam(request: APIRequestContext, token: string) {
  const response = await request.get("/api/admin/team", {
    headers: { Authorization: `Bearer ${token}` },
  });
  const members = response.ok() ? teamSchema.parse(await response.json()).operators : [];
  return { status: response.status(), members, emails: members.map((member) => member.email) };
}

/** A colleague who has signed in once and verified their address: ready for the role. */
async function verifiedColleague(page: Page, name: string) {
  const colleague = await newAccount(page.request, name);
  await verifyAddress(page.request, colleague.uid);
  await signInFirstTime(page, colleague.email);
  return colleague;
}

const operators = (page: Page) => page.getByRole("region", { name: /^Operators/ });
const row = (page: Page, email: string) =>
  operators(page).getByRole("listitem").filter({ hasText: email });
const emailField = (page: Page) => page.getByLabel("Colleague's e-mail address");

async function openTeam(page: Page, email = operator?.email) {
  await signInAndReturnTo(page, "/dashboard/team", email);
  await expect(operators(page)).toBeVisible({ timeout: 20_000 });
}

/** No page-level sideways scroll: everything fits the viewport's width. */
async function expectNoPageScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.beforeEach(async ({ page }) => {
  await stubMyArea(page);
});

test("an operator gives a verified colleague the role, who then opens the dashboard; taken away, their API calls are refused; the activity log names who did both", async ({
  page,
  browser,
  request,
}) => {
  // Two accounts' sign-ins, CLI runs, and page loads for each of them.
  test.slow();
  const colleaguePage = await (await browser.newContext()).newPage();
  await stubMyArea(colleaguePage);
  const colleague = await verifiedColleague(colleaguePage, "colleague");

  await openTeam(page);
  await expect(row(page, operator.email)).toContainText("(you)");
  await emailField(page).fill(colleague.email);
  await page.getByRole("button", { name: "Add as operator" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `${colleague.email} is now an operator` }),
  ).toBeVisible();
  await expect(row(page, colleague.email)).toContainText("Operator since");
  await expect(emailField(page)).toHaveValue("");

  await colleaguePage.goto("/dashboard");
  await expect(colleaguePage.getByRole("table", { name: /^Funnel by campaign/ })).toBeVisible({
    timeout: 20_000,
  });
  const colleagueToken = await idTokenOf(request, colleague.email);
  expect((await readTeam(request, colleagueToken)).status).toBe(200);

  await row(page, colleague.email)
    .getByRole("button", { name: `Remove ${colleague.email}` })
    .click();
  const dialog = page.getByRole("dialog", { name: `Remove ${colleague.email}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: `Remove ${colleague.email}` }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole("status").filter({ hasText: `${colleague.email} is no longer an operator` }),
  ).toBeVisible();
  await expect(row(page, colleague.email)).toHaveCount(0);
  // The row that opened the question is gone: focus goes to the list's heading.
  await expect(page.getByRole("heading", { name: /^Operators/ })).toBeFocused();

  expect((await readTeam(request, colleagueToken)).status).toBe(403);
  const write = await request.post("/api/admin/team", {
    headers: { Authorization: `Bearer ${colleagueToken}` },
    data: { email: colleague.email },
  });
  expect(write.status()).toBe(403);

  for (const [kind, name] of [
    ["operator.granted", "Operator added"],
    ["operator.revoked", "Operator removed"],
  ] as const) {
    await page.goto(`/dashboard/activity?kind=${kind}`);
    const entry = page.getByRole("listitem").filter({
      has: page.getByRole("heading", { name: `${name}: ${colleague.email}` }),
    });
    await expect(entry).toContainText(`by ${operator.email}`, { timeout: 20_000 });
  }
  await colleaguePage.context().close();
});

test("an address nobody verified is refused in words at the field, and nothing changes", async ({
  page,
  request,
}) => {
  const unverified = await newAccount(request, "unverified");
  await openTeam(page);

  // A typo is caught before anything is sent.
  await emailField(page).fill("not-an-address");
  await page.getByRole("button", { name: "Add as operator" }).click();
  await expect(emailField(page)).toHaveAccessibleDescription(/Must be an e-mail address/);

  await emailField(page).fill(unverified.email);
  await page.getByRole("button", { name: "Add as operator" }).click();
  await expect(emailField(page)).toHaveAttribute("aria-invalid", "true");
  await expect(emailField(page)).toHaveAccessibleDescription(
    new RegExp(`${unverified.email} is not verified yet`),
  );
  await expect(emailField(page)).toBeFocused();
  await expect(row(page, unverified.email)).toHaveCount(0);
  expect((await readTeam(request, await operatorToken(request))).emails).not.toContain(
    unverified.email,
  );

  // An address no account has is refused too, in words.
  const nobody = `nobody-${Date.now().toString(36)}@example.com`;
  await emailField(page).fill(nobody);
  await expect(emailField(page)).not.toHaveAttribute("aria-invalid");
  await page.getByRole("button", { name: "Add as operator" }).click();
  await expect(emailField(page)).toHaveAttribute("aria-invalid", "true");
  await expect(emailField(page)).toHaveAccessibleDescription(
    new RegExp(`There is no account with the address ${nobody}`),
  );
  expect((await readTeam(request, await operatorToken(request))).emails).not.toContain(nobody);
});

test("a colleague without an account is invited with a link; once they choose a password with it, they are added", async ({
  page,
  context,
  request,
}) => {
  test.slow();
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const email = `invited-${test.info().project.name}-${Date.now().toString(36)}@example.com`;
  await openTeam(page);
  await emailField(page).fill(email);
  await page.getByRole("button", { name: "Add as operator" }).click();
  await expect(emailField(page)).toHaveAccessibleDescription(
    new RegExp(`no account with the address ${email} yet. Make an invitation link`),
  );

  await page.getByRole("button", { name: `Make an invitation link for ${email}` }).click();
  const link = page.getByRole("textbox", { name: `Invitation link for ${email}` });
  await expect(link).toBeFocused();
  await expect(link).toHaveAccessibleDescription(/has an account now, with no password yet/);
  const address = await link.inputValue();
  expect(new URL(address).searchParams.get("mode")).toBe("resetPassword");
  await page.getByRole("button", { name: "Copy the invitation link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await expectNoSeriousA11yViolations(page);

  // Not yet: the address is the colleague's only once they have used the link. Until then a
  // new link can be made (the first one lost, say), and it is the one they use.
  await page.getByRole("button", { name: "Add as operator" }).click();
  await expect(emailField(page)).toHaveAccessibleDescription(
    new RegExp(`${email} was invited but has not chosen a password yet`),
  );
  await page.getByRole("button", { name: `Make an invitation link for ${email}` }).click();
  const renewed = page.getByRole("textbox", { name: `Invitation link for ${email}` });
  await expect(renewed).not.toHaveValue(address);
  await expect(renewed).toBeFocused();
  const newAddress = await renewed.inputValue();

  // The colleague follows it: the Auth emulator's page takes the new password in the address.
  const chosen = await request.get(
    `${newAddress}&newPassword=${encodeURIComponent(DEMO_PASSWORD)}`,
  );
  expect(chosen.status()).toBe(200);

  await page.getByRole("button", { name: "Add as operator" }).click();
  await expect(row(page, email)).toBeVisible();
  const asColleague = await readTeam(request, await idTokenOf(request, email));
  expect(asColleague.status).toBe(200);
  expect(asColleague.emails).toContain(email);

  const invited = await request.get("/api/admin/activity?kind=operator.invited", {
    headers: { Authorization: `Bearer ${await operatorToken(request)}` },
  });
  const entries = activityPageSchema.parse(await invited.json()).entries;
  const entry = entries.find((candidate) => candidate.subject === email);
  expect(entry?.actor.name).toBe(operator.email);
  expect(JSON.stringify(entry)).not.toContain(new URL(address).searchParams.get("oobCode"));
});

test("a colleague who removes themselves is told the back office is closed to them, with a way on", async ({
  page,
  request,
}) => {
  test.slow();
  const colleague = await verifiedColleague(page, "leaver");
  const granted = await request.post("/api/admin/team", {
    headers: { Authorization: `Bearer ${await operatorToken(request)}` },
    data: { email: colleague.email },
  });
  expect(granted.ok()).toBe(true);

  await page.goto("/dashboard/team");
  await expect(operators(page)).toBeVisible({ timeout: 20_000 });
  const own = row(page, colleague.email);
  await expect(own).toContainText("(you)");
  await own.getByRole("button", { name: `Remove yourself, ${colleague.email}` }).click();
  const dialog = page.getByRole("dialog", { name: "Remove yourself from the team?" });
  await dialog.getByRole("button", { name: "Remove myself" }).click();

  const gone = page.getByRole("heading", { name: "You are no longer on the team" });
  await expect(gone).toBeFocused();
  await expect(page.getByRole("link", { name: "Go to your account" })).toHaveAttribute(
    "href",
    myArea.home,
  );
  await expect(page.getByRole("link", { name: "Go to the home page" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add as operator" })).toHaveCount(0);

  await page.reload();
  await expect(page.getByText("This page is for the Rise team.")).toBeVisible();
  expect((await readTeam(request, await idTokenOf(request, colleague.email))).status).toBe(403);
});

test("the last operator removing themselves is shown the API's refusal, and stays", async ({
  page,
}) => {
  // The e2e server's database is shared with specs that run meanwhile as the demo operator,
  // so no test here may leave it without other operators. The rule itself (409, and a
  // concurrent mutual removal leaving one) is tested on a real database in
  // apps/api/src/team/team.integration.test.ts; here, the page's handling of that answer.
  // The API's words (apps/api/src/team/team-routes.ts).
  const refusal =
    "You are the last operator: without you no one could open the back office or give the role back. Give the role to a colleague first, then remove yourself.";
  await page.route("**/api/admin/team/*", (route) =>
    route.request().method() === "DELETE"
      ? route.fulfill({
          status: 409,
          contentType: "application/json",
          body: JSON.stringify({ error: { code: "conflict", message: refusal } }),
        })
      : route.fallback(),
  );
  await openTeam(page);
  await row(page, operator.email)
    .getByRole("button", { name: `Remove yourself, ${operator.email}` })
    .click();
  const dialog = page.getByRole("dialog", { name: "Remove yourself from the team?" });
  await dialog.getByRole("button", { name: "Remove myself" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(refusal);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(row(page, operator.email)).toBeVisible();
});

test("the team page works by keyboard alone, fits the screen, and has no serious accessibility violations", async ({
  page,
}) => {
  await openTeam(page);
  await expectNoPageScroll(page);
  await expectNoSeriousA11yViolations(page);

  // Add: the field, then Enter sends it (an empty one is said to need an address).
  await emailField(page).focus();
  await page.keyboard.press("Enter");
  await expect(emailField(page)).toHaveAccessibleDescription(/Enter your colleague's e-mail/);
  await expect(emailField(page)).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  // Remove: Tab reaches the button; Enter asks; Escape closes and gives focus back.
  const remove = row(page, operator.email).getByRole("button", { name: /^Remove yourself/ });
  await remove.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Remove yourself from the team?" });
  await expect(dialog.getByRole("button", { name: "Remove myself" })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
  await expect(row(page, operator.email)).toBeVisible();
});

test("a signed-in customer sees none of the team's controls, and the API refuses their writes", async ({
  page,
  request,
}) => {
  const admin: string[] = [];
  page.on("request", (sent) => {
    if (new URL(sent.url()).pathname.startsWith("/api/admin/")) admin.push(sent.url());
  });
  await signInAndReturnTo(page, "/dashboard/team", demoUsers.active.email);
  await expect(page.getByText("This page is for the Rise team.")).toBeVisible();
  await expect(page.locator("meta[name=robots]")).toHaveAttribute("content", "noindex");
  await expect(emailField(page)).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^(Remove|Add)/ })).toHaveCount(0);
  expect(admin).toEqual([]);

  const token = await idTokenOf(request, demoUsers.active.email);
  const headers = { Authorization: `Bearer ${token}` };
  const grant = await request.post("/api/admin/team", {
    headers,
    data: { email: demoUsers.active.email },
  });
  expect(grant.status()).toBe(403);
  const team = await readTeam(request, await operatorToken(request));
  const demoOperator = team.members.find((member) => member.email === operator.email);
  expect(demoOperator).toBeDefined();
  const revoke = await request.delete(`/api/admin/team/${demoOperator?.uid}`, { headers });
  expect(revoke.status()).toBe(403);
});
