import { DEMO_USERS } from "@bakery/api/demo-data";
import { adminShortLinkSchema } from "@bakery/shared/admin-links-contract";
import type { APIRequestContext, Page } from "@playwright/test";
import { e2eOrigin, PHONE_USER_AGENT } from "./support/e2e-env.ts";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { operatorToken, recentFunnel } from "./support/funnel-report.ts";
import { demoUsers, signInAndReturnTo, stubMyArea } from "./support/sign-in.ts";

// Issue 41: operators make, change and delete short links from /dashboard, with the campaign builder.

const operator = DEMO_USERS.find((user) => user.role === "operator");
if (!operator) throw new Error("The demo data has no operator account");

/** A link id of this test's own, so the two projects and repeated runs never share one. */
const uniqueId = (name: string) => `${name}-${test.info().project.name}-${Date.now().toString(36)}`;

/** Creates (or replaces) a link through the API, as another operator's browser would. */
async function putLink(
  request: APIRequestContext,
  id: string,
  destination: string,
  utm?: { source: string; medium: string; campaign: string },
) {
  const response = await request.put(`/api/admin/links/e2e/${id}`, {
    headers: { Authorization: `Bearer ${await operatorToken(request)}` },
    data: { destination, utm },
  });
  expect(response.ok()).toBe(true);
}

async function readLink(request: APIRequestContext, id: string) {
  const response = await request.get(`/api/admin/links/e2e/${id}`, {
    headers: { Authorization: `Bearer ${await operatorToken(request)}` },
  });
  return {
    status: response.status(),
    link: response.ok() ? adminShortLinkSchema.parse(await response.json()) : undefined,
  };
}

const editor = (page: Page) => page.getByRole("dialog");

async function openEditor(page: Page, button: RegExp | string) {
  await page.getByRole("button", { name: button }).click();
  await expect(editor(page).getByRole("heading", { level: 2 })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await stubMyArea(page);
});

test.describe("the operator", () => {
  test.beforeEach(async ({ page }) => {
    await signInAndReturnTo(page, "/dashboard", operator.email);
    await expect(page.getByRole("table", { name: /^Short links/ })).toBeVisible({
      timeout: 20_000,
    });
  });

  test("creates a campaign link, which takes a visitor to the destination with its utm parameters, counted under the campaign", async ({
    page,
    browser,
    request,
    context,
  }) => {
    // A whole journey, the visitor's and the report's included, on a server shared by two workers.
    test.slow();
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const id = uniqueId("flyer");
    const campaign = `spring-${id}`;
    await openEditor(page, "New link");
    const dialog = editor(page);
    await expect(dialog.getByLabel("Category")).toBeFocused();
    await dialog.getByLabel("Category").fill("e2e");
    await dialog.getByLabel("ID", { exact: true }).fill(id);
    await expect(dialog.getByText(`${e2eOrigin}/to/e2e/${id}`, { exact: true })).toBeVisible();
    await dialog.getByLabel("Destination", { exact: true }).fill("/pricing");
    await dialog.getByLabel("Campaign source").fill("flyer");
    await dialog.getByLabel("Campaign medium").fill("print");
    // A name the funnel knows but for its case: the builder points at it.
    await dialog.getByLabel("Campaign name").fill("Spring");
    await expect(dialog.getByText("Did you mean “spring”?")).toBeVisible();
    await dialog.getByLabel("Campaign name").fill(campaign);
    await dialog.getByLabel("Campaign content (optional)").fill("back-page");
    const sentTo = `${e2eOrigin}/pricing?utm_source=flyer&utm_medium=print&utm_campaign=${campaign}&utm_content=back-page`;
    await expect(dialog.getByText(sentTo, { exact: true })).toBeVisible();

    await dialog.getByRole("button", { name: `Copy ${e2eOrigin}/to/e2e/${id}` }).click();
    await expect(dialog.getByRole("status").filter({ hasText: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${e2eOrigin}/to/e2e/${id}`,
    );

    await dialog.getByRole("button", { name: "Save link" }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole("status").filter({ hasText: `Saved /to/e2e/${id}.` }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "New link" })).toBeFocused();
    const links = page.getByRole("table", { name: /^Short links/ });
    await expect(links.getByText(`/to/e2e/${id}`, { exact: true })).toBeVisible();

    // A person's browser follows it.
    const visitor = await browser.newContext({ userAgent: PHONE_USER_AGENT });
    const visit = await visitor.newPage();
    // The page then tidies the utm parameters out of the address bar: read where it arrived.
    const arrived = await visit.goto(`${e2eOrigin}/to/e2e/${id}`);
    expect(arrived?.url()).toBe(sentTo);
    // The page reports its landing once it is running: the visitor stays until it is counted.
    await expect
      .poll(
        async () => {
          const funnel = await recentFunnel(request, "campaign");
          return funnel.groups.find((group) => group.key === campaign)?.landings;
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    await visitor.close();
  });

  test("asks before replacing a link that exists, naming it", async ({ page, request }) => {
    const id = uniqueId("taken");
    await putLink(request, id, "/pricing");
    await openEditor(page, "New link");
    const dialog = editor(page);
    await dialog.getByLabel("Category").fill("e2e");
    await dialog.getByLabel("ID", { exact: true }).fill(id);
    await dialog.getByLabel("Destination", { exact: true }).fill("/book-demo");
    await dialog.getByRole("button", { name: "Save link" }).click();

    const question = dialog.getByRole("alert").filter({ hasText: "already exists" });
    await expect(question).toContainText(`A link e2e/${id} already exists`);
    await expect(question).toContainText("leading to /pricing");
    expect((await readLink(request, id)).link?.destination).toBe("/pricing");
    await expect(dialog.getByRole("button", { name: `Replace e2e/${id}` })).toBeFocused();
    await dialog.getByRole("button", { name: `Replace e2e/${id}` }).click();
    await expect(dialog).toBeHidden();
    expect((await readLink(request, id)).link?.destination).toBe("/book-demo");
  });

  test("a second editor's stale save is refused, naming the first editor, and the current version can be loaded", async ({
    page,
    context,
    request,
  }) => {
    const id = uniqueId("shared");
    await putLink(request, id, "/pricing");
    await page.reload();
    const second = await context.newPage();
    await stubMyArea(second);
    await second.goto("/dashboard");
    for (const each of [page, second]) {
      await openEditor(each, `Edit /to/e2e/${id}`);
      await expect(editor(each).getByLabel("Destination", { exact: true })).toHaveValue("/pricing");
    }

    await editor(page).getByLabel("Destination", { exact: true }).fill("/book-demo");
    await editor(page).getByRole("button", { name: "Save link" }).click();
    await expect(editor(page)).toBeHidden();

    await editor(second).getByLabel("Destination", { exact: true }).fill("/");
    await editor(second).getByRole("button", { name: "Save link" }).click();
    const refusal = editor(second).getByRole("alert").first();
    await expect(refusal).toContainText(`e2e/${id} was changed by ${operator.email} on`);
    expect((await readLink(request, id)).link?.destination).toBe("/book-demo");
    await editor(second).getByRole("button", { name: "Load the current version" }).click();
    await expect(editor(second).getByLabel("Destination", { exact: true })).toHaveValue(
      "/book-demo",
    );
  });

  test("finds a link by its campaign's name, whatever the case, and keeps the search in the address and while the table loads again", async ({
    page,
    request,
  }) => {
    const id = uniqueId("find");
    const searched = `AUTUMN-${id.toUpperCase()}`;
    await putLink(request, id, "/pricing", {
      source: "flyer",
      medium: "print",
      campaign: `autumn-${id}`,
    });
    await page.reload();
    const table = page.getByRole("table", { name: /^Short links/ });
    await expect(table).toBeVisible({ timeout: 20_000 });
    const find = page.getByRole("searchbox", { name: "Find a link" });
    await find.fill(searched);
    await expect(page.getByRole("status").filter({ hasText: "match" })).toHaveText(
      new RegExp(`^1 of \\d+ links match “${searched}”\\.$`),
    );
    await expect(table.locator("tbody tr")).toHaveCount(1);
    await expect(table.getByRole("rowheader")).toHaveText(`/to/e2e/${id}`);
    await expectNoSeriousA11yViolations(page);

    // The address keeps the search, through another range and a reload: a colleague opening
    // the link finds the same link.
    await page.getByRole("button", { name: "Last 7 days" }).click();
    await expect(page).toHaveURL(
      (url) => url.searchParams.get("days") === "7" && url.searchParams.get("search") === searched,
    );
    await page.reload();
    await expect(find).toHaveValue(searched);
    await expect(table.locator("tbody tr")).toHaveCount(1);

    // Deleting it loads the table again: the search stays, says nothing matches, and offers a way back.
    await openEditor(page, `Delete /to/e2e/${id}`);
    await editor(page)
      .getByRole("button", { name: `Delete e2e/${id}` })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "No link matches" })).toHaveText(
      `No link matches “${searched}”.`,
    );
    await expect(find).toHaveValue(searched);
    await expect(table).toHaveCount(0);
    await page.getByRole("button", { name: "Show every link" }).click();
    await expect(find).toBeFocused();
    await expect(find).toHaveValue("");
    await expect(table.locator("tbody tr").first()).toBeVisible();
    await expect(page).toHaveURL((url) => !url.searchParams.has("search"));
  });

  test("deletes a link after asking", async ({ page, request }) => {
    const id = uniqueId("gone");
    await putLink(request, id, "/pricing");
    await page.reload();
    await openEditor(page, `Delete /to/e2e/${id}`);
    await expect(editor(page)).toContainText(
      `Delete ${e2eOrigin}/to/e2e/${id}? It leads to /pricing`,
    );
    expect((await readLink(request, id)).status).toBe(200);
    await editor(page)
      .getByRole("button", { name: `Delete e2e/${id}` })
      .click();
    await expect(
      page.getByRole("status").filter({ hasText: `Deleted /to/e2e/${id}.` }),
    ).toBeVisible();
    expect((await readLink(request, id)).status).toBe(404);
  });

  test("a link with Sign-in required sends a signed-out visitor to sign in first", async ({
    page,
    browser,
    request,
  }) => {
    const id = uniqueId("members");
    await openEditor(page, "New link");
    const dialog = editor(page);
    await dialog.getByLabel("Category").fill("e2e");
    await dialog.getByLabel("ID", { exact: true }).fill(id);
    await dialog.getByLabel("Destination", { exact: true }).fill("/pricing");
    const signIn = dialog.getByRole("checkbox", { name: "Sign-in required" });
    await expect(signIn).not.toBeChecked();
    await expect(signIn).toHaveAccessibleDescription(/asked to sign in first/);
    await signIn.check();
    await dialog.getByRole("button", { name: "Save link" }).click();
    await expect(dialog).toBeHidden();
    expect((await readLink(request, id)).link?.signInRequired).toBe(true);

    const visitor = await browser.newContext({ userAgent: PHONE_USER_AGENT });
    const visit = await visitor.newPage();
    await visit.goto(`${e2eOrigin}/to/e2e/${id}`);
    await visit.waitForURL(
      (url) => url.pathname === "/login" && url.searchParams.get("target") === `/to/e2e/${id}`,
    );
    await visitor.close();

    // Reopened, the box shows what is stored; unticked and saved, the link opens for anyone.
    await openEditor(page, `Edit /to/e2e/${id}`);
    await expect(signIn).toBeChecked();
    await signIn.uncheck();
    await dialog.getByRole("button", { name: "Save link" }).click();
    await expect(dialog).toBeHidden();
    expect((await readLink(request, id)).link?.signInRequired).toBe(false);
  });

  test("the links table fits the page: it never scrolls the page sideways", async ({
    page,
    request,
  }) => {
    // A link whose address is long and has no spaces, the widest a row gets.
    const id = uniqueId(`wide-${"x".repeat(36)}`);
    await putLink(request, id, `/pricing?note=${"long-campaign-address-".repeat(8)}`);
    await page.reload();
    const links = page.getByRole("table", { name: /^Short links/ });
    await expect(links.getByText(`/to/e2e/${id}`, { exact: true })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // What is wider than the screen scrolls inside the table's own region, which is named and
    // says so, on a laptop's screen as on a phone's.
    const region = page.getByRole("region", { name: /^Short links, clicks/ });
    await expect(region).toBeVisible();
    await expect(region).toHaveAccessibleDescription(
      "Scroll the table sideways to see every column.",
    );
    const hint = await region.getAttribute("aria-describedby");
    await expect(page.locator(`[id="${hint}"]`)).toBeVisible();
    if (test.info().project.name === "desktop") {
      // On a laptop's screen the row's actions are in view without scrolling the table.
      const edit = page.getByRole("button", { name: `Edit /to/e2e/${id}` });
      await edit.evaluate((button) => window.scrollBy(0, button.getBoundingClientRect().top - 200));
      await expect(edit).toBeInViewport({ ratio: 1 });
    }
  });

  test("the open editor has no serious accessibility violations", async ({ page }) => {
    await openEditor(page, "New link");
    await editor(page).getByLabel("Destination", { exact: true }).fill("/pricing");
    await editor(page).getByLabel("Campaign source").fill("flyer");
    await expectNoSeriousA11yViolations(page);
  });

  test("makes a link with the keyboard alone; Escape closes the editor and focus goes back", async ({
    page,
    request,
  }) => {
    const id = uniqueId("keys");
    const newLink = page.getByRole("button", { name: "New link" });
    await newLink.focus();
    await page.keyboard.press("Enter");
    await expect(editor(page).getByLabel("Category")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(editor(page)).toBeHidden();
    await expect(newLink).toBeFocused();

    await page.keyboard.press("Enter");
    const fields: [string, string][] = [
      ["Category", "e2e"],
      ["ID", id],
      ["Destination", "/pricing"],
      ["Campaign source", "sms"],
      ["Campaign medium", "text"],
      ["Campaign name", `keys-${id}`],
    ];
    for (const [label, value] of fields) {
      const field = editor(page).getByLabel(label, { exact: true });
      for (let presses = 0; presses < 5 && !(await isFocused(field)); presses++) {
        await page.keyboard.press("Tab");
      }
      await expect(field).toBeFocused();
      await page.keyboard.type(value);
    }
    await page.keyboard.press("Enter");
    await expect(editor(page)).toBeHidden();
    expect((await readLink(request, id)).link?.target).toBe(
      `/pricing?utm_source=sms&utm_medium=text&utm_campaign=keys-${id}`,
    );
  });

  test("opened again the moment it closed, the editor stays open", async ({ page }) => {
    await openEditor(page, "New link");
    // Closed and opened again in one task, as Escape then Enter typed faster than the dialog's
    // close event comes: that event must not close the editor opened after it.
    await page.evaluate(async () => {
      const dialog = document.querySelector("dialog[open]");
      const newLink = [...document.querySelectorAll("button")].find(
        (button) => button.textContent === "New link",
      );
      if (!(dialog instanceof HTMLDialogElement) || !newLink) throw new Error("no editor open");
      const closeEvent = new Promise((done) =>
        dialog.addEventListener("close", done, { once: true }),
      );
      dialog.close();
      newLink.click();
      await closeEvent;
    });
    await expect(editor(page).getByLabel("Category")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(editor(page)).toBeHidden();
    await expect(page.getByRole("button", { name: "New link" })).toBeFocused();
  });
});

function isFocused(locator: ReturnType<Page["getByLabel"]>): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

test("a signed-in customer sees none of the editing controls, and the API refuses their writes", async ({
  page,
}) => {
  const me = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/me");
  await signInAndReturnTo(page, "/dashboard", demoUsers.active.email);
  const token = (await (await me).headerValue("authorization")) ?? "";
  await expect(page.getByText("This page is for the Rise team.")).toBeVisible();
  await expect(page.getByRole("button", { name: "New link" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^(Edit|Delete|Copy) / })).toHaveCount(0);

  const put = await page.request.put("/api/admin/links/e2e/not-theirs", {
    headers: { Authorization: token, "If-None-Match": "*" },
    data: { destination: "/pricing" },
  });
  expect(put.status()).toBe(403);
  const removed = await page.request.delete("/api/admin/links/promo/spring", {
    headers: { Authorization: token, "If-Match": "*" },
  });
  expect(removed.status()).toBe(403);
});
