import { conversionEventSchema } from "@bakery/shared/api-contract";
import { describe, expect, it, vi } from "vitest";
import { bookedDemoEvent } from "./send-booked-demo.ts";

// The browser API client reads the built site's configuration; these tests need only the event.
vi.mock("#app/lib/api/browser-api-client.ts", () => ({ api: {} }));

describe("bookedDemoEvent", () => {
  it("carries the visit's attribution and landing page", () => {
    const event = bookedDemoEvent({
      attribution: { utms: "fb", utmm: "cpc", utmc: "spring" },
      landing: "/pricing",
    });
    expect(event).toEqual({
      type: "demo_booked",
      attribution: { utms: "fb", utmm: "cpc", utmc: "spring" },
      landing: "/pricing",
    });
    expect(conversionEventSchema.safeParse(event).success).toBe(true);
  });

  it("sends nulls for a visit without a source or landing page", () => {
    expect(bookedDemoEvent({ attribution: undefined, landing: undefined })).toEqual({
      type: "demo_booked",
      attribution: null,
      landing: null,
    });
  });

  it("leaves out what the API would refuse, keeping the booking", () => {
    const event = bookedDemoEvent({
      attribution: { utms: "fb\u0000", utmm: "", utmc: "" },
      landing: `/${"p".repeat(400)}`,
    });
    expect(event).toEqual({ type: "demo_booked", attribution: null, landing: null });
    expect(conversionEventSchema.safeParse(event).success).toBe(true);
  });
});
