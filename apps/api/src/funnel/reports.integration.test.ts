import {
  FUNNEL_TOP_GROUPS,
  type FunnelReport,
  funnelReportSchema,
  linksReportSchema,
  MAX_REPORT_DAYS,
  MS_PER_DAY,
  utcDay,
} from "@bakery/shared/admin-contract";
import { newVisitReference } from "@bakery/shared/attribution-record";
import { describe, expect, it, onTestFinished } from "vitest";
import type { ApiConfig } from "../api-deps.ts";
import type { Database } from "../db/open-database.ts";
import {
  attributionNames,
  campaignLandingCounts,
  checkoutSessions,
  demoBookings,
  landingCounts,
  profiles,
} from "../db/schema.ts";
import { createLogger } from "../logger.ts";
import { expectApiError } from "../test-support/expect-api-error.ts";
import { freshTestServerPerTest } from "../test-support/fresh-per-test.ts";
import { testBackends } from "../test-support/test-database.ts";
import {
  fakeToken,
  putTestShortLinks,
  startTestServer,
  testConfig,
} from "../test-support/test-server.ts";
import { OTHER_NAME } from "./attribution-budget.ts";
import { addLandingCounts, type LandingCount } from "./landings.ts";
import { findVisitReference } from "./visit-references.ts";

/** GET /admin/funnel and /admin/links: the marketing dashboard's reports, operators only. */

const operator = fakeToken("op-1");
const baker = fakeToken("baker-1");
const person = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36";

const landing = (row: Partial<LandingCount> & Pick<LandingCount, "day">): LandingCount => ({
  source: "fb",
  medium: "cpc",
  campaign: "spring",
  landing: "/",
  count: 1,
  ...row,
});

let bookingNumber = 0;
/** A booked demo as the booking record keeps it: confirmed by the provider unless said. */
const booking = (row: Partial<typeof demoBookings.$inferInsert> & { day: string }) => {
  bookingNumber += 1;
  return {
    invitee: `https://api.calendly.com/scheduled_events/e${bookingNumber}/invitees/i${bookingNumber}`,
    source: "fb",
    medium: "cpc",
    campaign: "spring",
    attributedBy: "reference",
    confirmed: true,
    ...row,
  } satisfies typeof demoBookings.$inferInsert;
};

let sessionNumber = 0;
/** A checkout session paid on `day` unless said otherwise. */
const checkout = (row: Partial<typeof checkoutSessions.$inferInsert> & { day: string | null }) => {
  sessionNumber += 1;
  return {
    session: `cs_test_${sessionNumber}`,
    source: "fb",
    medium: "cpc",
    campaign: "spring",
    paidAt: row.day ? new Date(`${row.day}T10:00:00Z`) : null,
    ...row,
  } satisfies typeof checkoutSessions.$inferInsert;
};

/**
 * `db` whose every query never answers, the event loop left free: what a database stuck on
 * one report looks like from the API.
 */
function stalled<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, property) {
      if (property === "then") return () => new Promise(() => {});
      const value = Reflect.get(object, property, object);
      if (typeof value === "function") {
        return (...args: unknown[]) => {
          const result = value.apply(object, args);
          return result !== null && typeof result === "object" ? stalled(result) : result;
        };
      }
      return value !== null && typeof value === "object" ? stalled(value) : value;
    },
  });
}

describe.each(testBackends({ postgresDatabase: "admin_reports" }))(
  "admin reports against $name",
  ({ open }) => {
    const fresh = freshTestServerPerTest(open, {
      seed: (handle) =>
        handle.db.insert(profiles).values([
          { uid: "op-1", email: "op-1@example.com", status: "active", role: "operator" },
          { uid: "baker-1", email: "baker-1@example.com", status: "active" },
        ]),
    });
    const get = (path: string, token: string | null = operator, url = fresh.server.url) =>
      fetch(`${url}${path}`, {
        headers: token === null ? {} : { Authorization: `Bearer ${token}` },
      });
    const funnel = async (query: string, url = fresh.server.url) => {
      const response = await get(`/admin/funnel?${query}`, operator, url);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      return funnelReportSchema.parse(await response.json());
    };
    const links = async (query: string) => {
      const response = await get(`/admin/links?${query}`);
      expect(response.status).toBe(200);
      return linksReportSchema.parse(await response.json());
    };
    /** Another instance on the same database, with its own settings; closed after the test. */
    const serverWith = async (
      config: Partial<ApiConfig>,
      overrides: Parameters<typeof startTestServer>[1] = {},
    ) => {
      const server = await startTestServer(fresh.handle, {
        ...overrides,
        config: { ...testConfig, ...config },
      });
      onTestFinished(() => server.close());
      return server;
    };
    const sendLanding = (url: string, body: object) =>
      fetch(`${url}/events`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "User-Agent": person },
        body: JSON.stringify({ type: "landing", landing: "/", ...body }),
      });
    /** Every group, "Other" and the totals agree: nothing is lost or counted twice. */
    const expectTotalsAreTheSum = (report: FunnelReport) => {
      for (const count of [
        "landings",
        "demosBooked",
        "demosConfirmed",
        "checkoutsCompleted",
      ] as const) {
        const groups = report.groups.reduce((sum, group) => sum + group[count], 0);
        expect(groups + (report.other?.[count] ?? 0), count).toBe(report.totals[count]);
        expect(
          report.days.reduce((sum, day) => sum + day[count], 0),
          count,
        ).toBe(report.totals[count]);
      }
    };

    it("answers 401 signed out or with a bad token, 403 to a signed-in non-operator", async () => {
      for (const path of ["/admin/funnel?from=2026-03-01&to=2026-03-02", "/admin/links"]) {
        await expectApiError(await get(path, null), 401, "unauthorized");
        await expectApiError(await get(path, "not.a.token"), 401, "unauthorized");
        await expectApiError(await get(path, baker), 403, "forbidden");
        // Someone who never signed in to the site has no profile, and no role either.
        await expectApiError(await get(path, fakeToken("stranger")), 403, "forbidden");
      }
    });

    it("answers 400 with the reason for bad dates, long ranges and unknown groupings", async () => {
      const cases: Array<[string, RegExp]> = [
        ["to=2026-03-02", /^from: required$/],
        ["from=2026-02-30&to=2026-03-02", /^from: must be a calendar day written YYYY-MM-DD/],
        ["from=2026-3-1&to=2026-03-02", /^from: must be a calendar day/],
        // A day the database's calendar does not have: refused here, not an error of the query.
        ["from=0000-01-01&to=0000-01-02", /^from: must be a calendar day/],
        ["from=2026-03-02&to=2026-03-01", /^to: must be the same day as from, or later$/],
        [
          "from=2025-01-01&to=2026-01-02",
          new RegExp(`^to: the range must be at most ${MAX_REPORT_DAYS} days`),
        ],
        ["from=2026-03-01&to=2026-03-02&by=country", /^by: must be campaign, source or medium$/],
      ];
      for (const [query, message] of cases) {
        const body = await expectApiError(await get(`/admin/funnel?${query}`), 400, "bad_request");
        expect(body.error.message).toMatch(message);
      }
      const links = await expectApiError(
        await get("/admin/links?from=tomorrow&to=2026-03-01"),
        400,
        "bad_request",
      );
      expect(links.error.message).toMatch(/^from: must be a calendar day/);
      const yearZero = await get("/admin/links?from=0000-01-01&to=0000-01-02");
      expect(yearZero.status).toBe(400);
      // A year with its leap day is allowed.
      expect((await get("/admin/funnel?from=2028-01-01&to=2028-12-31")).status).toBe(200);
    });

    it("sums landings, booked demos and paid checkouts per campaign and UTC day, with totals and rates", async () => {
      await addLandingCounts(fresh.handle.db, [
        landing({ day: "2026-03-01", count: 3 }),
        landing({ day: "2026-03-01", landing: "/pricing" }),
        landing({ day: "2026-03-02", source: "sms", medium: "text", count: 4 }),
        landing({ day: "2026-03-02", source: "google.com", medium: "", campaign: "", count: 2 }),
        // Outside the range on both sides.
        landing({ day: "2026-02-28", count: 50 }),
        landing({ day: "2026-03-03", count: 50 }),
      ]);
      await fresh.handle.db.insert(demoBookings).values([
        booking({ day: "2026-03-01" }),
        booking({ day: "2026-03-02" }),
        booking({ day: "2026-03-02", campaign: "" }),
        // Reported by a browser only: the provider's webhook is the record here, so it waits.
        booking({ day: "2026-03-02", confirmed: false, attributedBy: "browser" }),
        booking({ day: "2026-03-02", canceledAt: new Date("2026-03-04T08:00:00Z") }),
        booking({ day: "2026-02-28" }),
        booking({ day: "2026-03-03" }),
      ]);
      await fresh.handle.db.insert(checkoutSessions).values([
        checkout({ day: "2026-03-02" }),
        // Completed but not paid (a delayed payment method), and one whose payment failed.
        checkout({ day: null }),
        checkout({ day: "2026-03-02", failedAt: new Date("2026-03-03T09:00:00Z") }),
        checkout({ day: "2026-03-03" }),
      ]);

      const report = await funnel("from=2026-03-01&to=2026-03-02");
      expect(report).toMatchObject({ from: "2026-03-01", to: "2026-03-02", by: "campaign" });
      expect(report.groups).toEqual([
        {
          key: "spring",
          landings: 8,
          demosBooked: 2,
          demosConfirmed: 2,
          checkoutsCompleted: 1,
          bookingRate: 0.25,
          checkoutRate: 0.125,
        },
        {
          key: null,
          landings: 2,
          demosBooked: 1,
          demosConfirmed: 1,
          checkoutsCompleted: 0,
          bookingRate: 0.5,
          checkoutRate: 0,
        },
      ]);
      expect(report.other).toBeNull();
      expect(report.totals).toEqual({
        landings: 10,
        demosBooked: 3,
        demosConfirmed: 3,
        checkoutsCompleted: 1,
        bookingRate: 0.3,
        checkoutRate: 0.1,
      });
      expect(report.days).toEqual([
        {
          day: "2026-03-01",
          landings: 4,
          demosBooked: 1,
          demosConfirmed: 1,
          checkoutsCompleted: 0,
        },
        {
          day: "2026-03-02",
          landings: 6,
          demosBooked: 2,
          demosConfirmed: 2,
          checkoutsCompleted: 1,
        },
      ]);

      const bySource = await funnel("from=2026-03-01&to=2026-03-02&by=source");
      expect(bySource.groups.map((g) => [g.key, g.landings, g.demosBooked])).toEqual([
        ["fb", 4, 3],
        ["sms", 4, 0],
        ["google.com", 2, 0],
      ]);
      const byMedium = await funnel("from=2026-03-01&to=2026-03-01&by=medium");
      expect(byMedium.groups.map((g) => [g.key, g.landings, g.demosBooked])).toEqual([
        ["cpc", 4, 1],
      ]);
    });

    it("counts the browser's unconfirmed bookings where the provider's webhook is not the record, and says how many were confirmed", async () => {
      await fresh.handle.db
        .insert(demoBookings)
        .values([
          booking({ day: "2026-03-01" }),
          booking({ day: "2026-03-01", confirmed: false, attributedBy: "browser" }),
          booking({ day: "2026-03-01", confirmed: false, invitee: "browser:1", campaign: "" }),
          booking({ day: "2026-03-01", confirmed: false, canceledAt: new Date() }),
        ]);
      const local = await serverWith({ browserBookingsCount: true });
      const report = await funnel("from=2026-03-01&to=2026-03-01", local.url);
      expect(report.groups.map((g) => [g.key, g.demosBooked, g.demosConfirmed])).toEqual([
        ["spring", 2, 1],
        [null, 1, 0],
      ]);
      expect(report.totals).toMatchObject({ demosBooked: 3, demosConfirmed: 1 });
      // Where the webhook is the record, only what it confirmed.
      const recorded = await funnel("from=2026-03-01&to=2026-03-01");
      expect(recorded.totals).toMatchObject({ demosBooked: 1, demosConfirmed: 1 });
    });

    it("answers an empty range with a zero for every day, no groups and no rates", async () => {
      const report = await funnel("from=2026-03-30&to=2026-04-02");
      expect(report.groups).toEqual([]);
      expect(report.other).toBeNull();
      expect(report.totals).toEqual({
        landings: 0,
        demosBooked: 0,
        demosConfirmed: 0,
        checkoutsCompleted: 0,
        bookingRate: null,
        checkoutRate: null,
      });
      expect(report.days.map((d) => d.day)).toEqual([
        "2026-03-30",
        "2026-03-31",
        "2026-04-01",
        "2026-04-02",
      ]);
      expect(
        report.days.every(
          (d) => d.landings + d.demosBooked + d.demosConfirmed + d.checkoutsCompleted === 0,
        ),
      ).toBe(true);
    });

    it(`names the top ${FUNNEL_TOP_GROUPS} groups and sums the rest as Other`, async () => {
      // campaign-01 has 1 landing ... campaign-60 has 60, over the range's three days.
      const days = ["2026-03-01", "2026-03-02", "2026-03-03"];
      await addLandingCounts(
        fresh.handle.db,
        Array.from({ length: 60 }, (_, i) =>
          landing({
            day: days[i % 3] as string,
            campaign: `campaign-${String(i + 1).padStart(2, "0")}`,
            count: i + 1,
          }),
        ),
      );
      // A booking and a paid checkout of a campaign that is not in the top.
      await fresh.handle.db
        .insert(demoBookings)
        .values(booking({ day: "2026-03-02", campaign: "campaign-03" }));
      await fresh.handle.db
        .insert(checkoutSessions)
        .values(checkout({ day: "2026-03-03", campaign: "campaign-01" }));

      const report = await funnel("from=2026-03-01&to=2026-03-03");
      expect(report.groups).toHaveLength(FUNNEL_TOP_GROUPS);
      expect(report.groups[0]).toMatchObject({ key: "campaign-60", landings: 60 });
      expect(report.groups.at(-1)).toMatchObject({ key: "campaign-11", landings: 11 });
      expect(report.other).toEqual({
        groupCount: 10,
        landings: 55, // 1 + 2 + … + 10
        demosBooked: 1,
        demosConfirmed: 1,
        checkoutsCompleted: 1,
        bookingRate: 1 / 55,
        checkoutRate: 1 / 55,
      });
      expect(report.totals.landings).toBe(1830); // 1 + 2 + … + 60
      expectTotalsAreTheSum(report);
    });

    it("places equal landings by conversions, then by name, with none last", async () => {
      await addLandingCounts(fresh.handle.db, [
        landing({ day: "2026-03-01", campaign: "b", count: 5 }),
        landing({ day: "2026-03-01", campaign: "", count: 5 }),
        landing({ day: "2026-03-01", campaign: "a", count: 5 }),
        landing({ day: "2026-03-01", campaign: "c", count: 5 }),
        landing({ day: "2026-03-01", campaign: "most", count: 6 }),
      ]);
      await fresh.handle.db
        .insert(demoBookings)
        .values(booking({ day: "2026-03-01", campaign: "c" }));
      const report = await funnel("from=2026-03-01&to=2026-03-01");
      expect(report.groups.map((group) => group.key)).toEqual(["most", "c", "a", "b", null]);
    });

    it("counts new names past the day's budget under Other, logs it once, and keeps the visit's exact names", async () => {
      const lines: string[] = [];
      const logger = createLogger("warn", { destination: { write: (line) => lines.push(line) } });
      const server = await serverWith({ ATTRIBUTION_NEW_NAMES_PER_DAY: 2 }, { logger });
      const attribution = (campaign: string) => ({ utms: "fb", utmm: "cpc", utmc: campaign });
      const lateRef = newVisitReference();
      for (const [campaign, ref] of [
        ["first", undefined],
        ["second", undefined],
        ["third", undefined],
        ["fourth", lateRef],
        // Known names still count as themselves once the budget is spent, and none is no name.
        ["first", undefined],
        ["", undefined],
      ] as const) {
        const response = await sendLanding(server.url, { attribution: attribution(campaign), ref });
        expect(response.status).toBe(202);
      }

      const today = utcDay(new Date());
      const report = await funnel(`from=${today}&to=${today}`);
      expect(report.groups.map((g) => [g.key, g.landings])).toEqual([
        ["first", 2],
        ["second", 1],
        [null, 1],
      ]);
      expect(report.other).toMatchObject({ groupCount: 0, landings: 2 });
      expectTotalsAreTheSum(report);
      // The source and medium had room: they are counted as themselves.
      const bySource = await funnel(`from=${today}&to=${today}&by=source`);
      expect(bySource.groups.map((g) => [g.key, g.landings])).toEqual([["fb", 6]]);
      expect(bySource.other).toBeNull();

      const names = await fresh.handle.db.select().from(attributionNames);
      expect(names.map((row) => `${row.dimension}:${row.name}`).sort()).toEqual([
        "campaign:first",
        "campaign:second",
        "medium:cpc",
        "source:fb",
      ]);
      const folded = await fresh.handle.db.select().from(campaignLandingCounts);
      expect(folded.filter((row) => row.campaign === OTHER_NAME)).toEqual([
        { day: today, source: "fb", medium: "cpc", campaign: OTHER_NAME, count: 2 },
      ]);
      // A booking or checkout carrying the visit's reference is credited to its exact names.
      expect(await findVisitReference(fresh.handle.db, lateRef)).toEqual({
        source: "fb",
        medium: "cpc",
        campaign: "fourth",
      });
      const warnings = lines.map((line) => JSON.parse(line));
      expect(warnings).toEqual([
        expect.objectContaining({ dimension: "campaign", day: today, newNamesPerDay: 2 }),
      ]);
    });

    it(`keeps the answer under 1 MB for 5,000 campaigns over ${MAX_REPORT_DAYS} days`, async () => {
      const to = "2026-12-31";
      const from = utcDay(
        new Date(Date.parse(`${to}T00:00:00Z`) - (MAX_REPORT_DAYS - 1) * MS_PER_DAY),
      );
      // Names as long as they may be, each on its own day of the range.
      await addLandingCounts(
        fresh.handle.db,
        Array.from({ length: 5000 }, (_, i) =>
          landing({
            day: utcDay(
              new Date(Date.parse(`${from}T00:00:00Z`) + (i % MAX_REPORT_DAYS) * MS_PER_DAY),
            ),
            source: `source-${i % 7}`,
            campaign: `${String(i).padStart(4, "0")}-${"x".repeat(95)}`,
          }),
        ),
      );
      for (const by of ["campaign", "source"]) {
        const response = await get(`/admin/funnel?from=${from}&to=${to}&by=${by}`);
        expect(response.status).toBe(200);
        const body = await response.text();
        expect(Buffer.byteLength(body)).toBeLessThan(1_000_000);
        const report = funnelReportSchema.parse(JSON.parse(body));
        expect(report.days).toHaveLength(MAX_REPORT_DAYS);
        expect(report.totals.landings).toBe(5000);
        expectTotalsAreTheSum(report);
        if (by === "campaign") {
          expect(report.groups).toHaveLength(FUNNEL_TOP_GROUPS);
          expect(report.other?.groupCount).toBe(5000 - FUNNEL_TOP_GROUPS);
        } else {
          expect(report.groups).toHaveLength(7);
          expect(report.other).toBeNull();
        }
      }
    });

    it("answers 503 with Retry-After when a report is not ready within its deadline", async () => {
      const stuck = await serverWith(
        // Shorter than the database deadline (1 s), so it is this one that ends the request.
        { REPORT_DEADLINE_MS: 100 },
        { db: stalled(fresh.handle.db as Database) },
      );
      for (const path of ["/admin/funnel?from=2026-03-01&to=2026-03-31", "/admin/links"]) {
        const response = await get(path, operator, stuck.url);
        const body = await expectApiError(response, 503, "service_unavailable");
        expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(body.error.message).toBe(
          "The report was not ready within 0.1 seconds; try again in a moment, or ask for a shorter range",
        );
      }
    });

    it("counts a landing sent to POST /events under today's UTC day with its names and reference, and not a bot's", async () => {
      const ref = newVisitReference();
      const send = (userAgent: string) =>
        fetch(`${fresh.server.url}/events`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "User-Agent": userAgent },
          body: JSON.stringify({
            type: "landing",
            ref,
            attribution: { utms: "fb", utmm: "cpc", utmc: "spring" },
            landing: "/pricing",
          }),
        });
      expect((await send(person)).status).toBe(202);
      expect((await send(person)).status).toBe(202);
      expect((await send("facebookexternalhit/1.1")).status).toBe(202);
      expect((await send("Googlebot/2.1 (+http://www.google.com/bot.html)")).status).toBe(202);

      const today = utcDay(new Date());
      const rows = await fresh.handle.db.select().from(landingCounts);
      // The database's day may have just turned; either way one row holds both landings.
      expect(rows).toEqual([
        {
          day: rows[0]?.day,
          source: "fb",
          medium: "cpc",
          campaign: "spring",
          landing: "/pricing",
          count: 2,
        },
      ]);
      expect([today, utcDay(new Date(Date.now() - 60_000))]).toContain(rows[0]?.day);
      expect(await fresh.handle.db.select().from(campaignLandingCounts)).toEqual([
        { day: rows[0]?.day, source: "fb", medium: "cpc", campaign: "spring", count: 2 },
      ]);
      expect(await findVisitReference(fresh.handle.db, ref)).toEqual({
        source: "fb",
        medium: "cpc",
        campaign: "spring",
      });
    });

    it("refuses a landing without a source, with a foreign path or naming the Other sentinel", async () => {
      const post = (body: unknown) =>
        fetch(`${fresh.server.url}/events`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
      const noSource = await post({
        type: "landing",
        attribution: { utms: "", utmm: "", utmc: "" },
        landing: "/",
      });
      expect((await expectApiError(noSource, 400, "bad_request")).error.message).toMatch(
        /^attribution\.utms: must name the source/,
      );
      const foreign = await post({
        type: "landing",
        attribution: { utms: "fb", utmm: "", utmc: "" },
        landing: "//evil.example/",
      });
      await expectApiError(foreign, 400, "bad_request");
      for (const attribution of [
        { utms: OTHER_NAME, utmm: "", utmc: "" },
        { utms: "fb", utmm: OTHER_NAME, utmc: "" },
        { utms: "fb", utmm: "", utmc: OTHER_NAME },
      ]) {
        await expectApiError(
          await post({ type: "landing", attribution, landing: "/" }),
          400,
          "bad_request",
        );
      }
      expect(await fresh.handle.db.select().from(landingCounts)).toEqual([]);
    });

    it("lists every live link with total and per-day clicks, a link with none included, listing only the days followed", async () => {
      await putTestShortLinks(fresh.handle);
      for (let i = 0; i < 2; i++) {
        expect((await fetch(`${fresh.server.url}/redirect/promo/spring`)).status).toBe(200);
      }
      expect((await fetch(`${fresh.server.url}/redirect/promo/spring?qr=1`)).status).toBe(200);
      const today = utcDay(new Date());
      const report = await links(`from=${today}&to=${today}`);
      expect(report.links.map((l) => `${l.cat}/${l.id}`)).toEqual([
        "promo/spring",
        "account/billing",
        "partner/calendar",
        "promo/new",
      ]);
      const [spring, billing] = report.links;
      expect(spring).toMatchObject({
        target: "/book-demo?utm_source=sms",
        totalClicks: 2,
        totalScans: 1,
        clicksInRange: 2,
        scansInRange: 1,
        clicksByDay: [{ day: today, clicks: 2, scans: 1 }],
      });
      expect(Date.parse(spring?.lastClickedAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
      expect(billing).toMatchObject({
        totalClicks: 0,
        totalScans: 0,
        lastClickedAt: null,
        clicksInRange: 0,
        scansInRange: 0,
        clicksByDay: [],
      });

      // A year's range lists the one day followed, not 366 entries per link.
      const yearAgo = utcDay(new Date(Date.now() - 365 * 86_400_000));
      const year = await links(`from=${yearAgo}&to=${today}`);
      expect(year.links.find((l) => l.id === "spring")?.clicksByDay).toEqual([
        { day: today, clicks: 2, scans: 1 },
      ]);
      expect(year.links.map((l) => l.clicksByDay.length)).toEqual([1, 0, 0, 0]);

      const earlier = await links("from=2026-01-01&to=2026-01-03");
      expect(earlier.links.find((l) => l.id === "spring")).toMatchObject({
        totalClicks: 2,
        clicksInRange: 0,
        scansInRange: 0,
        clicksByDay: [],
      });
    });
  },
);
