import { funnelReportSchema, utcDay } from "@bakery/shared/admin-contract";
import { conversionAcceptedSchema } from "@bakery/shared/api-contract";
import { newVisitReference } from "@bakery/shared/attribution-record";
import { asc, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { demoBookings } from "../db/schema.ts";
import { newInviteeUri } from "../test-support/calendly-events.ts";
import { expectApiError } from "../test-support/expect-api-error.ts";
import { freshTestServerPerTest } from "../test-support/fresh-per-test.ts";
import { operator, seedOperator } from "../test-support/operator-accounts.ts";
import { testBackends } from "../test-support/test-database.ts";
import {
  startTestServer,
  stopRateLimitClock,
  type TestServer,
  testConfig,
} from "../test-support/test-server.ts";
import { EVENT_BODY_MAX_BYTES } from "./event-routes.ts";

/**
 * POST /events: a booked demo as the browser saw it, with its attribution: a hint merged into
 * the booking the scheduling provider's webhook records (decision 0021).
 */

/** What every landing that is not a path on this site is told. */
const onSite = "landing: must be a path on this site starting with /";

const booked = {
  type: "demo_booked",
  attribution: { utms: "fb", utmm: "cpc", utmc: "spring" },
  landing: "/pricing",
};
const person = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36";

describe.each(testBackends({ postgresDatabase: "events" }))(
  "POST /events against $name",
  ({ open }) => {
    // A fresh instance per test: rate-limit counts live in its memory as well as in the database.
    const fresh = freshTestServerPerTest(open, { seed: seedOperator });
    const post = (
      body: unknown,
      headers: Record<string, string> = {},
      target: TestServer = fresh.server,
    ) =>
      fetch(`${target.url}/events`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
    const storedEvents = () =>
      fresh.handle.db
        .select()
        .from(demoBookings)
        .orderBy(asc(demoBookings.createdAt), asc(demoBookings.invitee));

    it("stores a booked demo with its attribution, unconfirmed, and answers 202", async () => {
      const before = utcDay(new Date());
      const response = await post(booked);
      expect(response.status).toBe(202);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(conversionAcceptedSchema.parse(await response.json())).toEqual({ accepted: true });

      const [row, ...others] = await storedEvents();
      expect(others).toEqual([]);
      expect(row).toMatchObject({
        // It named no invitee: a booking of its own, which no webhook can confirm.
        invitee: expect.stringMatching(/^browser:[0-9a-f-]{36}$/),
        source: "fb",
        medium: "cpc",
        campaign: "spring",
        attributedBy: "browser",
        landing: "/pricing",
        confirmed: false,
        canceledAt: null,
      });
      // Today's UTC day, which may have turned during the request.
      expect([before, utcDay(new Date())]).toContain(row?.day);
    });

    it("stores a visit without attribution or landing page, and empty names as none", async () => {
      expect((await post({ type: "demo_booked", attribution: null, landing: null })).status).toBe(
        202,
      );
      const referrerOnly = { utms: "www.google.com", utmm: "", utmc: "" };
      expect((await post({ ...booked, attribution: referrerOnly, landing: "/" })).status).toBe(202);
      const blank = { utms: "", utmm: "", utmc: "" };
      expect((await post({ ...booked, attribution: blank, landing: "/" })).status).toBe(202);
      const rows = await storedEvents();
      expect(
        rows
          .map((r) => [r.source, r.medium, r.campaign, r.attributedBy, r.landing])
          .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      ).toEqual([
        ["", "", "", "none", null],
        ["", "", "", "none", "/"],
        ["www.google.com", "", "", "browser", "/"],
      ]);
    });

    it("keeps one booking per invitee the report names, however often it is reported", async () => {
      const invitee = newInviteeUri();
      expect((await post({ ...booked, invitee })).status).toBe(202);
      expect((await post({ ...booked, invitee, landing: "/book-demo" })).status).toBe(202);
      expect(await storedEvents()).toEqual([
        expect.objectContaining({ invitee, campaign: "spring", landing: "/pricing" }),
      ]);
    });

    it("credits the names kept with the visit reference the report carries, else the names it sent", async () => {
      const ref = newVisitReference();
      const landing = await post(
        {
          type: "landing",
          ref,
          attribution: { utms: "Google Ads", utmm: "cpc", utmc: "Pâques 2027" },
          landing: "/book-demo",
        },
        { "User-Agent": person },
      );
      expect(landing.status).toBe(202);
      const known = newInviteeUri();
      const unknown = newInviteeUri();
      expect((await post({ ...booked, invitee: known, ref })).status).toBe(202);
      const otherRef = newVisitReference();
      expect((await post({ ...booked, invitee: unknown, ref: otherRef })).status).toBe(202);
      const rows = await storedEvents();
      expect(rows.find((row) => row.invitee === known)).toMatchObject({
        source: "Google Ads",
        medium: "cpc",
        campaign: "Pâques 2027",
        attributedBy: "reference",
      });
      expect(rows.find((row) => row.invitee === unknown)).toMatchObject({
        source: "fb",
        attributedBy: "browser",
      });
    });

    it("stores a browser's report, counted unconfirmed only where the provider's webhook is not the record", async () => {
      expect(testConfig.browserBookingsCount).toBe(false);
      expect((await post({ ...booked, invitee: newInviteeUri() })).status).toBe(202);
      expect(await storedEvents()).toHaveLength(1);
      const today = utcDay(new Date());
      const yesterday = utcDay(new Date(Date.now() - 86_400_000));
      const totals = async (target: TestServer) => {
        const response = await fetch(`${target.url}/admin/funnel?from=${yesterday}&to=${today}`, {
          headers: { Authorization: `Bearer ${operator}` },
        });
        expect(response.status).toBe(200);
        return funnelReportSchema.parse(await response.json()).totals;
      };
      expect(await totals(fresh.server)).toMatchObject({ demosBooked: 0, demosConfirmed: 0 });
      // Local mode, or production without the provider's signing key.
      const browserCounts = await startTestServer(fresh.handle, {
        config: { ...testConfig, browserBookingsCount: true },
      });
      try {
        expect(await totals(browserCounts)).toMatchObject({ demosBooked: 1, demosConfirmed: 0 });
      } finally {
        await browserCounts.close();
      }
    });

    it.each([
      ["a body that is not JSON", "{type: demo_booked", "The body is not valid JSON"],
      ["an array", [booked], "body: must be a JSON object"],
      ["null", "null", "body: must be a JSON object"],
      [
        "an unknown type",
        { ...booked, type: "signup" },
        'type: must be one of "demo_booked", "landing"',
      ],
      ["no type", { landing: "/" }, "type: required"],
      ["an extra field", { ...booked, email: "ana@example.com" }, 'body: unknown field "email"'],
      [
        "an extra attribution field",
        { ...booked, attribution: { ...booked.attribution, x: "1" } },
        'attribution: unknown field "x"',
      ],
      ["a missing attribution", { type: "demo_booked", landing: "/" }, "attribution: required"],
      [
        "a number as source",
        { ...booked, attribution: { ...booked.attribution, utms: 1 } },
        "attribution.utms: must be a string",
      ],
      [
        "a control character",
        { ...booked, attribution: { ...booked.attribution, utmc: "spring\nsale" } },
        "attribution.utmc: must not contain control characters",
      ],
      [
        "a C1 control character (CSI)",
        { ...booked, attribution: { ...booked.attribution, utms: "fb\u009b31m" } },
        "attribution.utms: must not contain control characters",
      ],
      [
        "a bidi override",
        { ...booked, attribution: { ...booked.attribution, utmm: "\u202Ecpc" } },
        "attribution.utmm: must not contain control characters",
      ],
      [
        "an invitee that is not the scheduling provider's",
        { ...booked, invitee: "https://evil.example/scheduled_events/a/invitees/b" },
        "invitee: must be the scheduling provider's invitee address",
      ],
      [
        "a visit reference of the wrong form",
        { ...booked, ref: "short" },
        "ref: must be a visit reference of 22 URL-safe characters",
      ],
      ["a landing page without /", { ...booked, landing: "pricing" }, onSite],
      ["a protocol-relative landing", { ...booked, landing: "//evil.example/x" }, onSite],
      ["an absolute landing URL", { ...booked, landing: "https://evil.example/" }, onSite],
      ["a landing with a space", { ...booked, landing: "/a b" }, onSite],
      [
        "a 301-character landing",
        { ...booked, landing: `/${"p".repeat(300)}` },
        "landing: must be at most 300 characters",
      ],
    ])(
      "refuses %s with 400, says why in plain words, and stores nothing",
      async (_name, body, message) => {
        const response = await post(body);
        const error = await expectApiError(response, 400, "bad_request");
        expect(error.error.message).toBe(message);
        expect(await storedEvents()).toEqual([]);
      },
    );

    it("accepts the longest landing page, and cuts names to 100 characters", async () => {
      const longest = {
        type: "demo_booked",
        attribution: { utms: "s".repeat(150), utmm: "m".repeat(150), utmc: "c".repeat(150) },
        landing: `/${"p".repeat(299)}`,
      };
      expect((await post(longest)).status).toBe(202);
      expect(await storedEvents()).toEqual([
        expect.objectContaining({
          source: "s".repeat(100),
          medium: "m".repeat(100),
          campaign: "c".repeat(100),
          landing: longest.landing,
        }),
      ]);
    });

    it("refuses a body that is not application/json with 415", async () => {
      await expectApiError(
        await post(booked, { "Content-Type": "text/plain" }),
        415,
        "unsupported_media_type",
      );
      expect(await storedEvents()).toEqual([]);
    });

    it("refuses a body over 4 KB with 413, by its length or while streaming", async () => {
      const big = { ...booked, landing: `/${"p".repeat(EVENT_BODY_MAX_BYTES)}` };
      await expectApiError(await post(big), 413, "payload_too_large");

      // No Content-Length (chunked): the limit is enforced while reading.
      const chunks = [JSON.stringify(big).slice(0, 3000), JSON.stringify(big).slice(3000)];
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
          controller.close();
        },
      });
      const streamed = await fetch(`${fresh.server.url}/events`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: stream,
        duplex: "half",
      } as RequestInit);
      await expectApiError(streamed, 413, "payload_too_large");
      expect(await storedEvents()).toEqual([]);
    });

    it("answers 429 with Retry-After past the per-client limit, per client", async () => {
      const limited = await startTestServer(fresh.handle, {
        config: { ...testConfig, RATE_LIMIT_EVENTS_PER_MINUTE: 3, TRUST_PROXY: 1 },
      });
      try {
        stopRateLimitClock();
        const from = (client: string) => ({ "X-Forwarded-For": client });
        for (let i = 0; i < 3; i++) {
          expect((await post(booked, from("203.0.113.7"), limited)).status).toBe(202);
        }
        const refused = await post(booked, from("203.0.113.7"), limited);
        await expectApiError(refused, 429, "rate_limited");
        const retryAfter = Number(refused.headers.get("retry-after"));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
        // Bad requests count too: they cost the same to refuse.
        await expectApiError(await post("{", from("203.0.113.7"), limited), 429, "rate_limited");

        // Another client has its own allowance.
        expect((await post(booked, from("203.0.113.8"), limited)).status).toBe(202);
        expect(await storedEvents()).toHaveLength(4);
      } finally {
        await limited.close();
      }
    });

    it("lets a split-origin site send events (CORS preflight allows POST)", async () => {
      const preflight = await fetch(`${fresh.server.url}/events`, {
        method: "OPTIONS",
        headers: {
          Origin: "https://admin.example.com",
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "content-type",
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("access-control-allow-methods")).toMatch(/POST/);
    });

    it("keeps the bookings' list of attribution sources in the database too", async () => {
      await expect(
        fresh.handle.db.execute(
          sql`insert into demo_bookings (invitee, day, attributed_by) values ('x', '2026-03-01', 'nonsense')`,
        ),
      ).rejects.toThrow();
    });
  },
);
