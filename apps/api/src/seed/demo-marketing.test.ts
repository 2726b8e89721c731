import { utcDay } from "@bakery/shared/admin-contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/open-database.ts";
import { attributionNames } from "../db/schema.ts";
import { funnelReport } from "../funnel/funnel-report.ts";
import { silentLogger } from "../logger.ts";
import { findProfileByUid } from "../profiles/profile-queries.ts";
import { linksReport } from "../short-links/links-report.ts";
import { putShortLink } from "../short-links/short-link-queries.ts";
import { DEMO_MARKETING_DAYS, seedDemoMarketing } from "./demo-marketing.ts";

describe("the demo marketing data", () => {
  let handle: DatabaseHandle;
  const today = new Date("2026-03-29T09:00:00Z");
  const range = { from: "2026-03-01", to: "2026-03-29" };

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: "memory" });
    await putShortLink(handle.db, {
      cat: "promo",
      id: "spring",
      target: "/book-demo",
      signInRequired: false,
    });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("fills every day before today with landings, bookings, checkouts and clicks, once", async () => {
    expect(await seedDemoMarketing(handle.db, silentLogger, today)).toBe(true);
    expect(await seedDemoMarketing(handle.db, silentLogger, today)).toBe(false);

    // Confirmed bookings count whether or not the browser's reports do.
    const funnel = await funnelReport(
      handle.db,
      { ...range, by: "campaign" },
      { browserBookingsCount: false },
    );
    expect(
      await funnelReport(handle.db, { ...range, by: "campaign" }, { browserBookingsCount: true }),
    ).toEqual(funnel);
    const seeded = funnel.days.filter((day) => day.landings > 0).map((day) => day.day);
    expect(seeded).toHaveLength(DEMO_MARKETING_DAYS);
    expect(seeded.at(-1)).toBe(utcDay(new Date(today.getTime() - 86_400_000)));
    expect(funnel.groups.map((group) => group.key)).toEqual(
      expect.arrayContaining(["spring", "bakery-software", "march-news", null]),
    );
    expect(funnel.totals.demosBooked).toBeGreaterThan(0);
    expect(funnel.totals.demosConfirmed).toBe(funnel.totals.demosBooked);
    expect(funnel.other).toBeNull();
    expect(funnel.totals.checkoutsCompleted).toBeGreaterThan(0);
    expect(funnel.totals.bookingRate).toBeLessThan(0.2);

    const [spring] = (await linksReport(handle.db, range)).links;
    const inRange = spring?.clicksByDay.reduce((sum, day) => sum + day.clicks, 0);
    expect(inRange).toBeGreaterThan(0);
    expect(spring?.clicksInRange).toBe(inRange);
    expect(spring?.totalClicks).toBe(inRange);
    expect(spring?.lastClickedAt).not.toBeNull();

    expect(await findProfileByUid(handle.db, "demo-operator")).toMatchObject({ role: "operator" });

    // The demo campaigns are known names: a landing under one takes nothing from the day's
    // budget of new names.
    const names = await handle.db.select().from(attributionNames);
    expect(names).toEqual(
      expect.arrayContaining([
        { dimension: "campaign", name: "spring", firstDay: "2026-03-01" },
        { dimension: "source", name: "google.com", firstDay: "2026-03-01" },
      ]),
    );
    expect(names.some((row) => row.name === "")).toBe(false);
  });
});
