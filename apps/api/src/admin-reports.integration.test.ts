import {
  funnelReportSchema,
  linksReportSchema,
  MAX_REPORT_DAYS,
  utcDay,
} from "@bakery/shared/admin-contract";
import { describe, expect, it } from "vitest";
import { addConversions } from "./db/conversion-events.ts";
import { addLandingCounts } from "./db/landings.ts";
import { campaignLandingCounts, landingCounts, profiles } from "./db/schema.ts";
import { expectApiError } from "./test-support/expect-api-error.ts";
import { freshTestServerPerTest } from "./test-support/fresh-per-test.ts";
import { testBackends } from "./test-support/test-database.ts";
import { fakeToken, putTestShortLinks } from "./test-support/test-server.ts";

/** GET /admin/funnel and /admin/links: the marketing dashboard's reports, operators only. */

const operator = fakeToken("op-1");
const baker = fakeToken("baker-1");

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
    const get = (path: string, token: string | null = operator) =>
      fetch(`${fresh.server.url}${path}`, {
        headers: token === null ? {} : { Authorization: `Bearer ${token}` },
      });
    const funnel = async (query: string) => {
      const response = await get(`/admin/funnel?${query}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      return funnelReportSchema.parse(await response.json());
    };
    const links = async (query: string) => {
      const response = await get(`/admin/links?${query}`);
      expect(response.status).toBe(200);
      return linksReportSchema.parse(await response.json());
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

    it("sums landings and conversions per campaign and UTC day, with totals and rates", async () => {
      await addLandingCounts(fresh.handle.db, [
        {
          day: "2026-03-01",
          source: "fb",
          medium: "cpc",
          campaign: "spring",
          landing: "/",
          count: 3,
        },
        {
          day: "2026-03-01",
          source: "fb",
          medium: "cpc",
          campaign: "spring",
          landing: "/pricing",
          count: 1,
        },
        {
          day: "2026-03-02",
          source: "sms",
          medium: "text",
          campaign: "spring",
          landing: "/",
          count: 4,
        },
        {
          day: "2026-03-02",
          source: "google.com",
          medium: "",
          campaign: "",
          landing: "/",
          count: 2,
        },
        // Outside the range on both sides.
        {
          day: "2026-02-28",
          source: "fb",
          medium: "cpc",
          campaign: "spring",
          landing: "/",
          count: 50,
        },
        {
          day: "2026-03-03",
          source: "fb",
          medium: "cpc",
          campaign: "spring",
          landing: "/",
          count: 50,
        },
      ]);
      const event = (type: string, at: string, campaign: string | null) => ({
        type,
        utmSource: "fb",
        utmMedium: "cpc",
        utmCampaign: campaign,
        createdAt: new Date(at),
      });
      await addConversions(fresh.handle.db, [
        // The last millisecond of March 1st in UTC is March 1st, whatever the server's zone.
        event("demo_booked", "2026-03-01T23:59:59.999Z", "spring"),
        event("demo_booked", "2026-03-02T00:00:00.000Z", "spring"),
        event("checkout_completed", "2026-03-02T10:00:00.000Z", "spring"),
        event("demo_booked", "2026-03-02T12:00:00.000Z", null),
        event("demo_booked", "2026-02-28T23:59:59.999Z", "spring"),
        event("demo_booked", "2026-03-03T00:00:00.000Z", "spring"),
      ]);

      const report = await funnel("from=2026-03-01&to=2026-03-02");
      expect(report).toMatchObject({ from: "2026-03-01", to: "2026-03-02", by: "campaign" });
      expect(report.groups).toEqual([
        {
          key: "spring",
          landings: 8,
          demosBooked: 2,
          checkoutsCompleted: 1,
          bookingRate: 0.25,
          checkoutRate: 0.125,
          days: [
            { day: "2026-03-01", landings: 4, demosBooked: 1, checkoutsCompleted: 0 },
            { day: "2026-03-02", landings: 4, demosBooked: 1, checkoutsCompleted: 1 },
          ],
        },
        {
          key: null,
          landings: 2,
          demosBooked: 1,
          checkoutsCompleted: 0,
          bookingRate: 0.5,
          checkoutRate: 0,
          days: [
            { day: "2026-03-01", landings: 0, demosBooked: 0, checkoutsCompleted: 0 },
            { day: "2026-03-02", landings: 2, demosBooked: 1, checkoutsCompleted: 0 },
          ],
        },
      ]);
      expect(report.totals).toEqual({
        landings: 10,
        demosBooked: 3,
        checkoutsCompleted: 1,
        bookingRate: 0.3,
        checkoutRate: 0.1,
      });
      expect(report.days).toEqual([
        { day: "2026-03-01", landings: 4, demosBooked: 1, checkoutsCompleted: 0 },
        { day: "2026-03-02", landings: 6, demosBooked: 2, checkoutsCompleted: 1 },
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

    it("answers an empty range with a zero for every day and no rates", async () => {
      const report = await funnel("from=2026-03-30&to=2026-04-02");
      expect(report.groups).toEqual([]);
      expect(report.totals).toEqual({
        landings: 0,
        demosBooked: 0,
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
        report.days.every((d) => d.landings + d.demosBooked + d.checkoutsCompleted === 0),
      ).toBe(true);
    });

    it("counts a landing sent to POST /events under today's UTC day, and not a bot's", async () => {
      const landing = {
        type: "landing",
        attribution: { utms: "fb", utmm: "cpc", utmc: "spring" },
        landing: "/pricing",
      };
      const send = (userAgent: string) =>
        fetch(`${fresh.server.url}/events`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "User-Agent": userAgent },
          body: JSON.stringify(landing),
        });
      const person =
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36";
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
    });

    it("refuses a landing without a source or with a foreign path", async () => {
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
      expect(await fresh.handle.db.select().from(landingCounts)).toEqual([]);
    });

    it("lists every live link with total and per-day clicks, a link with none included", async () => {
      await putTestShortLinks(fresh.handle);
      for (let i = 0; i < 2; i++) {
        expect((await fetch(`${fresh.server.url}/redirect/promo/spring`)).status).toBe(200);
      }
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
        clicksByDay: [{ day: today, clicks: 2 }],
      });
      expect(Date.parse(spring?.lastClickedAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
      expect(billing).toMatchObject({
        totalClicks: 0,
        lastClickedAt: null,
        clicksByDay: [{ day: today, clicks: 0 }],
      });

      const earlier = await links("from=2026-01-01&to=2026-01-03");
      expect(earlier.links[0]?.clicksByDay).toEqual([
        { day: "2026-01-01", clicks: 0 },
        { day: "2026-01-02", clicks: 0 },
        { day: "2026-01-03", clicks: 0 },
      ]);
    });
  },
);
