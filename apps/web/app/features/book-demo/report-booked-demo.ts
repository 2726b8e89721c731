/**
 * Counts a booked demo (issue 5): the embedded scheduling page tells the page it is embedded
 * in about a booking with `postMessage`; this listens for that one message and reports it,
 * with the visit's attribution, to `POST /api/events`.
 *
 * Only messages from the scheduling page's own origin count, so another frame or window
 * can't fake bookings. The code that sends the report (API client, schemas) loads only when
 * a booking happens, keeping it out of the page's first load.
 */

/** What Calendly's embed posts to its parent page when a visitor books. */
export const BOOKED_MESSAGE = "calendly.event_scheduled";

type MessageLike = { origin: string; data: unknown };

/** True for the scheduling page's "booked" message, and nothing else. */
export function isBookedDemoMessage(message: MessageLike, schedulingOrigin: string): boolean {
  if (message.origin !== schedulingOrigin) return false;
  const { data } = message;
  return (
    typeof data === "object" && data !== null && "event" in data && data.event === BOOKED_MESSAGE
  );
}

type MessageTarget = Pick<Window, "addEventListener" | "removeEventListener">;

/**
 * Calls `onBooked` for each booking message from `schedulingUrl`'s origin that reaches
 * `target`. Returns the function that stops listening (for a React effect's cleanup).
 */
export function listenForBookedDemo(
  target: MessageTarget,
  schedulingUrl: string,
  onBooked: () => void,
): () => void {
  const schedulingOrigin = new URL(schedulingUrl).origin;
  const listener = (event: MessageEvent) => {
    if (isBookedDemoMessage(event, schedulingOrigin)) onBooked();
  };
  target.addEventListener("message", listener);
  return () => target.removeEventListener("message", listener);
}

/** Reports one booked demo from this browser; failures are logged, never shown. */
export function reportBookedDemo(): void {
  import("./send-booked-demo.ts")
    .then(({ sendBookedDemo }) => sendBookedDemo())
    .catch((error: unknown) => {
      console.warn("Could not record the booked demo", error);
    });
}
