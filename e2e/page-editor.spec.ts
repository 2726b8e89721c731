import { DEMO_USERS } from "@bakery/api/demo-data";
import { type AdminPage, pageRevisionListSchema } from "@bakery/shared/admin-pages-contract";
import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { putBack, readPage } from "./support/admin-pages.ts";
import { e2eOrigin } from "./support/e2e-env.ts";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { operatorToken } from "./support/funnel-report.ts";
import { withPrivacyPolicy } from "./support/privacy-policy-lock.ts";
import { demoUsers, signInAndReturnTo, stubMyArea } from "./support/sign-in.ts";

// Issue 41: operators edit the content pages from /dashboard/pages, with a live preview,
// history, rename and delete; visitors read the change within the cache window.

const operator = DEMO_USERS.find((user) => user.role === "operator");
if (!operator) throw new Error("The demo data has no operator account");

/** How long visitors may be shown a page's older copy: the API's max-age (README, "Editing a page"). */
const CACHE_WINDOW_MS = 60_000;

/** A name of this test's own, so the two projects and repeated runs never share one. */
const unique = (name: string) => `${name}-${test.info().project.name}-${Date.now().toString(36)}`;

/** Fails the test on any dialog the page opens (an alert() that ran, a beforeunload). */
function refuseDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

/** The page's sideways scroll, in pixels: 0 when it fits the screen. */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A visitor's copy of `path`, read afresh (a new page load) until it holds `expected`. */
async function expectVisitorsToRead(visit: Page, path: string, text: string, present: boolean) {
  const content = visit.getByTestId("content-html");
  await expect(async () => {
    await visit.goto(path);
    if (present) await expect(content).toContainText(text, { timeout: 5_000 });
    else await expect(content).not.toContainText(text, { timeout: 5_000 });
  }).toPass({ timeout: CACHE_WINDOW_MS + 10_000 });
}

const sourceField = (page: Page) => page.getByLabel("Text", { exact: true });
const preview = (page: Page) => page.getByTestId("page-preview");

test.beforeEach(async ({ page }) => {
  await stubMyArea(page);
});

test("an operator edits the privacy policy: the preview and the public page show the text and run nothing; a restored version is what visitors then read", async ({
  page,
  browser,
  request,
  isMobile,
}) => {
  // Sign-in, a save, a restore, two pages read by a visitor, the activity and four axe runs.
  test.setTimeout(180_000);
  await withPrivacyPolicy(async () => {
    const original = await readPage(request, "privacy-policy");
    try {
      await editAndRestorePrivacyPolicy({ page, browser, request, isMobile, original });
    } finally {
      await putBack(request, original);
    }
  });
});

async function editAndRestorePrivacyPolicy({
  page,
  browser,
  request,
  isMobile,
  original,
}: {
  page: Page;
  browser: Browser;
  request: APIRequestContext;
  isMobile: boolean;
  original: AdminPage;
}) {
  const dialogs = refuseDialogs(page);
  const sentence = `Updated by the team in the page editor (${unique("run")}).`;
  const revisionsResponse = await request.get("/api/admin/pages/privacy-policy/revisions", {
    headers: { Authorization: `Bearer ${await operatorToken(request)}` },
  });
  const before = pageRevisionListSchema.parse(await revisionsResponse.json()).revisions[0];
  if (!before) throw new Error("The privacy policy has no revision to restore");

  await signInAndReturnTo(page, "/dashboard/pages", operator?.email);
  const pages = page.getByRole("table", { name: /^Pages/ });
  const row = pages.getByRole("row").filter({ hasText: "privacy-policy" });
  await expect(row.getByRole("link", { name: "/privacy-policy", exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole("link", { name: "Pages", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  if (isMobile) expect(await sidewaysScroll(page)).toBe(0);
  await expectNoSeriousA11yViolations(page);

  await row.getByRole("link", { name: "Privacy Policy" }).click();
  await page.waitForURL("/dashboard/pages/privacy-policy");
  await expect(sourceField(page)).toHaveValue(original.source);
  await expect(preview(page)).toContainText(original.title);

  // HTML, as an operator would paste it: the page's own HTML, a sentence, and a trap.
  await page.getByRole("radio", { name: "HTML" }).check();
  await sourceField(page).fill(
    `${original.html}\n<p>${sentence}</p>\n<img src=x onerror=alert(1)>\n`,
  );
  await expect(preview(page)).toContainText(sentence);
  await expect(preview(page).locator("img, [onerror]")).toHaveCount(0);
  await expect(page.getByText("You have unsaved changes.")).toBeVisible();
  if (isMobile) expect(await sidewaysScroll(page)).toBe(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Save the page" }).click();
  const saved = page.getByRole("status").filter({ hasText: "Saved." });
  await expect(saved).toHaveText(
    `Saved. Visitors see it within about a minute. Open ${e2eOrigin}/privacy-policy`,
  );
  expect((await readPage(request, "privacy-policy")).source).toContain(sentence);

  // A visitor (a browser of their own) reads it, and nothing in it runs.
  const visitor = await browser.newContext();
  const visit = await visitor.newPage();
  const visitorDialogs = refuseDialogs(visit);
  await expectVisitorsToRead(visit, "/privacy-policy", sentence, true);
  await expect(visit.getByTestId("content-html").locator("img, [onerror]")).toHaveCount(0);

  // The history: the version before, viewed, then restored.
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByRole("listitem").first()).toContainText(
    `by ${operator?.email} · “Privacy Policy”`,
  );
  await history.getByRole("button", { name: `View version ${before.id}` }).click();
  const version = page.getByTestId("revision-preview");
  await expect(version).toContainText(original.title);
  await expect(version).not.toContainText(sentence);
  await page.getByRole("button", { name: `Restore version ${before.id}` }).click();
  const question = page.getByRole("dialog", { name: `Restore version ${before.id}?` });
  await expect(question.getByRole("button", { name: "Cancel" })).toBeFocused();
  await question.getByRole("button", { name: `Restore version ${before.id}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Restored version" })).toContainText(
    `Restored version ${before.id}`,
  );
  await expect(sourceField(page)).toHaveValue(original.source);
  await expect(
    page.getByRole("radio", { name: original.format === "html" ? "HTML" : "Markdown" }),
  ).toBeChecked();
  await expectVisitorsToRead(visit, "/privacy-policy", sentence, false);
  expect(visitorDialogs).toEqual([]);
  await visitor.close();

  // The activity log names both changes and who made them: the sentence is in what each
  // changed (added, then taken out), so they are this run's.
  for (const [kind, heading] of [
    ["page.updated", "Page changed: privacy-policy"],
    ["page.restored", "Page restored: privacy-policy"],
  ] as const) {
    await page.goto(`/dashboard/activity?kind=${kind}`);
    const entry = page
      .getByRole("main")
      .locator("ol > li")
      .filter({ has: page.getByRole("heading", { name: heading, exact: true }) })
      .filter({ hasText: sentence });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(`by ${operator?.email}`);
  }
  expect(dialogs).toEqual([]);
}

/** Moves the keyboard's focus forward until `target` has it (at most `presses` Tabs). */
async function tabTo(page: Page, target: Locator, presses = 12) {
  for (let pressed = 0; pressed < presses; pressed++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

test("an operator makes a page with the keyboard alone; a second editor's stale save is refused, naming the first; a rename keeps the old address answering 301", async ({
  page,
  context,
  request,
}) => {
  // Two editors, a save each, a rename, a delete, the activity and two axe runs.
  test.setTimeout(120_000);
  const dialogs = refuseDialogs(page);
  const handle = unique("e2e-page");
  await signInAndReturnTo(page, "/dashboard/pages", operator?.email);

  // New page, by keyboard: the handle is checked as it is typed, with the address it gives.
  const newPage = page.getByRole("button", { name: "New page" });
  await expect(newPage).toBeVisible({ timeout: 20_000 });
  await newPage.focus();
  await page.keyboard.press("Enter");
  const handleField = page.getByLabel("Handle");
  await expect(handleField).toBeFocused();
  await page.keyboard.type("-no");
  await expect(
    page.getByText('Start with a letter or digit; then use only letters, digits, "-" and "_"'),
  ).toBeVisible();
  await handleField.fill("");
  await page.keyboard.type(handle);
  await expect(page.getByText(`${e2eOrigin}/page/${handle}`, { exact: true })).toBeVisible();
  await page.keyboard.press("Enter");
  await page.waitForURL(`/dashboard/pages/${handle}`);
  await expect(page.getByText(`There is no page “${handle}” yet.`)).toBeVisible();

  const title = page.getByLabel("Title", { exact: true });
  await tabTo(page, title);
  await page.keyboard.type("Opening hours for the e2e bakery");
  await tabTo(page, sourceField(page));
  await page.keyboard.type("We bake **every day** from 6 am.");
  await expect(preview(page).locator("strong")).toHaveText("every day");
  await tabTo(page, page.getByRole("button", { name: "Create the page" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A second editor opens the same version; the first saves; the second's save is refused.
  const second = await context.newPage();
  await stubMyArea(second);
  const secondDialogs = refuseDialogs(second);
  await second.goto(`/dashboard/pages/${handle}`);
  await expect(sourceField(second)).toHaveValue("We bake **every day** from 6 am.", {
    timeout: 20_000,
  });
  await sourceField(page).fill("We bake every day from 5 am.");
  await page.getByRole("button", { name: "Save the page" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

  await sourceField(second).fill("We bake every day from 7 am.");
  await second.getByRole("button", { name: "Save the page" }).click();
  const refusal = second.getByRole("alert").filter({ hasText: "Not saved." });
  await expect(refusal).toContainText(`${handle} was changed by ${operator?.email} on`);
  expect((await readPage(request, handle)).source).toBe("We bake every day from 5 am.");
  await expect(refusal.getByRole("button", { name: "Open their version" })).toBeFocused();
  await second.keyboard.press("Enter");
  await expect(sourceField(second)).toHaveValue("We bake every day from 5 am.");
  const setAside = second.getByRole("region", { name: "Your unsaved text" });
  await expect(setAside.getByLabel("Your text")).toHaveValue("We bake every day from 7 am.");
  await expectNoSeriousA11yViolations(second);
  await second.close();
  expect(secondDialogs).toEqual([]);

  // Unsaved changes: leaving through a link asks first.
  await sourceField(page).fill("Changed, not saved.");
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Pages" })
    .click();
  const leave = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(leave.getByRole("button", { name: "Stay on this page" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(`${e2eOrigin}/dashboard/pages/${handle}`);
  await expect(sourceField(page)).toHaveValue("Changed, not saved.");
  await sourceField(page).fill("We bake every day from 5 am.");
  await expect(page.getByText("You have unsaved changes.")).toBeHidden();

  // Rename: the old address keeps answering, with a 301 to the new one.
  const renamed = `${handle}-moved`;
  await page.getByLabel("New handle").fill(renamed);
  await expect(page.getByText(`The page will be at ${e2eOrigin}/page/${renamed}.`)).toBeVisible();
  await page.getByRole("button", { name: "Rename the page" }).click();
  await page.waitForURL(`/dashboard/pages/${renamed}`);
  await expect(page.getByRole("status").filter({ hasText: "Renamed" })).toContainText(
    `Its old address, ${e2eOrigin}/page/${handle}, keeps working`,
  );
  const old = await request.get(`/page/${handle}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(new URL(old.headers().location ?? "", e2eOrigin).pathname).toBe(`/page/${renamed}`);

  await page.goto(`/dashboard/activity?kind=page.renamed`);
  const entry = page.getByRole("main").locator("ol > li").filter({ hasText: handle }).first();
  await expect(entry.getByRole("heading")).toHaveText(`Page renamed: ${handle}`);
  await expect(entry).toContainText(`by ${operator?.email}`);

  // Delete, asked first; the list then says so.
  await page.goto(`/dashboard/pages/${renamed}`);
  await page.getByRole("button", { name: "Delete this page" }).click();
  const question = page.getByRole("dialog", { name: "Delete “Opening hours for the e2e bakery”?" });
  await question.getByRole("button", { name: "Delete the page" }).click();
  await page.waitForURL("/dashboard/pages");
  await expect(page.getByRole("status").filter({ hasText: "Deleted" })).toBeVisible();
  const gone = await request.get(`/api/admin/pages/${renamed}`, {
    headers: { Authorization: `Bearer ${await operatorToken(request)}` },
  });
  expect(gone.status()).toBe(404);
  expect(dialogs).toEqual([]);
});

test("a signed-in customer sees none of the page editor, and the API refuses their writes", async ({
  page,
}) => {
  const me = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/me");
  await signInAndReturnTo(page, "/dashboard/pages", demoUsers.active.email);
  const token = (await (await me).headerValue("authorization")) ?? "";
  await expect(page.getByText("This page is for the Rise team.")).toBeVisible();
  await expect(page.getByRole("button", { name: "New page" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Back office" })).toHaveCount(0);
  await expect(page.locator("meta[name=robots]")).toHaveAttribute("content", "noindex");
  await page.goto("/dashboard/pages/privacy-policy");
  await expect(page.getByText("This page is for the Rise team.")).toBeVisible();
  await expect(page.getByRole("textbox")).toHaveCount(0);

  const headers = { Authorization: token, "If-Match": '"any"' };
  const page1 = { title: "Mine", format: "html", source: "<p>Mine</p>" };
  const refused = await Promise.all([
    page.request.get("/api/admin/pages", { headers }),
    page.request.put("/api/admin/pages/privacy-policy", { headers, data: page1 }),
    page.request.delete("/api/admin/pages/privacy-policy", { headers }),
    page.request.post("/api/admin/pages/privacy-policy/move", { headers, data: { to: "mine" } }),
    page.request.post("/api/admin/pages/privacy-policy/revisions/1/restore", { headers }),
    page.request.post("/api/admin/pages/preview", {
      headers,
      data: { format: "html", source: "<p>Mine</p>" },
    }),
  ]);
  expect(refused.map((response) => response.status())).toEqual([403, 403, 403, 403, 403, 403]);
});
