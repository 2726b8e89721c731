/**
 * Reports a booked demo (issue 5): the embedded scheduling page tells the page it is embedded
 * in about a booking with `postMessage`; this listens for that one message and reports it,
 * with the visit's attribution and the invitee it names, to `POST /api/events`. The
 * scheduling provider's signed webhook is the record of the booking; the report is a hint
 * the server merges into the same booking by the invitee's address (decision 0021).
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
  return (
    message.origin === schedulingOrigin &&
    (message.data as { event?: unknown } | null | undefined)?.event === BOOKED_MESSAGE
  );
}

type MessageTarget = Pick<Window, "addEventListener" | "removeEventListener">;

/**
 * Calls `onBooked` with the message's data for each booking message from `schedulingUrl`'s
 * origin that reaches `target`. Returns the function that stops listening (for a React
 * effect's cleanup).
 */
export function listenForBookedDemo(
  target: MessageTarget,
  schedulingUrl: string,
  onBooked: (message: unknown) => void,
): () => void {
  const schedulingOrigin = new URL(schedulingUrl).origin;
  const listener = (event: MessageEvent) => {
    if (isBookedDemoMessage(event, schedulingOrigin)) onBooked(event.data);
  };
  target.addEventListener("message", listener);
  return () => target.removeEventListener("message", listener);
}

/**
 * Reports one booked demo from this browser, with the invitee its message names (read where
 * the report is sent, so this stays small); failures are logged, never shown.
 */
export function reportBookedDemo(message: unknown): void {
  import("./send-booked-demo.ts")
    .then(({ sendBookedDemo }) => sendBookedDemo(message))
    .catch((error: unknown) => {
      console.warn("Could not record the booked demo", error);
    });
}
