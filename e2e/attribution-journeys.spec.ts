import { randomUUID } from "node:crypto";
import {
  LOCAL_CALENDLY_WEBHOOK_SIGNING_KEY,
  LOCAL_STRIPE_WEBHOOK_SECRET,
} from "@bakery/api/config";
import {
  type CalendlyTracking,
  inviteeCreatedDelivery,
  newInviteeUri,
} from "@bakery/api/test-support/calendly-events";
import { funnelGroupings } from "@bakery/shared/admin-contract";
import { visitReferencePattern } from "@bakery/shared/attribution-record";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import Stripe from "stripe";
import { PHONE_USER_AGENT } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";
import { recentFunnel } from "./support/funnel-report.ts";

/**
 * Issue 40: people's journeys from campaign links, each credited exactly once, under the very
 * names it came with, in every column of the funnel. Each visitor lands, books a demo in the
 * scheduling frame (the embed's message, naming the invitee), and checks out in the pricing
 * table (the payment provider's signed event, with the client reference the table was given);
 * the scheduling provider's signed `invitee.created` for the same invitee arrives too, with what
 * the frame's address carried. The providers are stubs (fixtures.ts): what they send back is
 * read from the page, as they would read it.
 */

// Headless Chromium's own user agent is a bot's, whose landings are not counted.
test.use({ userAgent: PHONE_USER_AGENT });

/** A visit's names, by the funnel's groupings. */
type Names = { source: string; medium: string; campaign: string };

type Journey = {
  title: string;
  /** The names the visit must be credited under ("" where it has none), from a unique id. */
  names: (id: string) => Names;
  /** Another site's page the visitor follows a plain link from, instead of a campaign link. */
  referrer?: (id: string) => string;
  /** Storage is emptied (Safari's 7-day cap) before the visitor signs up. */
  storageWipedBeforeSignUp?: boolean;
};

/** A realistic auto-generated ad campaign name, 95 characters long (ids are at most 13). */
function longCampaign(id: string): string {
  const prefix = `z-${"long-campaign-name-".repeat(4)}`;
  return `${prefix}${id.padStart(95 - prefix.length, "0")}`;
}

const journeys: Journey[] = [
  {
    title: "names with dots",
    names: (id) => ({
      source: `news.letter.${id}`,
      medium: `e.mail.${id}`,
      campaign: `spring.sale.2026.${id}`,
    }),
  },
  {
    title: "names with spaces",
    names: (id) => ({
      source: `Local Paper ${id}`,
      medium: `print ad ${id}`,
      campaign: `Spring Sale ${id}`,
    }),
  },
  {
    title: "names in capitals",
    names: (id) => ({
      source: `FaceBook-${id}`,
      medium: `CPC-${id}`,
      campaign: `SPRING-Sale-${id}`,
    }),
  },
  {
    title: "names with accents",
    names: (id) => ({
      source: `Réseaux-${id}`,
      medium: `Été-${id}`,
      campaign: `Crème brûlée à emporter ${id}`,
    }),
  },
  {
    title: "a 95-character campaign",
    names: (id) => ({ source: `ads-${id}`, medium: `cpc-${id}`, campaign: longCampaign(id) }),
  },
  {
    title: "storage wiped before sign-up",
    names: (id) => ({ source: `sms-${id}`, medium: `text-${id}`, campaign: `winter-${id}` }),
    storageWipedBeforeSignUp: true,
  },
  {
    title: "a visit from another site's link",
    names: (id) => ({ source: `blog-${id}.example`, medium: "", campaign: "" }),
    referrer: (id) => `https://blog-${id}.example/best-bakery-software`,
  },
];

/** An id no other test, browser project or run uses, so the funnel's rows are this test's own. */
function uniqueId(): string {
  const project = test.info().project.name.slice(0, 1);
  return `${project}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The campaign link a journey starts from. */
function campaignLink(path: string, names: Names): string {
  const query = new URLSearchParams({
    utm_source: names.source,
    utm_medium: names.medium,
    utm_campaign: names.campaign,
  });
  return `${path}?${query}`;
}

/** Resolves with the event of `type` the page sends to POST /api/events, once answered. */
function eventSent(page: Page, type: "landing" | "demo_booked") {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith("/api/events") && response.request().postDataJSON()?.type === type,
  );
}

/** The visit's reference as localStorage's record keeps it. */
function storedReference(page: Page): Promise<unknown> {
  return page.evaluate(() => JSON.parse(localStorage.getItem("utm") ?? "null")?.ref);
}

/** The visit's reference in the cookie our server set. */
async function cookieReference(context: BrowserContext): Promise<string | null> {
  const cookie = (await context.cookies()).find(({ name }) => name === "utm");
  return new URLSearchParams(cookie?.value ?? "").get("ref");
}

/** Dispatches the scheduling embed's "booked" message on the page, as its frame posts it. */
function receiveBooking(page: Page, invitee: string) {
  const booked = {
    event: "calendly.event_scheduled",
    payload: {
      event: { uri: invitee.replace(/\/invitees\/.*$/, "") },
      invitee: { uri: invitee },
    },
  };
  return page.evaluate(
    (data) =>
      window.dispatchEvent(new MessageEvent("message", { origin: "https://calendly.com", data })),
    booked,
  );
}

/** What the scheduling provider passes back in the booking's tracking: the frame's address. */
function trackingOf(frameAddress: URL): CalendlyTracking {
  const read = (name: string) => frameAddress.searchParams.get(name);
  return {
    utm_source: read("utm_source"),
    utm_medium: read("utm_medium"),
    utm_campaign: read("utm_campaign"),
    utm_content: read("utm_content"),
    salesforce_uuid: read("salesforce_uuid"),
  };
}

/** The payment provider's signed `checkout.session.completed` of a paid checkout. */
async function sendPaidCheckout(request: APIRequestContext, clientReferenceId: string) {
  const session = `cs_test_${randomUUID().replaceAll("-", "")}`;
  const payload = JSON.stringify({
    id: `evt_${randomUUID().replaceAll("-", "")}`,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: session,
        object: "checkout.session",
        payment_status: "paid",
        client_reference_id: clientReferenceId,
      },
    },
  });
  const response = await request.post("/api/webhooks/stripe", {
    headers: {
      "Content-Type": "application/json",
      "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: LOCAL_STRIPE_WEBHOOK_SECRET,
      }),
    },
    data: payload,
  });
  expect(response.status()).toBe(200);
}

/**
 * A name the funnel shows that belongs to this journey without being one of its names: the
 * journey's id in another spelling, or one of its names cut short (a reference's old limit).
 */
function isStrayName(key: string, names: Names, id: string): boolean {
  const used = Object.values(names);
  if (used.includes(key)) return false;
  return (
    key.toLowerCase().includes(id) || used.some((name) => key.length >= 20 && name.startsWith(key))
  );
}

for (const journey of journeys) {
  test(`${journey.title}: the landing, the demo and the paid sign-up are each credited once, under the names used`, async ({
    page,
    context,
    request,
  }) => {
    const id = uniqueId();
    const names = journey.names(id);

    // Lands, from a campaign link or another site's.
    const landed = eventSent(page, "landing");
    if (journey.referrer) {
      await page.goto("/pricing", { referer: journey.referrer(id) });
    } else {
      await page.goto(campaignLink("/", names));
    }
    const landing = await landed;
    expect(landing.status()).toBe(202);
    const ref = await storedReference(page);
    expect(ref).toMatch(visitReferencePattern);
    // One reference for the visit: the landing's report, storage and our server's cookie.
    expect(landing.request().postDataJSON()).toMatchObject({
      attribution: { utms: names.source, utmm: names.medium, utmc: names.campaign },
      ref,
    });
    expect(await cookieReference(context)).toBe(ref);

    // Books a demo in the scheduling frame.
    await page.goto("/book-demo");
    const frame = page.locator('iframe[title="Book a demo: pick a time"]');
    await expect(frame).toHaveAttribute("src", /^https:\/\/calendly\.com\//);
    const tracking = trackingOf(new URL((await frame.getAttribute("src")) ?? ""));
    expect(tracking.salesforce_uuid).toBe(ref);
    // The team's own ad-variant parameter is left to their campaigns.
    expect(tracking.utm_content).toBeNull();
    const invitee = newInviteeUri();
    const reported = eventSent(page, "demo_booked");
    await receiveBooking(page, invitee);
    const report = await reported;
    expect(report.status()).toBe(202);
    expect(report.request().postDataJSON()).toMatchObject({ invitee, ref });

    // The scheduling provider's own record of the same booking.
    const delivery = inviteeCreatedDelivery({
      invitee,
      key: LOCAL_CALENDLY_WEBHOOK_SIGNING_KEY,
      tracking,
    });
    const confirmed = await request.post("/api/webhooks/calendly", {
      headers: delivery.headers,
      data: delivery.body,
    });
    expect(confirmed.status()).toBe(200);

    if (journey.storageWipedBeforeSignUp) {
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
    }

    // Signs up in the pricing table, and pays.
    await page.goto("/signup");
    const table = page.locator("stripe-pricing-table");
    await expect(table).toHaveAttribute("client-reference-id", new RegExp(`^ref_${ref}__src_`));
    await sendPaidCheckout(request, (await table.getAttribute("client-reference-id")) ?? "");

    for (const by of funnelGroupings) {
      const report = await recentFunnel(request, by);
      const key = names[by];
      // A visit from another site's link has no medium or campaign: it is among every other
      // visit without one, so only its source is its own row.
      if (key) {
        const group = report.groups.find((candidate) => candidate.key === key);
        expect(group, `the row for ${by} "${key}"`).toMatchObject({
          landings: 1,
          demosBooked: 1,
          demosConfirmed: 1,
          checkoutsCompleted: 1,
        });
      }
      const stray = report.groups
        .map((group) => group.key)
        .filter((name) => name !== null && isStrayName(name, names, id));
      expect(stray, `rows by ${by} under names nobody used`).toEqual([]);
    }
  });
}
