import { conversionEventSchema } from "@bakery/shared/api-contract";
import { describe, expect, it, vi } from "vitest";
import { bookedDemoEvent } from "./send-booked-demo.ts";

// The browser API client reads the built site's configuration; these tests need only the event.
vi.mock("#app/lib/api/browser-api-client.ts", () => ({ api: {} }));

const invitee =
  "https://api.calendly.com/scheduled_events/0b7c6a5e-aaaa-4bbb-8ccc-1234567890ab/invitees/9f8e7d6c-dddd-4eee-8fff-0987654321ba";
const ref = "Visit_Reference-012345";
/** The scheduling embed's message for a booking of `uri`. */
const bookingOf = (uri: unknown) => ({
  event: "calendly.event_scheduled",
  payload: { event: { uri: invitee.replace(/\/invitees\/.*$/, "") }, invitee: { uri } },
});

describe("bookedDemoEvent", () => {
  it("carries the invitee the message names, the visit's reference, attribution and landing page", () => {
    const event = bookedDemoEvent(
      { attribution: { utms: "fb", utmm: "cpc", utmc: "spring", ref }, landing: "/pricing" },
      bookingOf(invitee),
    );
    expect(event).toEqual({
      type: "demo_booked",
      invitee,
      ref,
      attribution: { utms: "fb", utmm: "cpc", utmc: "spring" },
      landing: "/pricing",
    });
    expect(conversionEventSchema.safeParse(event).success).toBe(true);
  });

  it.each([
    ["no payload", { event: "calendly.event_scheduled" }],
    ["no invitee", { event: "calendly.event_scheduled", payload: {} }],
    ["null", null],
    ["a bare string", "calendly.event_scheduled"],
  ])(
    "sends nulls for a visit without a source or landing page, and no invitee for %s",
    (_name, message) => {
      expect(bookedDemoEvent({ attribution: undefined, landing: undefined }, message)).toEqual({
        type: "demo_booked",
        attribution: null,
        landing: null,
      });
    },
  );

  it.each([
    [
      "another host's address",
      invitee.replace("api.calendly.com", "api.calendly.com.evil.example"),
    ],
    ["an event's address", invitee.replace(/\/invitees\/.*$/, "")],
    ["plain http", invitee.replace("https:", "http:")],
    ["text", "not an address"],
    ["a number", 7],
  ])("leaves out %s given as the invitee, keeping the booking", (_name, uri) => {
    const event = bookedDemoEvent(
      { attribution: undefined, landing: "/book-demo" },
      bookingOf(uri),
    );
    expect(event).not.toHaveProperty("invitee");
    expect(event).toMatchObject({ type: "demo_booked", landing: "/book-demo" });
    expect(conversionEventSchema.safeParse(event).success).toBe(true);
  });

  it("leaves out what the API would refuse, keeping the booking", () => {
    const event = bookedDemoEvent(
      {
        attribution: { utms: "fb\u0000", utmm: "", utmc: "", ref: "not-a-reference" },
        landing: `/${"p".repeat(400)}`,
      },
      bookingOf(invitee),
    );
    expect(event).toEqual({ type: "demo_booked", invitee, attribution: null, landing: null });
    expect(conversionEventSchema.safeParse(event).success).toBe(true);
  });
});
