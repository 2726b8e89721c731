import { describe, expect, it, vi } from "vitest";
import { BOOKED_MESSAGE, isBookedDemoMessage, listenForBookedDemo } from "./report-booked-demo.ts";

const origin = "https://calendly.com";
const eventUri = "https://api.calendly.com/scheduled_events/EVENT-1";
const inviteeUri = `${eventUri}/invitees/INVITEE-1`;
/** The message Calendly's embed posts when a visitor books. */
const booked = {
  event: BOOKED_MESSAGE,
  payload: { event: { uri: eventUri }, invitee: { uri: inviteeUri } },
};

describe("isBookedDemoMessage", () => {
  it("accepts the booking message from the scheduling page's origin", () => {
    expect(isBookedDemoMessage({ origin, data: booked }, origin)).toBe(true);
  });

  it.each([
    ["another origin", { origin: "https://evil.example", data: booked }],
    ["a look-alike origin", { origin: "https://calendly.com.evil.example", data: booked }],
    ["http instead of https", { origin: "http://calendly.com", data: booked }],
    ["the page itself", { origin: "http://127.0.0.1:3100", data: booked }],
    ["another event", { origin, data: { event: "calendly.page_height" } }],
    ["a bare string", { origin, data: BOOKED_MESSAGE }],
    ["null", { origin, data: null }],
    ["no event field", { origin, data: { payload: {} } }],
  ])("ignores %s", (_name, message) => {
    expect(isBookedDemoMessage(message, origin)).toBe(false);
  });
});

describe("listenForBookedDemo", () => {
  it("calls back with the message for bookings from the scheduling URL's origin until stopped", () => {
    const target = new EventTarget() as unknown as Window;
    const onBooked = vi.fn();
    const stop = listenForBookedDemo(target, "https://calendly.com/rise/demo?month=1", onBooked);
    target.dispatchEvent(new MessageEvent("message", { origin, data: booked }));
    target.dispatchEvent(
      new MessageEvent("message", { origin: "https://evil.example", data: booked }),
    );
    expect(onBooked).toHaveBeenCalledTimes(1);
    expect(onBooked).toHaveBeenCalledWith(booked);
    stop();
    target.dispatchEvent(new MessageEvent("message", { origin, data: booked }));
    expect(onBooked).toHaveBeenCalledTimes(1);
  });
});
