import { describe, expect, it } from "vitest";
import { formatCalendarDate, localDate, quoteCake } from "./cake-quote.ts";
import { cakeSizes } from "./cake-sizes.ts";
import { exampleCakePrices } from "./example-cake-prices.ts";

describe("exampleCakePrices", () => {
  it("prices every size of the cake size list and nothing else", () => {
    expect(Object.keys(exampleCakePrices)).toEqual(cakeSizes.map((cake) => cake.label));
  });
});

describe("quoteCake", () => {
  it("splits the price into a deposit now and a balance 7 days before pickup", () => {
    expect(quoteCake("10x6 inch", "2026-12-20", "2026-11-23")).toEqual({
      ok: true,
      quote: {
        size: "10x6 inch",
        price: 185,
        deposit: 92.5,
        balance: 92.5,
        balanceDate: "2026-12-13",
      },
    });
  });

  it("counts back across month and year ends, leap days included", () => {
    const balanceDate = (pickup: string, today = "2026-11-23") => {
      const result = quoteCake("8 inch", pickup, today);
      return result.ok ? result.quote.balanceDate : result.error;
    };
    expect(balanceDate("2026-12-03")).toBe("2026-11-26");
    expect(balanceDate("2027-01-05")).toBe("2026-12-29");
    expect(balanceDate("2028-03-06", "2027-11-23")).toBe("2028-02-28");
    expect(balanceDate("2028-03-07", "2027-11-23")).toBe("2028-02-29");
  });

  it("collects the balance with the deposit when pickup is 7 days away or less", () => {
    const inSevenDays = quoteCake("8 inch", "2026-11-30", "2026-11-23");
    expect(inSevenDays.ok && inSevenDays.quote.balanceDate).toBeNull();
    const inEightDays = quoteCake("8 inch", "2026-12-01", "2026-11-23");
    expect(inEightDays.ok && inEightDays.quote.balanceDate).toBe("2026-11-24");
  });

  it.each([
    ["", "2026-12-20", "Choose a cake size.", "size"],
    ["5 inch", "2026-12-20", "Choose a cake size.", "size"],
    ["8 inch", "", "Choose a pickup date.", "pickup"],
    ["8 inch", "2026-02-30", "Choose a pickup date.", "pickup"],
    ["8 inch", "soon", "Choose a pickup date.", "pickup"],
    ["8 inch", "2026-11-23", "Choose a pickup date after today.", "pickup"],
    ["8 inch", "2026-11-01", "Choose a pickup date after today.", "pickup"],
    ["8 inch", "2029-01-01", "Choose a pickup date within the next two years.", "pickup"],
  ])(
    "explains what is wrong with size %j and pickup %j, naming the field",
    (size, pickup, error, field) => {
      expect(quoteCake(size, pickup, "2026-11-23")).toEqual({ ok: false, error, field });
    },
  );
});

describe("localDate", () => {
  it("is the visitor's calendar date, not the UTC one", () => {
    // Late evening on the 30th in the visitor's zone may already be December in UTC.
    expect(localDate(new Date(2026, 10, 30, 23, 30))).toBe("2026-11-30");
    expect(localDate(new Date(2027, 0, 1, 0, 15))).toBe("2027-01-01");
  });
});

describe("formatCalendarDate", () => {
  it("names the day whatever the visitor's time zone", () => {
    expect(formatCalendarDate("2026-12-13")).toBe("Sunday, December 13, 2026");
  });

  it("writes every day of a year as the locale's own format does", () => {
    const format = {
      timeZone: "UTC",
      weekday: "long",
      month: "long",
      day: "numeric",
      year: "numeric",
    } as const;
    for (let day = Date.UTC(2028, 0, 1); day < Date.UTC(2029, 0, 1); day += 86_400_000) {
      const date = new Date(day).toISOString().slice(0, 10);
      expect(formatCalendarDate(date)).toBe(new Date(day).toLocaleDateString("en-US", format));
    }
  });
});
