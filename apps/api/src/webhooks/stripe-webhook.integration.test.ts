import { type FunnelGrouping, funnelReportSchema, utcDay } from "@bakery/shared/admin-contract";
import { encodeClientReferenceId } from "@bakery/shared/client-reference-id";
import { sql } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { checkoutSessions } from "../db/schema.ts";
import { recordCheckoutEvent } from "../funnel/checkout-sessions.ts";
import { expectApiError } from "../test-support/expect-api-error.ts";
import { freshTestServerPerTest } from "../test-support/fresh-per-test.ts";
import { operator, seedOperator } from "../test-support/operator-accounts.ts";
import { testBackends } from "../test-support/test-database.ts";
import { startTestServer, testConfig } from "../test-support/test-server.ts";

/**
 * POST /webhooks/stripe: a checkout session joins the funnel as one paid sign-up once it is
 * paid, whichever events the provider sends and in whatever order, only when it signed them.
 */

const secret = testConfig.STRIPE_WEBHOOK_SECRET ?? "";
const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36";

type SessionEventType =
  | "checkout.session.completed"
  | "checkout.session.async_payment_succeeded"
  | "checkout.session.async_payment_failed";

/** A signed-shaped event of the provider about checkout session `session`, created at `at`. */
function sessionEvent(
  type: SessionEventType,
  session: string,
  options: { paymentStatus: string; reference?: string | null | undefined; at: string },
) {
  const suffix = type.slice("checkout.session.".length);
  return JSON.stringify({
    id: `evt_${session}_${suffix}`,
    object: "event",
    type,
    created: Date.parse(options.at) / 1000,
    data: {
      object: {
        id: session,
        object: "checkout.session",
        payment_status: options.paymentStatus,
        client_reference_id: options.reference ?? null,
      },
    },
  });
}

const completed = (session: string, paymentStatus: string, at: string, reference?: string) =>
  sessionEvent("checkout.session.completed", session, { paymentStatus, reference, at });
const paymentSucceeded = (session: string, at: string, reference?: string) =>
  sessionEvent("checkout.session.async_payment_succeeded", session, {
    paymentStatus: "paid",
    reference,
    at,
  });
const paymentFailed = (session: string, at: string, reference?: string) =>
  sessionEvent("checkout.session.async_payment_failed", session, {
    paymentStatus: "unpaid",
    reference,
    at,
  });

describe.each(testBackends({ postgresDatabase: "stripe_webhook" }))(
  "POST /webhooks/stripe against $name",
  ({ open }) => {
    const fresh = freshTestServerPerTest(open, { seed: seedOperator });
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
    /** Delivers each event in turn, as the provider would, each answered 200 once stored. */
    const deliver = async (...payloads: string[]) => {
      for (const payload of payloads) {
        const response = await signed(payload);
        expect(response.status, payload).toBe(200);
        expect(await response.json()).toEqual({ received: true });
      }
    };
    const funnel = async (from: string, to: string, by: FunnelGrouping) => {
      const response = await fetch(
        `${fresh.server.url}/admin/funnel?from=${from}&to=${to}&by=${by}`,
        { headers: { Authorization: `Bearer ${operator}` } },
      );
      expect(response.status).toBe(200);
      return funnelReportSchema.parse(await response.json());
    };
    /** Paid sign-ups per group of the dashboard's funnel ("(none)" for no name), only those with some. */
    const paidSignUps = async (
      from: string,
      to = from,
      by: FunnelGrouping = "campaign",
    ): Promise<Record<string, number>> => {
      const report = await funnel(from, to, by);
      expect(report.other).toBeNull();
      const paid = report.groups.filter((group) => group.checkoutsCompleted > 0);
      expect(report.totals.checkoutsCompleted).toBe(
        paid.reduce((sum, group) => sum + group.checkoutsCompleted, 0),
      );
      return Object.fromEntries(
        paid.map((group) => [group.key ?? "(none)", group.checkoutsCompleted]),
      );
    };
    /** Paid sign-ups per day of the range, only the days with some. */
    const paidByDay = async (from: string, to: string) => {
      const report = await funnel(from, to, "campaign");
      return Object.fromEntries(
        report.days
          .filter((day) => day.checkoutsCompleted > 0)
          .map((day) => [day.day, day.checkoutsCompleted]),
      );
    };
    const stored = () =>
      fresh.handle.db.select().from(checkoutSessions).orderBy(checkoutSessions.session);

    it("counts a checkout completed and paid once, on the day it completed, under its campaign", async () => {
      const at = "2026-03-01T23:59:59Z";
      const payload = completed("cs_paid", "paid", at, "src_fb__med_cpc__cmp_spring");
      // The provider delivers an event again when it missed our answer: nothing new.
      await deliver(payload, payload);
      expect(await paidSignUps("2026-03-01")).toEqual({ spring: 1 });
      expect(await paidSignUps("2026-03-01", "2026-03-01", "source")).toEqual({ fb: 1 });
      expect(await paidSignUps("2026-03-01", "2026-03-01", "medium")).toEqual({ cpc: 1 });
      expect(await paidByDay("2026-02-28", "2026-03-02")).toEqual({ "2026-03-01": 1 });
      expect(await stored()).toMatchObject([
        {
          session: "cs_paid",
          day: "2026-03-01",
          source: "fb",
          medium: "cpc",
          campaign: "spring",
          paidAt: new Date(at),
          failedAt: null,
        },
      ]);
    });

    it("counts a checkout that needed no payment", async () => {
      await deliver(completed("cs_free", "no_payment_required", "2026-03-01T10:00:00Z"));
      expect(await paidSignUps("2026-03-01")).toEqual({ "(none)": 1 });
    });

    it("counts an unpaid checkout only once its delayed payment succeeds, on the day it is paid", async () => {
      const reference = "src_fb__med_cpc__cmp_spring";
      await deliver(completed("cs_delayed", "unpaid", "2026-03-01T22:00:00Z", reference));
      expect(await paidSignUps("2026-03-01", "2026-03-05")).toEqual({});

      const succeeded = paymentSucceeded("cs_delayed", "2026-03-03T09:00:00Z", reference);
      await deliver(succeeded, succeeded);
      expect(await paidSignUps("2026-03-01", "2026-03-05")).toEqual({ spring: 1 });
      expect(await paidByDay("2026-03-01", "2026-03-05")).toEqual({ "2026-03-03": 1 });
    });

    it("never counts a checkout whose delayed payment failed, in either order", async () => {
      const reference = "src_fb__med_cpc__cmp_spring";
      await deliver(
        completed("cs_failed", "unpaid", "2026-03-01T10:00:00Z", reference),
        paymentFailed("cs_failed", "2026-03-02T10:00:00Z", reference),
        paymentFailed("cs_failed_first", "2026-03-02T10:00:00Z", reference),
        completed("cs_failed_first", "unpaid", "2026-03-01T10:00:00Z", reference),
        // Told both outcomes, in either order: a failed payment outweighs a success.
        paymentSucceeded("cs_failed_after", "2026-03-02T10:00:00Z", reference),
        paymentFailed("cs_failed_after", "2026-03-03T10:00:00Z", reference),
        paymentFailed("cs_failed_before", "2026-03-02T10:00:00Z", reference),
        paymentSucceeded("cs_failed_before", "2026-03-03T10:00:00Z", reference),
      );
      expect(await paidSignUps("2026-03-01", "2026-03-05")).toEqual({});
      expect((await stored()).map((row) => [row.session, row.campaign])).toEqual([
        ["cs_failed", "spring"],
        ["cs_failed_after", "spring"],
        ["cs_failed_before", "spring"],
        ["cs_failed_first", "spring"],
      ]);
    });

    it("counts the same whatever order the events come in, and however often", async () => {
      const reference = "src_fb__med_cpc__cmp_spring";
      const first = completed("cs_reversed", "unpaid", "2026-03-01T10:00:00Z", reference);
      const then = paymentSucceeded("cs_reversed", "2026-03-02T10:00:00Z", reference);
      // The payment's outcome first, then the checkout it completed, then both again.
      await deliver(then, first, then, first);
      expect(await paidSignUps("2026-03-01", "2026-03-05")).toEqual({ spring: 1 });
      expect(await paidByDay("2026-03-01", "2026-03-05")).toEqual({ "2026-03-02": 1 });
    });

    it.each([
      ["a terminal escape", "src_x__med_y__cmp__1B_5B31mRED"],
      ["a NUL byte", "src_a__med_b__cmp_a_00b"],
      ["a bidi override", "src_a__med_b__cmp_a_E2_80_AEb"],
      [
        "a NUL byte beside a reference of ours",
        "ref_Zm9vYmFyLWJhei1xdXV4LT__src_a__med_b__cmp_a_00b",
      ],
    ])(
      "stores a checkout whose reference decodes to %s without attribution",
      async (_case, reference) => {
        await deliver(completed("cs_control", "paid", "2026-03-01T10:00:00Z", reference));
        expect(await paidSignUps("2026-03-01")).toEqual({ "(none)": 1 });
        expect(await paidSignUps("2026-03-01", "2026-03-01", "source")).toEqual({ "(none)": 1 });
        expect(await stored()).toMatchObject([
          { session: "cs_control", source: "", medium: "", campaign: "" },
        ]);
      },
    );

    it("counts a checkout without a reference of ours under no campaign", async () => {
      await deliver(
        completed("cs_none", "paid", "2026-03-01T10:00:00Z"),
        completed("cs_customer", "paid", "2026-03-01T10:00:00Z", "customer-42"),
      );
      expect(await paidSignUps("2026-03-01")).toEqual({ "(none)": 2 });
    });

    it("credits the exact names of the visit whose landing reported its reference, however long", async () => {
      const campaign = `z-long-campaign-name-long-campaign-name-long-campaign-name-long-campaign-name-${"k".repeat(17)}`;
      expect(campaign).toHaveLength(95);
      const names = { utms: "Facebook Ads", utmm: "Paid Social", utmc: campaign };
      const ref = "bG9uZy1jYW1wYWlnbi1yZW";
      const landing = await fetch(`${fresh.server.url}/events`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "User-Agent": browser },
        body: JSON.stringify({ type: "landing", ref, attribution: names, landing: "/pricing" }),
      });
      expect(landing.status).toBe(202);

      const reference = encodeClientReferenceId({ ...names, ref });
      // The reference itself can hold only the start of the campaign's name.
      expect(reference).not.toContain("kkk");
      const today = utcDay(new Date());
      await deliver(completed("cs_long", "paid", new Date().toISOString(), reference));

      const byCampaign = await funnel(today, today, "campaign");
      expect(byCampaign.groups).toEqual([
        expect.objectContaining({ key: campaign, landings: 1, checkoutsCompleted: 1 }),
      ]);
      expect(await paidSignUps(today, today, "source")).toEqual({ "Facebook Ads": 1 });
      expect(await paidSignUps(today, today, "medium")).toEqual({ "Paid Social": 1 });
    });

    it("credits the names written in a reference whose visit no landing reported", async () => {
      const names = { utms: "www.google.com", utmm: "referral", utmc: "Pâques 2027" };
      const reference = encodeClientReferenceId({ ...names, ref: "bm9ib2R5LXJlcG9ydGVkLW" });
      await deliver(completed("cs_unreported", "paid", "2026-03-01T10:00:00Z", reference));
      expect(await paidSignUps("2026-03-01")).toEqual({ "Pâques 2027": 1 });
      expect(await paidSignUps("2026-03-01", "2026-03-01", "source")).toEqual({
        "www.google.com": 1,
      });
      expect(await paidSignUps("2026-03-01", "2026-03-01", "medium")).toEqual({ referral: 1 });
    });

    it("answers 5xx while the checkout can't be stored, so the provider retries, then counts it once", async () => {
      const payload = completed(
        "cs_retried",
        "paid",
        "2026-03-01T10:00:00Z",
        "src_fb__med_cpc__cmp_spring",
      );
      await fresh.handle.db.execute(
        sql`alter table checkout_sessions rename to checkout_sessions_away`,
      );
      try {
        const response = await signed(payload);
        expect(response.status).toBeGreaterThanOrEqual(500);
      } finally {
        await fresh.handle.db.execute(
          sql`alter table checkout_sessions_away rename to checkout_sessions`,
        );
      }
      await deliver(payload);
      expect(await paidSignUps("2026-03-01")).toEqual({ spring: 1 });
    });

    it("merges each event into its session's row once, the first names winning", async () => {
      const db = fresh.handle.db;
      const at = new Date("2026-03-01T10:00:00Z");
      const spring = { source: "fb", medium: "cpc", campaign: "spring" };
      const unpaid = { session: "cs_merged", kind: "completed_unpaid", at, names: null } as const;
      expect(await recordCheckoutEvent(db, unpaid)).toBe(true);
      expect(await recordCheckoutEvent(db, unpaid)).toBe(false);
      // A row without names takes the first an event brings, and keeps them.
      expect(await recordCheckoutEvent(db, { ...unpaid, names: spring })).toBe(true);
      const autumn = { ...spring, campaign: "autumn" };
      expect(await recordCheckoutEvent(db, { ...unpaid, names: autumn })).toBe(false);
      const paid = {
        ...unpaid,
        kind: "async_succeeded",
        at: new Date("2026-03-02T10:00:00Z"),
      } as const;
      expect(await recordCheckoutEvent(db, paid)).toBe(true);
      expect(await recordCheckoutEvent(db, { ...paid, at: new Date("2026-03-04T10:00:00Z") })).toBe(
        false,
      );
      expect(await stored()).toMatchObject([
        { session: "cs_merged", day: "2026-03-02", ...spring, paidAt: paid.at, failedAt: null },
      ]);
    });

    it("refuses an unsigned, wrongly signed, altered or stale event and stores nothing", async () => {
      const payload = completed(
        "cs_forged",
        "paid",
        "2027-01-15T08:00:00Z",
        "src_fb__med_cpc__cmp_spring",
      );
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

    it("refuses a signed checkout event without a session id it can keep", async () => {
      const payload = JSON.stringify({
        id: "evt_no_session",
        object: "event",
        type: "checkout.session.completed",
        created: 1_800_000_000,
        data: { object: { object: "checkout.session", payment_status: "paid" } },
      });
      await expectApiError(await signed(payload), 400, "bad_request");
      expect(await stored()).toEqual([]);
    });

    it("acknowledges other event types without storing anything", async () => {
      const payload = JSON.stringify({
        id: "evt_invoice",
        object: "event",
        type: "invoice.paid",
        created: 1_800_000_000,
        data: { object: { id: "in_1", object: "invoice" } },
      });
      await deliver(payload);
      expect(await stored()).toEqual([]);
    });

    it("answers 503 while no signing secret is configured", async () => {
      const unconfigured = await startTestServer(fresh.handle, {
        config: { ...testConfig, STRIPE_WEBHOOK_SECRET: undefined },
      });
      try {
        const payload = completed("cs_unconfigured", "paid", "2027-01-15T08:00:00Z");
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
