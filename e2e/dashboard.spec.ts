import { readFileSync } from "node:fs";
import { LOCAL_STRIPE_WEBHOOK_SECRET } from "@bakery/api/config";
import { DEMO_USERS } from "@bakery/api/demo-data";
import { funnelReportSchema } from "@bakery/shared/admin-contract";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import Stripe from "stripe";
import { runAdmin } from "./support/admin-cli.ts";
import { expectFieldEdgesToStandOut } from "./support/contrast.ts";
import { e2eAuthEmulatorOrigin, PHONE_USER_AGENT } from "./support/e2e-env.ts";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { holdRequests } from "./support/gate.ts";
import { expectLongWaitNote } from "./support/long-waits.ts";
import {
  DEMO_PASSWORD,
  demoUsers,
  myArea,
  signInAndReturnTo,
  stubMyArea,
  submitSignIn,
} from "./support/sign-in.ts";

// Issue 17: the team's marketing dashboard at /dashboard.

test.beforeEach(async ({ page }) => {
  await stubMyArea(page);
});

/** Every request the page makes to the admin API, from now on. */
function watchAdminRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/admin/")) seen.push(request.url());
  });
  return seen;
}

test("a signed-out visitor is sent to sign in, with the dashboard as the page to return to", async ({
  page,
  request,
}) => {
  // Served from the SPA fallback (never prerendered), with the frame's loading bar. Read apart
  // from the visit: the app moves on to sign-in too quickly for the visit's own answer to be read.
  const served = await request.get("/dashboard");
  expect(served.status()).toBe(200);
  const html = await served.text();
  expect(html).toContain('role="progressbar"');
  expect(html).not.toContain("Marketing dashboard");
  const response = await page.goto("/dashboard");
  expect(response?.status()).toBe(200);
  await page.waitForURL(
    (url) => url.pathname === "/login" && url.searchParams.get("target") === "/dashboard",
  );
});

test("stays out of the sitemap", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("<loc>");
  expect(sitemap).not.toContain("/dashboard");
});

test("a sign-in check that goes on far too long says so, with a way on", async ({ page }) => {
  await signInAndReturnTo(page, "/dashboard", demoUsers.active.email);
  // The identity service stops answering: the restored session waits on it.
  await holdRequests(page, `${e2eAuthEmulatorOrigin}/**`);
  await page.reload({ waitUntil: "commit" });
  await expect(page.getByText("Checking your sign-in…")).toBeVisible();
  const note = await expectLongWaitNote(page, "This is taking longer than it should.");
  await expect(note).toBeInViewport();
  await expect(page.getByRole("main").getByRole("link", { name: "Reload the page" })).toBeVisible();
});

test("a signed-in customer sees that the page is for the team, and the API refuses them", async ({
  page,
}) => {
  const admin = watchAdminRequests(page);
  const me = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/me");
  await signInAndReturnTo(page, "/dashboard", demoUsers.active.email);
  const token = (await (await me).headerValue("authorization")) ?? "";

  await expect(page.getByText("This page is for the Rise team.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Marketing dashboard" })).toBeVisible();
  // Not a dead end: their own account is one link away.
  await expect(
    page.getByRole("main").getByRole("link", { name: "Go to your account" }),
  ).toHaveAttribute("href", myArea.home);
  expect(admin).toEqual([]);
  await expectNoSeriousA11yViolations(page);
  await expect(page.locator("meta[name=robots]")).toHaveAttribute("content", "noindex");

  const today = new Date().toISOString().slice(0, 10);
  const refused = await page.request.get(`/api/admin/funnel?from=${today}&to=${today}`, {
    headers: { Authorization: token },
  });
  expect(refused.status()).toBe(403);
});

/** The seeded demo operator (npm start's data, the browser tests' too). */
const operator = DEMO_USERS.find((user) => user.role === "operator");
if (!operator) throw new Error("The demo data has no operator account");

/** A table's body and footer rows as the page shows them, one array of cell texts per row. */
function shownRows(table: Locator): Promise<string[][]> {
  return table
    .locator("tbody tr, tfoot tr")
    .evaluateAll((rows) =>
      rows.map((row) => [...row.children].map((cell) => cell.textContent?.trim() ?? "")),
    );
}

/** Clicks a table's CSV button and returns the downloaded file's rows, split into cells. */
async function downloadedCsv(page: Page, tableName: RegExp): Promise<string[][]> {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: tableName }).click();
  const file = await (await download).path();
  // The tables here hold no commas or quotes, so a plain split reads them.
  return readFileSync(file, "utf8")
    .replace(/\r\n$/, "")
    .split("\r\n")
    .map((line) => line.split(","));
}

test.describe("the operator", () => {
  test.beforeEach(async ({ page }) => {
    await signInAndReturnTo(page, "/dashboard", operator.email);
  });

  test("sees the funnel with totals, its chart in SVG with a table of its numbers, and the short links", async ({
    page,
  }) => {
    const funnel = page.getByRole("table", { name: /^Funnel by campaign/ });
    await expect(funnel.getByRole("rowheader", { name: "spring", exact: true })).toBeVisible();
    await expect(funnel.locator("tfoot").getByRole("rowheader")).toHaveText("Total");

    const chart = page.getByTestId("daily-chart");
    await expect(chart).toBeVisible();
    expect(await chart.evaluate((element) => element.tagName)).toBe("svg");
    await expect(chart.locator("polyline")).toHaveCount(2);
    await page.getByText("The chart's numbers as a table").click();
    const numbers = page.getByRole("table", {
      name: "Landings, demos booked and paid sign-ups per day",
    });
    await expect(numbers.locator("tbody tr")).toHaveCount(30);

    const links = page.getByRole("table", { name: /^Short links/ });
    await expect(links.locator("tbody tr").first()).toBeVisible();
    await expect(links.locator("tbody tr").first().getByRole("img")).toBeVisible();

    await expectNoSeriousA11yViolations(page);
  });

  test("the range's fields show their edges (WCAG 1.4.11)", async ({ page }) => {
    await page.getByRole("button", { name: "Custom…" }).click();
    await expect(page.getByLabel("From")).toBeVisible();
    await expectFieldEdgesToStandOut(page);
  });

  test("sorts by any column with the header's button, which says how it is sorted", async ({
    page,
  }) => {
    const funnel = page.getByRole("table", { name: /^Funnel by campaign/ });
    const landings = funnel.getByRole("columnheader", { name: /Landings/ });
    await expect(landings).toHaveAttribute("aria-sort", "descending");
    const counts = async () => (await shownRows(funnel)).slice(0, -1).map((row) => Number(row[1]));
    const mostFirst = await counts();
    expect(mostFirst).toEqual([...mostFirst].sort((a, b) => b - a));

    await landings.getByRole("button").press("Enter");
    await expect(landings).toHaveAttribute("aria-sort", "ascending");
    expect(await counts()).toEqual([...mostFirst].reverse());

    const campaign = funnel.getByRole("columnheader", { name: /Campaign/ });
    await campaign.getByRole("button").click();
    await expect(campaign).toHaveAttribute("aria-sort", "ascending");
    await expect(landings).not.toHaveAttribute("aria-sort");
    // Names A to Z, and the visits without a campaign after them.
    const names = (await shownRows(funnel)).slice(0, -1).map((row) => row[0] ?? "");
    expect(names.at(-1)).toBe("No campaign");
    const named = names.slice(0, -1);
    expect(named).toEqual([...named].sort((a, b) => a.localeCompare(b)));
  });

  test("downloads each table as CSV with the rows shown, in the order shown", async ({ page }) => {
    const funnel = page.getByRole("table", { name: /^Funnel by campaign/ });
    await funnel.getByRole("button", { name: /Demos booked/ }).click();
    const funnelCsv = await downloadedCsv(page, /^Download as CSV: Funnel by campaign/);
    expect(funnelCsv[0]).toEqual([
      "Campaign",
      "Landings",
      "Demos booked",
      "Confirmed",
      "Demo rate",
      "Sign-ups paid",
      "Sign-up rate",
    ]);
    expect(funnelCsv.slice(1)).toEqual(await shownRows(funnel));

    const links = page.getByRole("table", { name: /^Short links/ });
    const linksCsv = await downloadedCsv(page, /^Download as CSV: Short links/);
    expect(linksCsv[0]).toEqual([
      "Short link",
      "Clicks in range",
      "Scans in range",
      "All-time clicks",
      "All-time scans",
      "Last clicked",
      "Goes to",
    ]);
    // The sparkline and the QR code's downloads are left out, and the last click is written as
    // an ISO instant.
    expect(linksCsv.slice(1).map((row) => row.slice(0, 5))).toEqual(
      (await shownRows(links)).map((row) => [row[0], row[1], row[2], row[4], row[5]]),
    );
  });

  test("says what Confirmed counts, under the table and to a screen reader", async ({ page }) => {
    const funnel = page.getByRole("table", { name: /^Funnel by campaign/ });
    const explanation =
      /^Confirmed: of the demos booked, those the scheduling provider confirmed itself/;
    await expect(funnel.getByRole("button", { name: "Confirmed" })).toHaveAccessibleDescription(
      explanation,
    );
    await expect(page.getByText(explanation)).toBeVisible();
  });

  test("keeps what the report does not name in an Other row after the named ones, and in the CSV", async ({
    page,
  }) => {
    // More landings than any named group, so a sort that took the row in would move it.
    const other = {
      landings: 100_000,
      demosBooked: 3,
      demosConfirmed: 2,
      checkoutsCompleted: 1,
      bookingRate: 0.00003,
      checkoutRate: 0.00001,
      groupCount: 60,
    };
    // Sixty more campaigns than the report names would take sixty more campaigns' landings: the
    // report the server gives is kept, with an Other row added.
    await page.route("**/api/admin/funnel?*", async (route) => {
      const response = await route.fetch();
      const report = funnelReportSchema.parse(await response.json());
      await route.fulfill({ json: { ...report, other } });
    });
    await page.reload();
    const funnel = page.getByRole("table", { name: /^Funnel by campaign/ });
    const otherRow = ["Other (60 more)", "100000", "3", "2", "0.0%", "1", "0.0%"];
    await expect(funnel.locator("tbody tr").last().locator("th, td")).toHaveText(otherRow);
    await expect(funnel.locator("tfoot").getByRole("rowheader")).toHaveText("Total");
    await expect(
      page.getByText("Other adds up the campaigns past the 50 with the most landings"),
    ).toBeVisible();

    const landings = funnel.getByRole("columnheader", { name: /Landings/ });
    for (const direction of ["ascending", "descending"]) {
      await landings.getByRole("button").click();
      await expect(landings).toHaveAttribute("aria-sort", direction);
      await expect(funnel.locator("tbody tr").last().getByRole("rowheader")).toHaveText(
        "Other (60 more)",
      );
    }
    const csv = await downloadedCsv(page, /^Download as CSV: Funnel by campaign/);
    expect(csv.slice(1)).toEqual(await shownRows(funnel));
    expect(csv.at(-2)).toEqual(otherRow);

    await expectNoSeriousA11yViolations(page);
    // The wider table scrolls inside its own region; the page itself never scrolls sideways.
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    ).toBe(true);
  });

  test("chooses a preset or a custom range, and is told what to fix in a bad one", async ({
    page,
  }) => {
    const asked = (from: string, to: string) =>
      page.waitForRequest((request) => {
        const url = new URL(request.url());
        return (
          url.pathname === "/api/admin/funnel" &&
          url.searchParams.get("from") === from &&
          url.searchParams.get("to") === to
        );
      });
    const today = new Date();
    const day = (daysAgo: number) =>
      new Date(today.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);

    const lastWeek = asked(day(6), day(0));
    await page.getByRole("button", { name: "Last 7 days" }).click();
    await lastWeek;
    await expect(page.getByRole("button", { name: "Last 7 days" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    await page.getByRole("button", { name: "Custom…" }).click();
    // Its fields start from the range on screen.
    await expect(page.getByLabel("From", { exact: true })).toHaveValue(day(6));
    await expect(page.getByLabel("To", { exact: true })).toHaveValue(day(0));
    await page.getByLabel("From", { exact: true }).fill(day(3));
    await page.getByLabel("To", { exact: true }).fill(day(10));
    await page.getByRole("button", { name: "Show this range" }).click();
    await expect(page.getByLabel("To", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("To", { exact: true })).toHaveAccessibleDescription(
      "The last day must be on or after the first.",
    );
    await expectNoSeriousA11yViolations(page);

    const custom = asked(day(10), day(3));
    await page.getByLabel("From", { exact: true }).fill(day(10));
    await page.getByLabel("To", { exact: true }).fill(day(3));
    await page.getByRole("button", { name: "Show this range" }).click();
    await custom;
    await expect(page.getByLabel("To", { exact: true })).not.toHaveAttribute("aria-invalid");
    await expect(page.getByRole("table", { name: /^Funnel by campaign/ })).toBeVisible();
  });

  test("a custom range that can't be shown puts the focus on the first field to fix, which says why", async ({
    page,
  }) => {
    await page.getByRole("button", { name: "Custom…" }).click();
    const from = page.getByLabel("From", { exact: true });
    const to = page.getByLabel("To", { exact: true });
    const show = page.getByRole("button", { name: "Show this range" });
    await from.fill("");
    await to.fill("");
    await show.focus();
    await page.keyboard.press("Enter");
    await expect(from).toBeFocused();
    await expect(from).toHaveAccessibleDescription("Enter the first day of the range.");

    await from.fill("2026-01-10");
    await to.fill("2026-01-01");
    await show.focus();
    await page.keyboard.press("Enter");
    await expect(to).toBeFocused();
    await expect(to).toHaveAccessibleDescription("The last day must be on or after the first.");
  });

  test("shows which range is chosen in forced colors too", async ({ page }) => {
    await page.emulateMedia({ forcedColors: "active" });
    const chosen = page.getByRole("button", { name: "Last 30 days" });
    await expect(chosen).toHaveAttribute("aria-pressed", "true");
    const look = (element: Locator) =>
      element.evaluate((shown) => {
        const style = getComputedStyle(shown);
        return `${style.backgroundColor} ${style.color} ${style.borderTopWidth}`;
      });
    const chosenLook = await look(chosen);
    // The forced colours drop its brand fill: it has one of its own, unlike the page's text and
    // the other buttons.
    expect(chosenLook).not.toBe(await look(page.locator("body")));
    expect(chosenLook).not.toBe(await look(page.getByRole("button", { name: "Last 7 days" })));
  });

  test("says in words when a report can't be loaded, and tries again on request", async ({
    page,
    context,
  }) => {
    await expect(page.getByRole("table", { name: /^Funnel by campaign/ })).toBeVisible();
    await context.setOffline(true);
    await page.getByRole("button", { name: "Last 7 days" }).click();
    const failure = page.getByRole("alert").filter({ hasText: "The funnel could not be loaded" });
    await expect(failure).toContainText("We couldn't reach the server. Check your connection.");

    await context.setOffline(false);
    await failure.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("table", { name: /^Funnel by campaign/ })).toBeVisible();
    await expect(failure).toHaveCount(0);
  });

  test("groups the funnel by source, and keeps the view in the address for a link or a reload", async ({
    page,
  }) => {
    await page.getByRole("button", { name: "Last 90 days" }).click();
    await page.getByLabel("Group the funnel by").selectOption("source");
    await expect(page).toHaveURL(/\/dashboard\?days=90&by=source$/);
    await page.reload();
    await expect(page.getByRole("button", { name: "Last 90 days" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.getByLabel("Group the funnel by")).toHaveValue("source");
    const bySource = page.getByRole("table", { name: /^Funnel by source/ });
    await expect(
      bySource.getByRole("rowheader", { name: "newsletter", exact: true }),
    ).toBeVisible();
    await expect(bySource.getByRole("columnheader", { name: /Source/ })).toBeVisible();
  });

  test("says which settings of a link it could not use, and writes the address it shows", async ({
    page,
  }) => {
    await page.goto("/dashboard?days=abc&by=foo");
    const note = page.getByRole("status").filter({ hasText: "wasn't understood" });
    await expect(note).toContainText(
      '"by=foo": the funnel is grouped by campaign, source, medium.',
    );
    await expect(note).toContainText('"days=abc": the ranges are the last 7, 30, 90 days.');
    await expect(page).toHaveURL(/\/dashboard\?days=30&by=campaign$/);
    await expect(page.getByRole("button", { name: "Last 30 days" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expectNoSeriousA11yViolations(page);
    // Choosing a view of one's own closes the note.
    await page.getByRole("button", { name: "Last 7 days" }).click();
    await expect(note).toHaveCount(0);
  });
});

const identityToolkit = `${e2eAuthEmulatorOrigin}/identitytoolkit.googleapis.com/v1`;

/** A new account in the Auth emulator, for a test that changes its role. */
async function newAccount(request: APIRequestContext): Promise<{ email: string; uid: string }> {
  const email = `marketer-${test.info().project.name}-${Date.now().toString(36)}@example.com`;
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
async function verifyAddress(request: APIRequestContext, uid: string) {
  const response = await request.post(`${identityToolkit}/projects/demo-bakery/accounts:update`, {
    headers: { Authorization: "Bearer owner" },
    data: { localId: uid, emailVerified: true },
  });
  expect(response.status()).toBe(200);
}

/** Signs `email` in for the first time, which makes their profile, then makes it active. */
async function signInFirstTime(page: Page, email: string) {
  await page.goto(`/login?target=${encodeURIComponent("/dashboard")}`);
  await submitSignIn(page, email);
  // A new profile is pending, so the site sends them on to onboarding.
  await page.waitForURL(myArea.onboarding);
  await runAdmin("users", "set-status", email, "active");
}

test("a role taken away in the database closes the dashboard at the next load, still signed in", async ({
  page,
}) => {
  const { email, uid } = await newAccount(page.request);
  await verifyAddress(page.request, uid);
  await signInFirstTime(page, email);
  await runAdmin("users", "set-role", email, "operator");

  await page.goto("/dashboard");
  await expect(page.getByRole("table", { name: /^Funnel by campaign/ })).toBeVisible();

  await runAdmin("users", "set-role", email, "none");
  const admin = watchAdminRequests(page);
  await page.reload();
  await expect(page.getByText("This page is for the Rise team.")).toBeVisible();
  await expect(page.getByRole("table", { name: /^Funnel by campaign/ })).toHaveCount(0);
  expect(admin).toEqual([]);
});

test("a role claim left in an account's ID token opens nothing: the database decides", async ({
  page,
}) => {
  const { email, uid } = await newAccount(page.request);
  // What `users set-role … operator` also wrote into Firebase before the role lived in the
  // database alone; accounts named then keep it.
  const claimed = await page.request.post(
    `${identityToolkit}/projects/demo-bakery/accounts:update`,
    {
      headers: { Authorization: "Bearer owner" },
      data: { localId: uid, customAttributes: JSON.stringify({ role: "operator" }) },
    },
  );
  expect(claimed.status()).toBe(200);
  await signInFirstTime(page, email);

  const admin = watchAdminRequests(page);
  await page.goto("/dashboard");
  await expect(page.getByText("This page is for the Rise team.")).toBeVisible();
  expect(admin).toEqual([]);
});

test("says so when the account can't be checked, and tries again on request", async ({ page }) => {
  await signInAndReturnTo(page, "/dashboard", operator.email);
  await expect(page.getByRole("table", { name: /^Funnel by campaign/ })).toBeVisible();

  await page.route("**/api/me", (route) => route.abort("internetdisconnected"));
  await page.reload();
  const failure = page.getByRole("alert").filter({ hasText: "couldn't reach our server" });
  await expect(failure).toBeVisible();
  await expect(page.getByRole("table", { name: /^Funnel by campaign/ })).toHaveCount(0);

  await page.unroute("**/api/me");
  await failure.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("table", { name: /^Funnel by campaign/ })).toBeVisible();
  await expect(failure).toHaveCount(0);
});

test("a range without visits says how to get some", async ({ page }) => {
  await signInAndReturnTo(page, "/dashboard", operator.email);
  await page.getByRole("button", { name: "Custom…" }).click();
  await page.getByLabel("From", { exact: true }).fill("2020-01-01");
  await page.getByLabel("To", { exact: true }).fill("2020-01-31");
  await page.getByRole("button", { name: "Show this range" }).click();
  await expect(
    page.getByText("No landings yet — share a link with utm parameters", { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole("table", { name: /^Funnel by campaign/ })).toHaveCount(0);
  // The short links are listed all the same, with no clicks in that month.
  const links = page.getByRole("table", { name: /^Short links/ });
  await expect(links.getByRole("img", { name: "No clicks in this range" }).first()).toBeVisible();
});

test.describe("a campaign's visit, booked demo and paid sign-up", () => {
  // Headless Chromium's own user agent is a bot's, whose landings are not counted.
  test.use({ userAgent: PHONE_USER_AGENT });

  test("show in the funnel under their campaign, once, and only when signed", async ({ page }) => {
    const campaign = `dashboard-${test.info().project.name}-${Date.now().toString(36)}`;
    const landed = page.waitForResponse(
      (response) =>
        response.url().endsWith("/api/events") &&
        response.request().postDataJSON()?.type === "landing",
    );
    await page.goto(`/pricing?utm_source=e2e&utm_medium=email&utm_campaign=${campaign}`);
    expect((await landed).status()).toBe(202);

    const booked = await page.request.post("/api/events", {
      data: {
        type: "demo_booked",
        attribution: { utms: "e2e", utmm: "email", utmc: campaign },
        landing: "/pricing",
      },
    });
    expect(booked.status()).toBe(202);

    // What the payment provider sends when the pricing table's checkout completes, with
    // the client reference the table was given (src_…__med_…__cmp_…).
    const payload = JSON.stringify({
      id: `evt_${campaign.replaceAll("-", "_")}`,
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: `cs_${campaign.replaceAll("-", "_")}`,
          object: "checkout.session",
          payment_status: "paid",
          client_reference_id: `src_e2e__med_email__cmp_${campaign}`,
        },
      },
    });
    const sendWebhook = (body: string, signature?: string) =>
      page.request.post("/api/webhooks/stripe", {
        headers: {
          "Content-Type": "application/json",
          ...(signature === undefined ? {} : { "Stripe-Signature": signature }),
        },
        data: body,
      });
    const signed = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: LOCAL_STRIPE_WEBHOOK_SECRET,
    });
    expect((await sendWebhook(payload, signed)).status()).toBe(200);

    // Neither a replay of that event nor one that is unsigned, signed with another
    // secret or altered after signing adds a paid sign-up.
    expect((await sendWebhook(payload, signed)).status()).toBe(200);
    const forged = payload.replace(`evt_`, `evt_forged_`);
    expect((await sendWebhook(forged)).status()).toBe(400);
    const otherSecret = Stripe.webhooks.generateTestHeaderString({
      payload: forged,
      secret: "whsec_not_ours",
    });
    expect((await sendWebhook(forged, otherSecret)).status()).toBe(400);
    expect((await sendWebhook(forged, signed)).status()).toBe(400);

    await signInAndReturnTo(page, "/dashboard", operator.email);
    const funnel = page.getByRole("table", { name: /^Funnel by campaign/ });
    const row = funnel.getByRole("row").filter({
      has: page.getByRole("rowheader", { name: campaign, exact: true }),
    });
    // Reported by the browser only: booked, not confirmed by the scheduling provider.
    await expect(row.getByRole("cell")).toHaveText(["1", "1", "0", "100.0%", "1", "100.0%"]);
  });
});
