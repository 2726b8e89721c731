import { conversionAcceptedSchema } from "@bakery/shared/api-contract";
import { asc, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { conversionEvents } from "./db/schema.ts";
import { EVENT_BODY_MAX_BYTES } from "./routes/events.ts";
import { expectApiError } from "./test-support/expect-api-error.ts";
import { freshTestServerPerTest } from "./test-support/fresh-per-test.ts";
import { testBackends } from "./test-support/test-database.ts";
import {
  startTestServer,
  stopRateLimitClock,
  type TestServer,
  testConfig,
} from "./test-support/test-server.ts";

/** POST /events: the conversion record (a booked demo with its attribution). */

/** What every landing that is not a path on this site is told. */
const onSite = "landing: must be a path on this site starting with /";

const booked = {
  type: "demo_booked",
  attribution: { utms: "fb", utmm: "cpc", utmc: "spring" },
  landing: "/pricing",
};

describe.each(testBackends({ postgresDatabase: "events" }))(
  "POST /events against $name",
  ({ open }) => {
    // A fresh instance per test: rate-limit counts live in its memory as well as in the database.
    const fresh = freshTestServerPerTest(open);
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
      fresh.handle.db.select().from(conversionEvents).orderBy(asc(conversionEvents.id));

    it("stores a booked demo with its attribution and answers 202", async () => {
      const before = Date.now();
      const response = await post(booked);
      expect(response.status).toBe(202);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(conversionAcceptedSchema.parse(await response.json())).toEqual({ accepted: true });

      const [row, ...others] = await storedEvents();
      expect(others).toEqual([]);
      expect(row).toMatchObject({
        type: "demo_booked",
        utmSource: "fb",
        utmMedium: "cpc",
        utmCampaign: "spring",
        landing: "/pricing",
      });
      // The database's clock, so allow for a little skew around the request.
      expect(row?.createdAt.getTime()).toBeGreaterThan(before - 5_000);
      expect(row?.createdAt.getTime()).toBeLessThan(Date.now() + 5_000);
    });

    it("stores a visit without attribution or landing page, and empty utm values as NULL", async () => {
      expect((await post({ type: "demo_booked", attribution: null, landing: null })).status).toBe(
        202,
      );
      const referrerOnly = { utms: "www.google.com", utmm: "", utmc: "" };
      expect((await post({ ...booked, attribution: referrerOnly, landing: "/" })).status).toBe(202);
      const rows = await storedEvents();
      expect(rows.map((r) => [r.utmSource, r.utmMedium, r.utmCampaign, r.landing])).toEqual([
        [null, null, null, null],
        ["www.google.com", null, null, "/"],
      ]);
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
        "a 201-character source",
        { ...booked, attribution: { ...booked.attribution, utms: "s".repeat(201) } },
        "attribution.utms: must be at most 200 characters",
      ],
      [
        "a control character",
        { ...booked, attribution: { ...booked.attribution, utmc: "spring\nsale" } },
        "attribution.utmc: must not contain control characters",
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

    it("accepts the longest allowed values", async () => {
      const longest = {
        type: "demo_booked",
        attribution: { utms: "s".repeat(200), utmm: "m".repeat(200), utmc: "c".repeat(200) },
        landing: `/${"p".repeat(299)}`,
      };
      expect((await post(longest)).status).toBe(202);
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

    it("keeps the events table's type list in the database too", async () => {
      await expect(
        fresh.handle.db.execute(sql`insert into conversion_events (type) values ('nonsense')`),
      ).rejects.toThrow();
    });
  },
);
