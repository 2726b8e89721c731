import { randomUUID } from "node:crypto";
import { signCalendlyPayload } from "../webhooks/calendly-signature.ts";

/**
 * Deliveries of the scheduling provider's webhook (POST /api/webhooks/calendly) as it sends
 * them: the body in the provider's shape, signed like the provider signs it. For the API's tests
 * (testConfig's key) and the browser tests (the local server's key).
 */

/** The provider's `tracking`: what the scheduling frame's address carried. */
export type CalendlyTracking = Partial<
  Record<
    "utm_source" | "utm_medium" | "utm_campaign" | "utm_content" | "utm_term" | "salesforce_uuid",
    string | null
  >
>;

export interface CalendlyDelivery {
  body: string;
  headers: { "Content-Type": "application/json"; "Calendly-Webhook-Signature": string };
}

interface InviteeEventOptions {
  /** The invitee's URI (newInviteeUri()). */
  invitee: string;
  /** The webhook subscription's signing key. */
  key: string;
  /** When the invitee was created, i.e. booked (default now). */
  bookedAt?: Date;
  tracking?: CalendlyTracking;
  /** When the signature is made, in unix seconds (default now). */
  signedAt?: number;
}

/** A new invitee's URI, of the provider's form (a scheduled event, one of its invitees). */
export function newInviteeUri(): string {
  return `https://api.calendly.com/scheduled_events/${randomUUID()}/invitees/${randomUUID()}`;
}

/** `body` with the header the provider would sign it with. */
export function signedCalendlyDelivery(
  body: string,
  key: string,
  signedAt?: number,
): CalendlyDelivery {
  return {
    body,
    headers: {
      "Content-Type": "application/json",
      "Calendly-Webhook-Signature": signCalendlyPayload(body, key, signedAt),
    },
  };
}

/** The provider writes times with microseconds. */
const providerTime = (at: Date) => at.toISOString().replace("Z", "000Z");

function inviteeEvent(
  event: "invitee.created" | "invitee.canceled",
  options: InviteeEventOptions,
  at: Date,
  fields: Record<string, unknown>,
): CalendlyDelivery {
  const bookedAt = options.bookedAt ?? new Date();
  const scheduledEvent = options.invitee.replace(/\/invitees\/.*$/, "");
  const body = JSON.stringify({
    created_at: providerTime(at),
    created_by: "https://api.calendly.com/users/rise-demo-host",
    event,
    payload: {
      cancel_url: "https://calendly.com/cancellations/rise-test",
      created_at: providerTime(bookedAt),
      email: "visitor@example.com",
      event: scheduledEvent,
      name: "Visitor",
      new_invitee: null,
      old_invitee: null,
      questions_and_answers: [],
      reschedule_url: "https://calendly.com/reschedulings/rise-test",
      rescheduled: false,
      status: "active",
      text_reminder_number: null,
      timezone: "Europe/Paris",
      tracking: {
        utm_campaign: null,
        utm_source: null,
        utm_medium: null,
        utm_content: null,
        utm_term: null,
        salesforce_uuid: null,
        ...options.tracking,
      },
      updated_at: providerTime(at),
      uri: options.invitee,
      ...fields,
    },
  });
  return signedCalendlyDelivery(body, options.key, options.signedAt);
}

/** `invitee.created`: a demo booked, or (with `oldInvitee`) a booking rescheduled to this invitee. */
export function inviteeCreatedDelivery(
  options: InviteeEventOptions & { oldInvitee?: string },
): CalendlyDelivery {
  const bookedAt = options.bookedAt ?? new Date();
  return inviteeEvent("invitee.created", { ...options, bookedAt }, bookedAt, {
    old_invitee: options.oldInvitee ?? null,
  });
}

/**
 * `invitee.canceled`: a demo canceled, or (with `newInvitee`) rescheduled, which the provider
 * sends as the old invitee canceled with `rescheduled: true` and a new invitee created.
 */
export function inviteeCanceledDelivery(
  options: InviteeEventOptions & { canceledAt?: Date; newInvitee?: string },
): CalendlyDelivery {
  const canceledAt = options.canceledAt ?? new Date();
  const rescheduled = options.newInvitee !== undefined;
  return inviteeEvent("invitee.canceled", options, canceledAt, {
    status: "canceled",
    rescheduled,
    new_invitee: options.newInvitee ?? null,
    cancellation: {
      canceled_by: "Visitor",
      reason: rescheduled ? null : "Can't make it",
      canceler_type: "invitee",
      created_at: providerTime(canceledAt),
    },
  });
}
