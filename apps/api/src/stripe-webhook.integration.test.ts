import { encodeClientReferenceId } from "@bakery/shared/client-reference-id";
import { asc } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { conversionCounts, conversionEvents } from "./db/schema.ts";
import { expectApiError } from "./test-support/expect-api-error.ts";
import { freshTestServerPerTest } from "./test-support/fresh-per-test.ts";
import { testBackends } from "./test-support/test-database.ts";
import { startTestServer, testConfig } from "./test-support/test-server.ts";

/** POST /webhooks/stripe: paid sign-ups join the funnel, only when the provider signed them. */

const secret = testConfig.STRIPE_WEBHOOK_SECRET ?? "";

function checkoutCompleted(id: string, clientReferenceId: string | null, created: number) {
  return JSON.stringify({
    id,
    object: "event",
    type: "checkout.session.completed",
    created,
    data: {
      object: {
        id: `cs_${id}`,
        object: "checkout.session",
        client_reference_id: clientReferenceId,
      },
    },
  });
}

describe.each(testBackends({ postgresDatabase: "stripe_webhook" }))(
  "POST /webhooks/stripe against $name",
  ({ open }) => {
    const fresh = freshTestServerPerTest(open);
    const post = (payload: string, signature: string | null) =>
      fetch(`${fresh.server.url}/webhooks/stripe`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(signature === null ? {} : { "Stripe-Signature": signature }),
        },
        body: payload,
      });
    const signed = (payload: string, key = secret) =>
      post(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: key }));
    const stored = () =>
      fresh.handle.db.select().from(conversionEvents).orderBy(asc(conversionEvents.id));

    it("records a signed completed checkout once, under the campaign it came from", async () => {
      const created = Date.parse("2026-03-01T23:59:59Z") / 1000;
      const payload = checkoutCompleted("evt_1", "src_fb__med_cpc__cmp_spring", created);
      const response = await signed(payload);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true });
      // The provider delivers an event again when it missed our answer: nothing new.
      expect((await signed(payload)).status).toBe(200);

      const rows = await stored();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        type: "checkout_completed",
        utmSource: "fb",
        utmMedium: "cpc",
        utmCampaign: "spring",
        landing: null,
        stripeEventId: "evt_1",
        // The day the checkout completed, not the day the event arrived.
        createdAt: new Date(created * 1000),
      });
      // Counted once in the funnel too, on the day it completed.
      expect(await fresh.handle.db.select().from(conversionCounts)).toEqual([
        {
          day: "2026-03-01",
          type: "checkout_completed",
          source: "fb",
          medium: "cpc",
          campaign: "spring",
          count: 1,
        },
      ]);
    });

    it("records a source with dots, underscores or accents exactly as the visit had it", async () => {
      const source = { utms: "www.google.com", utmm: "referral", utmc: "pâques_2027" };
      const reference = encodeClientReferenceId(source);
      const now = Math.floor(Date.now() / 1000);
      expect((await signed(checkoutCompleted("evt_5", reference ?? null, now))).status).toBe(200);
      const [row] = await stored();
      expect([row?.utmSource, row?.utmMedium, row?.utmCampaign]).toEqual([
        "www.google.com",
        "referral",
        "pâques_2027",
      ]);
    });

    it("records a checkout without a reference of ours as coming from nowhere", async () => {
      const now = Math.floor(Date.now() / 1000);
      expect((await signed(checkoutCompleted("evt_2", null, now))).status).toBe(200);
      expect((await signed(checkoutCompleted("evt_3", "customer-42", now))).status).toBe(200);
      const rows = await stored();
      expect(rows.map((row) => [row.stripeEventId, row.utmSource, row.utmCampaign])).toEqual([
        ["evt_2", null, null],
        ["evt_3", null, null],
      ]);
    });

    it("refuses an unsigned, wrongly signed, altered or stale event and stores nothing", async () => {
      const payload = checkoutCompleted("evt_4", "src_fb__med_cpc__cmp_spring", 1_800_000_000);
      await expectApiError(await post(payload, null), 400, "bad_request");
      await expectApiError(await signed(payload, "whsec_someone_else"), 400, "bad_request");
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
      const altered = payload.replace("spring", "autumn");
      const body = await expectApiError(await post(altered, header), 400, "bad_request");
      expect(body.error.message).toBe("The Stripe-Signature does not match the body");
      // Signed long ago: a captured request can't be replayed later.
      const stale = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret,
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      });
      await expectApiError(await post(payload, stale), 400, "bad_request");
      expect(await stored()).toEqual([]);
    });

    it("acknowledges other event types without storing anything", async () => {
      const payload = JSON.stringify({
        id: "evt_5",
        object: "event",
        type: "invoice.paid",
        created: 1_800_000_000,
        data: { object: { id: "in_1", object: "invoice" } },
      });
      expect((await signed(payload)).status).toBe(200);
      expect(await stored()).toEqual([]);
    });

    it("answers 503 while no signing secret is configured", async () => {
      const unconfigured = await startTestServer(fresh.handle, {
        config: { ...testConfig, STRIPE_WEBHOOK_SECRET: undefined },
      });
      try {
        const payload = checkoutCompleted("evt_6", null, 1_800_000_000);
        const response = await fetch(`${unconfigured.url}/webhooks/stripe`, {
          method: "POST",
          headers: {
            "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload, secret }),
          },
          body: payload,
        });
        await expectApiError(response, 503, "service_unavailable");
      } finally {
        await unconfigured.close();
      }
      expect(await stored()).toEqual([]);
    });
  },
);
