import { DEMO_USERS } from "@bakery/api/demo-data";
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { demoUsers, signInAndReturnTo, stubMyArea } from "./support/sign-in.ts";

// Issue 41: every change to the short links, listed for the team at /dashboard/activity.

const operator = DEMO_USERS.find((user) => user.role === "operator");
if (!operator) throw new Error("The demo data has no operator account");

test.beforeEach(async ({ page }) => {
  await stubMyArea(page);
});

/** Signs in through /login back to `target`, and returns the ID token the page sends the API. */
async function signInWithToken(page: Page, target: string, email: string): Promise<string> {
  const me = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/me");
  await signInAndReturnTo(page, target, email);
  return (await (await me).headerValue("authorization")) ?? "";
}

test("a signed-out visitor is sent to sign in, with the activity as the page to return to", async ({
  page,
}) => {
  const response = await page.goto("/dashboard/activity?kind=link.created");
  expect(response?.status()).toBe(200);
  await page.waitForURL(
    (url) =>
      url.pathname === "/login" &&
      url.searchParams.get("target") === "/dashboard/activity?kind=link.created",
  );
});

test("a signed-in customer sees that the page is for the team, and the API refuses them", async ({
  page,
}) => {
  const token = await signInWithToken(page, "/dashboard/activity", demoUsers.active.email);
  await expect(page.getByRole("heading", { name: "Activity", level: 1 })).toBeVisible();
  await expect(page.getByText("This page is for the Rise team.")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Show" })).toHaveCount(0);
  await expect(page.locator("meta[name=robots]")).toHaveAttribute("content", "noindex");
  const refused = await page.request.get("/api/admin/activity", {
    headers: { Authorization: token },
  });
  expect(refused.status()).toBe(403);
});

test("an operator's link edit is listed with who made it, what changed, and a filter by kind", async ({
  page,
}, testInfo) => {
  // Two sign-in checks, two writes, four page loads and two axe runs.
  test.slow();
  const token = await signInWithToken(page, "/dashboard", operator.email);
  // One link per project and run: the projects share the server and its database.
  const subject = `e2e/activity-${testInfo.project.name}-${Date.now().toString(36)}`;
  const link = (campaign: string) => ({
    destination: "/pricing",
    utm: { source: "flyer", medium: "print", campaign },
  });
  const created = await page.request.put(`/api/admin/links/${subject}`, {
    headers: { Authorization: token, "If-None-Match": "*" },
    data: link("spring"),
  });
  expect(created.status()).toBe(201);
  const edited = await page.request.put(`/api/admin/links/${subject}`, {
    headers: { Authorization: token, "If-Match": created.headers().etag ?? "" },
    data: link("summer"),
  });
  expect(edited.status()).toBe(200);

  // The dashboard's parts, one tap away on a phone.
  const sections = page.getByRole("navigation", { name: "Dashboard sections" });
  await expect(sections.getByRole("link")).toHaveText(["Funnel", "Chart", "Short links"]);
  const backOffice = page.getByRole("navigation", { name: "Back office" });
  await expect(backOffice.getByRole("link")).toHaveText(["Dashboard", "Pages", "Team", "Activity"]);
  await expect(backOffice.getByRole("link", { name: "Dashboard" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  // The reports fill the page in as they arrive: a jump made before would be pushed away.
  await expect(page.getByRole("table", { name: /^Funnel by campaign/ })).toBeVisible();
  await expect(page.getByRole("table", { name: /^Short links, clicks/ })).toBeVisible();
  await sections.getByRole("link", { name: "Short links" }).click();
  await expect(page.getByRole("heading", { name: "Short links", level: 2 })).toBeInViewport();

  // From the dashboard, by keyboard.
  await backOffice.getByRole("link", { name: "Activity" }).focus();
  await page.keyboard.press("Enter");
  await page.waitForURL("/dashboard/activity");
  await expect(page.getByRole("heading", { name: "Activity", level: 1 })).toBeVisible();

  // The list's own items, not the lines of changes inside them.
  const entries = page.getByRole("main").locator("ol > li").filter({ hasText: subject });
  // Newest first: the change, then the creation.
  await expect(entries).toHaveCount(2);
  const change = entries.nth(0);
  await expect(change.getByRole("heading")).toHaveText(`Short link changed: ${subject}`);
  await expect(change).toContainText(`by ${operator.email}`);
  await expect(change.getByRole("listitem").filter({ hasText: "Campaign name:" })).toHaveText(
    /Campaign name: spring\s*→\s*changed to\s*summer/,
  );
  // Only what changed: the source stayed.
  await expect(change.getByText("Campaign source:")).toHaveCount(0);
  const when = change.locator("time");
  const at = await when.getAttribute("datetime");
  expect(Date.now() - Date.parse(at ?? "")).toBeLessThan(5 * 60_000);
  await expect(entries.nth(1).getByRole("heading")).toHaveText(`Short link created: ${subject}`);
  await expect(entries.nth(1)).toContainText("Campaign source: flyer");
  await expectNoSeriousA11yViolations(page);

  // The filter, by keyboard too, is kept in the address.
  const filter = page.getByRole("combobox", { name: "Show" });
  await filter.focus();
  await filter.selectOption({ label: "Short link created" });
  await page.waitForURL("/dashboard/activity?kind=link.created");
  await expect(entries).toHaveCount(1);
  await expect(entries.getByRole("heading")).toHaveText(`Short link created: ${subject}`);
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Show" })).toHaveValue("link.created");
  await expect(entries).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  await backOffice.getByRole("link", { name: "Dashboard" }).click();
  await page.waitForURL("/dashboard");
});
