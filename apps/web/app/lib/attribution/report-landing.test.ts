import { landingEventSchema } from "@bakery/shared/api-contract";
import { describe, expect, it } from "vitest";
import type { StorageLike } from "./capture-attribution.ts";
import { landingReportedKey, takeLandingToReport } from "./report-landing.ts";

/** sessionStorage as a plain map. */
function sessionWith(items: Record<string, string>): StorageLike {
  const map = new Map(Object.entries(items));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, value);
    },
  };
}

function visit(source: object | undefined, landing = "/pricing") {
  return sessionWith({ landing, ...(source && { utm: JSON.stringify(source) }) });
}

describe("takeLandingToReport", () => {
  it("reports a visit that started from a campaign once, with its first page", () => {
    const session = visit({ utms: "fb", utmm: "cpc", utmc: "spring" });
    expect(takeLandingToReport(session)).toEqual({
      type: "landing",
      attribution: { utms: "fb", utmm: "cpc", utmc: "spring" },
      landing: "/pricing",
    });
    expect(session.getItem(landingReportedKey)).toBe("1");
    expect(takeLandingToReport(session)).toBeUndefined();
  });

  it("carries the visit's reference beside its names", () => {
    const ref = "Visit_Reference-012345";
    const session = visit({ utms: "Newsletter", utmm: "e-mail", utmc: "café.été 2026", ref });
    const event = takeLandingToReport(session);
    expect(event).toEqual({
      type: "landing",
      attribution: { utms: "Newsletter", utmm: "e-mail", utmc: "café.été 2026" },
      ref,
      landing: "/pricing",
    });
    expect(landingEventSchema.safeParse(event).success).toBe(true);
  });

  it("leaves out a reference that isn't one, keeping the names", () => {
    const session = visit({ utms: "fb", utmm: "", utmc: "", ref: "<script>" });
    expect(takeLandingToReport(session)).toEqual({
      type: "landing",
      attribution: { utms: "fb", utmm: "", utmc: "" },
      landing: "/pricing",
    });
  });

  it("reports a visit from an outside referrer, which has a source but no medium or campaign", () => {
    expect(takeLandingToReport(visit({ utms: "google.com", utmm: "", utmc: "" }))).toMatchObject({
      attribution: { utms: "google.com", utmm: "", utmc: "" },
    });
  });

  it("reports nothing for a visit without a source of its own or a first page", () => {
    expect(takeLandingToReport(visit(undefined))).toBeUndefined();
    const noLanding = sessionWith({ utm: JSON.stringify({ utms: "fb", utmm: "", utmc: "" }) });
    expect(takeLandingToReport(noLanding)).toBeUndefined();
    expect(takeLandingToReport(undefined)).toBeUndefined();
  });

  it("reports nothing where sessionStorage can't be written, so pages don't count again", () => {
    const session = visit({ utms: "fb", utmm: "cpc", utmc: "spring" });
    session.setItem = () => {
      throw new DOMException("full", "QuotaExceededError");
    };
    expect(takeLandingToReport(session)).toBeUndefined();
  });
});
