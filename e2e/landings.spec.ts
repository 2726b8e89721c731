import { attributionCookieName, visitReferencePattern } from "@bakery/shared/attribution-record";
import type { APIRequestContext, Page } from "@playwright/test";
import { PHONE_USER_AGENT } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";
import { recentFunnel } from "./support/funnel-report.ts";

/**
 * Issue 17: a visit that starts from a campaign is counted once, as a landing with no
 * identifier, and a crawler's visit is not counted. Read back through the operators'
 * funnel report, as the dashboard reads it.
 */

test.use({ userAgent: PHONE_USER_AGENT });

/** A campaign no other test or browser project uses, so the counts are this test's own. */
const uniqueCampaign = (name: string) =>
  `${name}-${test.info().project.name}-${Date.now().toString(36)}`;

/** Today's landings for `campaign` in the funnel report (0 when it has no group). */
async function landingsOf(request: APIRequestContext, campaign: string): Promise<number> {
  const report = await recentFunnel(request, "campaign");
  return report.groups.find((group) => group.key === campaign)?.landings ?? 0;
}

/** Resolves with the landing the page sends to POST /api/events, once the API has answered. */
function landingSent(page: Page) {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith("/api/events") &&
      response.request().postDataJSON()?.type === "landing",
  );
}

test("a visit from a campaign is counted once, without identifiers", async ({ page, request }) => {
  const campaign = uniqueCampaign("landing");
  const sent = landingSent(page);
  await page.goto(`/pricing?utm_source=e2e&utm_medium=test&utm_campaign=${campaign}`);
  const response = await sent;
  expect(response.status()).toBe(202);
  expect(response.request().postDataJSON()).toEqual({
    type: "landing",
    attribution: { utms: "e2e", utmm: "test", utmc: campaign },
    // Random, 128 bits: it tells visits apart, never one visitor from another (decision 0022).
    ref: expect.stringMatching(visitReferencePattern),
    landing: "/pricing",
  });
  // Nothing that could tell this visitor from another goes with it.
  const headers = await response.request().allHeaders();
  expect(headers.authorization).toBeUndefined();
  // The one cookie the site sets holds the campaign names the body carries anyway
  // (decision 0016); nothing else, and no identifier, goes along.
  const cookieNames = (headers.cookie ?? "")
    .split(";")
    .map((cookie) => cookie.trim().split("=")[0])
    .filter(Boolean);
  expect(cookieNames).toEqual([attributionCookieName]);

  // More pages of the same visit, and a reload, are not new landings.
  await page.goto("/");
  await page.reload();
  expect(await landingsOf(request, campaign)).toBe(1);
});

test.describe("as a crawler", () => {
  test.use({
    userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  });

  test("a visit from a campaign is not counted", async ({ page, request }) => {
    const campaign = uniqueCampaign("crawled");
    const sent = landingSent(page);
    await page.goto(`/?utm_source=e2e&utm_medium=test&utm_campaign=${campaign}`);
    // The page sends it like any other; the API answers alike and does not count it.
    expect((await sent).status()).toBe(202);
    expect(await landingsOf(request, campaign)).toBe(0);
  });
});
