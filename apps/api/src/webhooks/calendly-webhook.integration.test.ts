import { funnelReportSchema, utcDay } from "@bakery/shared/admin-contract";
import { newVisitReference } from "@bakery/shared/attribution-record";
import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { demoBookings } from "../db/schema.ts";
import {
  type CalendlyDelivery,
  inviteeCanceledDelivery,
  inviteeCreatedDelivery,
  newInviteeUri,
  signedCalendlyDelivery,
} from "../test-support/calendly-events.ts";
import { expectApiError } from "../test-support/expect-api-error.ts";
import { freshTestServerPerTest } from "../test-support/fresh-per-test.ts";
import { operator, seedOperator } from "../test-support/operator-accounts.ts";
import { testBackends } from "../test-support/test-database.ts";
import { startTestServer, type TestServer, testConfig } from "../test-support/test-server.ts";

/** POST /webhooks/calendly: the scheduling provider's record of booked demos (decision 0021). */

const key = testConfig.CALENDLY_WEBHOOK_SIGNING_KEY ?? "";
const person = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36";
const spring = { utm_source: "fb", utm_medium: "cpc", utm_campaign: "spring" };
const springNames = { source: "fb", medium: "cpc", campaign: "spring" };
const noNames = { source: "", medium: "", campaign: "", attributedBy: "none" };
const dayAfter = (day: string, days: number) =>
  utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));

describe.each(testBackends({ postgresDatabase: "calendly_webhook" }))(
  "POST /webhooks/calendly against $name",
  ({ open }) => {
    const fresh = freshTestServerPerTest(open, { seed: seedOperator });
    type Request = { body: string; headers: Record<string, string> };
    const post = (delivery: Request, target: TestServer = fresh.server) =>
      fetch(`${target.url}/webhooks/calendly`, {
        method: "POST",
        headers: delivery.headers,
        body: delivery.body,
      });
    const deliver = async (delivery: CalendlyDelivery) => {
      const response = await post(delivery);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true });
    };
    const postEvent = (body: unknown) =>
      fetch(`${fresh.server.url}/events`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "User-Agent": person },
        body: JSON.stringify(body),
      });
    const stored = () =>
      fresh.handle.db
        .select()
        .from(demoBookings)
        .orderBy(asc(demoBookings.createdAt), asc(demoBookings.invitee));
    const booking = async (invitee: string) =>
      (await stored()).find((row) => row.invitee === invitee);
    /** The dashboard's funnel (testConfig: only the bookings the provider confirmed count). */
    const funnel = async (from: string, to = from) => {
      const response = await fetch(`${fresh.server.url}/admin/funnel?from=${from}&to=${to}`, {
        headers: { Authorization: `Bearer ${operator}` },
      });
      expect(response.status).toBe(200);
      return funnelReportSchema.parse(await response.json());
    };
    const demosBooked = async (from: string, to = from) =>
      (await funnel(from, to)).totals.demosBooked;

    it("records a signed booking once, on the day it was booked, under its tracked campaign", async () => {
      const invitee = newInviteeUri();
      const delivery = inviteeCreatedDelivery({
        invitee,
        key,
        bookedAt: new Date("2026-03-01T23:59:59.5Z"),
        tracking: spring,
      });
      await deliver(delivery);
      // The provider delivers again when it missed our answer: the same booking.
      await deliver(delivery);
      expect(await stored()).toEqual([
        expect.objectContaining({
          invitee,
          day: "2026-03-01",
          ...springNames,
          attributedBy: "provider",
          landing: null,
          confirmed: true,
          canceledAt: null,
          rescheduled: false,
        }),
      ]);
      const report = await funnel("2026-03-01", "2026-03-02");
      expect(report.groups).toEqual([
        expect.objectContaining({ key: "spring", demosBooked: 1, demosConfirmed: 1 }),
      ]);
      expect(report.days.map((day) => day.demosBooked)).toEqual([1, 0]);
    });

    it("refuses a forged, altered, unsigned or malformed signature, and stores nothing", async () => {
      const delivery = inviteeCreatedDelivery({ invitee: newInviteeUri(), key, tracking: spring });
      const refused = async (sent: Request, message: string) => {
        const body = await expectApiError(await post(sent), 400, "bad_request");
        expect(body.error.message).toBe(message);
      };
      const mismatch = "The Calendly-Webhook-Signature does not match the body";
      await refused(signedCalendlyDelivery(delivery.body, "someone_elses_signing_key"), mismatch);
      await refused({ ...delivery, body: delivery.body.replace("spring", "autumn") }, mismatch);
      await refused(
        { body: delivery.body, headers: { "Content-Type": "application/json" } },
        "Calendly-Webhook-Signature header missing",
      );
      await refused(
        {
          ...delivery,
          headers: { ...delivery.headers, "Calendly-Webhook-Signature": "sha256=abc" },
        },
        "The Calendly-Webhook-Signature header is not of the form t=<time>,v1=<signature>",
      );
      expect(await stored()).toEqual([]);
    });

    it("refuses a delivery signed more than three minutes ago or ahead: a replay later fails", async () => {
      const now = Math.floor(Date.now() / 1000);
      for (const signedAt of [now - 600, now + 600]) {
        const delivery = inviteeCreatedDelivery({ invitee: newInviteeUri(), key, signedAt });
        const body = await expectApiError(await post(delivery), 400, "bad_request");
        expect(body.error.message).toMatch(/is more than 3 minutes old, or ahead of our clock/);
      }
      expect(await stored()).toEqual([]);
    });

    it("refuses a signed body that is not an invitee's event, and ignores other event types", async () => {
      const refused = async (body: string, message: string) => {
        const answer = await post(signedCalendlyDelivery(body, key));
        expect((await expectApiError(answer, 400, "bad_request")).error.message).toBe(message);
      };
      await refused("{event", "The body is not JSON");
      await refused("{}", "event: required");
      const valid = JSON.parse(
        inviteeCreatedDelivery({ invitee: newInviteeUri(), key }).body,
      ) as Record<string, Record<string, unknown>>;
      await refused(
        JSON.stringify({ ...valid, payload: { ...valid.payload, uri: "https://evil.example/1" } }),
        "payload.uri: must be the scheduling provider's invitee address",
      );
      await refused(
        JSON.stringify({ ...valid, payload: { ...valid.payload, rescheduled: "yes" } }),
        "payload.rescheduled: must be true or false",
      );

      const routing = JSON.stringify({ event: "routing_form_submission.created", payload: {} });
      await deliver(signedCalendlyDelivery(routing, key));
      expect(await stored()).toEqual([]);
    });

    it("takes a canceled booking out of the booked demos, once", async () => {
      const invitee = newInviteeUri();
      const bookedAt = new Date("2026-03-02T10:00:00Z");
      const canceledAt = new Date("2026-03-03T08:30:00Z");
      await deliver(inviteeCreatedDelivery({ invitee, key, bookedAt, tracking: spring }));
      const canceled = inviteeCanceledDelivery({ invitee, key, bookedAt, canceledAt });
      await deliver(canceled);
      await deliver(canceled);
      expect(await booking(invitee)).toMatchObject({
        day: "2026-03-02",
        ...springNames,
        confirmed: true,
        canceledAt,
        rescheduled: false,
      });
      expect(await demosBooked("2026-03-01", "2026-03-03")).toBe(0);
    });

    it("keeps a reschedule one booking, on the original day, under the original campaign", async () => {
      // The provider cancels the old invitee (rescheduled) and creates a new one naming it; the
      // two events may arrive in either order.
      for (const cancelFirst of [true, false]) {
        const original = newInviteeUri();
        const replacement = newInviteeUri();
        const bookedAt = new Date("2026-03-02T10:00:00Z");
        const movedAt = new Date("2026-03-05T09:00:00Z");
        await deliver(
          inviteeCreatedDelivery({ invitee: original, key, bookedAt, tracking: spring }),
        );
        const cancel = inviteeCanceledDelivery({
          invitee: original,
          key,
          bookedAt,
          canceledAt: movedAt,
          newInvitee: replacement,
          tracking: spring,
        });
        // A reschedule page carries no tracking of its own.
        const create = inviteeCreatedDelivery({
          invitee: replacement,
          key,
          bookedAt: movedAt,
          oldInvitee: original,
        });
        for (const delivery of cancelFirst ? [cancel, create] : [create, cancel]) {
          await deliver(delivery);
        }
        expect(await booking(original)).toMatchObject({
          day: "2026-03-02",
          canceledAt: movedAt,
          rescheduled: true,
        });
        expect(await booking(replacement)).toMatchObject({
          day: "2026-03-02",
          ...springNames,
          attributedBy: "provider",
          confirmed: true,
          canceledAt: null,
        });
      }
      // Two bookings, both still on the day they were first booked.
      const report = await funnel("2026-03-01", "2026-03-06");
      expect(report.totals).toMatchObject({ demosBooked: 2, demosConfirmed: 2 });
      expect(report.days.find((day) => day.day === "2026-03-02")?.demosBooked).toBe(2);
    });

    it("keeps a booking canceled when its cancellation arrives before its creation", async () => {
      const invitee = newInviteeUri();
      const bookedAt = new Date("2026-03-02T10:00:00Z");
      const canceledAt = new Date("2026-03-02T11:00:00Z");
      await deliver(inviteeCanceledDelivery({ invitee, key, bookedAt, canceledAt }));
      expect(await booking(invitee)).toMatchObject({
        day: "2026-03-02",
        confirmed: true,
        canceledAt,
      });
      await deliver(inviteeCreatedDelivery({ invitee, key, bookedAt, tracking: spring }));
      expect(await booking(invitee)).toMatchObject({
        day: "2026-03-02",
        ...springNames,
        confirmed: true,
        canceledAt,
        rescheduled: false,
      });
      expect(await demosBooked("2026-03-01", "2026-03-03")).toBe(0);
    });

    it("makes the browser's report and the provider's record one booking, whichever comes first", async () => {
      const browserFirst = newInviteeUri();
      const providerFirst = newInviteeUri();
      const report = (invitee: string) =>
        postEvent({
          type: "demo_booked",
          invitee,
          attribution: { utms: "newsletter", utmm: "email", utmc: "march" },
          landing: "/book-demo",
        });
      const bookedAt = new Date();
      const today = utcDay(bookedAt);
      // The browser's report is on the server's day, which may have just turned.
      const around = [dayAfter(today, -1), dayAfter(today, 1)] as const;

      expect((await report(browserFirst)).status).toBe(202);
      expect(await booking(browserFirst)).toMatchObject({ confirmed: false });
      // Unconfirmed: not counted where the provider's webhook is the record.
      expect(await demosBooked(...around)).toBe(0);
      await deliver(
        inviteeCreatedDelivery({ invitee: browserFirst, key, bookedAt, tracking: spring }),
      );
      // The provider's tracking outranks the browser's names, whatever comes after; the
      // browser's landing stays.
      expect((await report(browserFirst)).status).toBe(202);
      expect(await booking(browserFirst)).toMatchObject({
        ...springNames,
        attributedBy: "provider",
        landing: "/book-demo",
        confirmed: true,
      });

      // Without tracking, the browser's names are better than none.
      await deliver(inviteeCreatedDelivery({ invitee: providerFirst, key, bookedAt }));
      expect((await report(providerFirst)).status).toBe(202);
      expect(await booking(providerFirst)).toMatchObject({
        source: "newsletter",
        medium: "email",
        campaign: "march",
        attributedBy: "browser",
        landing: "/book-demo",
        confirmed: true,
      });

      expect(await stored()).toHaveLength(2);
      const counted = await funnel(...around);
      expect(counted.totals).toMatchObject({ demosBooked: 2, demosConfirmed: 2 });
      expect(counted.groups.map((group) => [group.key, group.demosBooked])).toEqual([
        ["march", 1],
        ["spring", 1],
      ]);
    });

    it("merges deliveries and reports of one booking arriving at the same time", async () => {
      const invitee = newInviteeUri();
      const bookedAt = new Date("2026-03-02T10:00:00Z");
      const created = inviteeCreatedDelivery({ invitee, key, bookedAt, tracking: spring });
      const canceled = inviteeCanceledDelivery({ invitee, key, bookedAt });
      const answers = await Promise.all([
        post(created),
        post(canceled),
        post(created),
        postEvent({ type: "demo_booked", invitee, attribution: null, landing: "/book-demo" }),
        post(canceled),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 202, 200]);
      expect(await stored()).toEqual([
        expect.objectContaining({
          invitee,
          day: "2026-03-02",
          ...springNames,
          landing: "/book-demo",
          confirmed: true,
          canceledAt: expect.any(Date),
        }),
      ]);
    });

    it("stores a booking whose tracking holds a control or format character, credited to none", async () => {
      const hostile = [
        { ...spring, utm_campaign: "\u001b[31mRED" },
        { ...spring, utm_source: "a\u0000b" },
        { ...spring, utm_medium: "cpc\u202E" },
        { ...spring, utm_campaign: "spring\u009b" },
      ];
      const invitees = hostile.map(() => newInviteeUri());
      const bookedAt = new Date("2026-03-02T10:00:00Z");
      for (const [i, tracking] of hostile.entries()) {
        const invitee = invitees[i] ?? "";
        await deliver(inviteeCreatedDelivery({ invitee, key, bookedAt, tracking }));
      }
      const rows = await stored();
      expect(rows).toHaveLength(hostile.length);
      for (const row of rows) expect(row).toMatchObject({ ...noNames, confirmed: true });
      expect((await funnel("2026-03-02")).groups).toEqual([
        expect.objectContaining({ key: null, demosBooked: hostile.length }),
      ]);
    });

    it("cleans tracked names by the events schema's rule: NFC, trimmed, cut to 100 characters", async () => {
      const invitee = newInviteeUri();
      const tracking = {
        utm_source: "  Cafe\u0301  ",
        utm_medium: null,
        utm_campaign: "c".repeat(150),
      };
      await deliver(inviteeCreatedDelivery({ invitee, key, tracking }));
      expect(await booking(invitee)).toMatchObject({
        source: "Café",
        medium: "",
        campaign: "c".repeat(100),
        attributedBy: "provider",
      });
    });

    it("credits the exact names kept with the visit reference the booking carries back", async () => {
      const ref = newVisitReference();
      const campaign = `z-long-campaign-name-long-campaign-name-long-campaign-name-long-campaign-name-${"7".repeat(17)}`;
      expect(campaign).toHaveLength(95);
      const landing = await postEvent({
        type: "landing",
        ref,
        attribution: { utms: "Google Ads", utmm: "cpc", utmc: campaign },
        landing: "/book-demo",
      });
      expect(landing.status).toBe(202);

      const credited = newInviteeUri();
      // The frame's address carried the reference and the names, which the provider may cut.
      const tracking = {
        utm_source: "Google Ads",
        utm_medium: "cpc",
        utm_campaign: campaign.slice(0, 60),
        salesforce_uuid: ref,
      };
      await deliver(inviteeCreatedDelivery({ invitee: credited, key, tracking }));
      expect(await booking(credited)).toMatchObject({
        source: "Google Ads",
        medium: "cpc",
        campaign,
        attributedBy: "reference",
      });
      const today = utcDay(new Date());
      const [group] = (await funnel(dayAfter(today, -1), dayAfter(today, 1))).groups;
      expect(group).toMatchObject({ key: campaign, landings: 1, demosBooked: 1 });

      // A reference no landing reported, or not a reference at all: the tracked names.
      for (const salesforce_uuid of [newVisitReference(), "00Q5e00000AbCdE"]) {
        const invitee = newInviteeUri();
        await deliver(
          inviteeCreatedDelivery({ invitee, key, tracking: { ...spring, salesforce_uuid } }),
        );
        expect(await booking(invitee)).toMatchObject({ ...springNames, attributedBy: "provider" });
      }
    });

    it("answers 503 while no signing key is configured, and stores nothing", async () => {
      const unconfigured = await startTestServer(fresh.handle, {
        config: { ...testConfig, CALENDLY_WEBHOOK_SIGNING_KEY: undefined },
      });
      try {
        const delivery = inviteeCreatedDelivery({ invitee: newInviteeUri(), key });
        await expectApiError(await post(delivery, unconfigured), 503, "service_unavailable");
      } finally {
        await unconfigured.close();
      }
      expect(await stored()).toEqual([]);
    });

    it("answers 503 when the database fails, so the provider retries, and stores the retry once", async () => {
      // Every query fails as postgres.js fails when the server refuses connections.
      const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
        code: "ECONNREFUSED",
      });
      const down = new Proxy(fresh.handle.db, {
        get: () => () => {
          throw refused;
        },
      });
      const broken = await startTestServer(fresh.handle, { db: down });
      const invitee = newInviteeUri();
      const delivery = inviteeCreatedDelivery({ invitee, key, tracking: spring });
      try {
        const answer = await post(delivery, broken);
        await expectApiError(answer, 503, "service_unavailable");
        expect(answer.headers.get("retry-after")).toBeTruthy();
      } finally {
        await broken.close();
      }
      expect(await stored()).toEqual([]);
      await deliver(delivery);
      await deliver(delivery);
      expect(await stored()).toEqual([expect.objectContaining({ invitee, confirmed: true })]);
    });
  },
);
