import { utcDay } from "@bakery/shared/admin-contract";
import { inviteeUriSchema } from "@bakery/shared/api-contract";
import { cleanAttributionValue, hasUnprintableCharacter } from "@bakery/shared/attribution-record";
import type { Hono } from "hono";
import { z } from "zod";
import type { ApiDeps } from "../api-deps.ts";
import { databaseDeadline } from "../db/database-availability.ts";
import {
  attributedTo,
  attributionByReference,
  type BookingAttribution,
  NO_ATTRIBUTION,
  recordInviteeCanceled,
  recordInviteeCreated,
} from "../funnel/demo-bookings.ts";
import { bodyAtMost } from "../http/body-at-most.ts";
import { ApiProblem, badRequest } from "../http/errors.ts";
import { parseOrBadRequest } from "../http/validation.ts";
import { verifyCalendlySignature } from "./calendly-signature.ts";

/** An invitee's event is a few kilobytes (its answers to the booking questions included). */
export const CALENDLY_WEBHOOK_BODY_MAX_BYTES = 64 * 1024;

const BOOKING_EVENTS = ["invitee.created", "invitee.canceled"] as const;

const timestamp = z.iso.datetime({ offset: true });
const trackingValue = z.string().nullish();

/**
 * The fields of an invitee's event the bookings read. The body is signed, but its shape is the
 * provider's: anything else is refused before it reaches the database.
 */
export const inviteeEventSchema = z.object({
  event: z.enum(BOOKING_EVENTS),
  /** When the event happened: for a cancellation, when it was canceled. */
  created_at: timestamp,
  payload: z.object({
    /** The invitee's URI: one booking's key, which the browser's report names too. */
    uri: inviteeUriSchema,
    /** When the invitee was created: the day the demo was booked. */
    created_at: timestamp.nullish(),
    rescheduled: z.boolean().nullish(),
    old_invitee: inviteeUriSchema.nullish(),
    /** What the scheduling frame's address carried (decision 0022). */
    tracking: z
      .object({
        utm_source: trackingValue,
        utm_medium: trackingValue,
        utm_campaign: trackingValue,
        /** The visit reference: the frame's address carries it as salesforce_uuid. */
        salesforce_uuid: trackingValue,
      })
      .nullish(),
  }),
});
type InviteeEvent = z.infer<typeof inviteeEventSchema>;
type Tracking = InviteeEvent["payload"]["tracking"];

/**
 * The names the booking's tracking carries, by the rule of the events schema: cleaned, or, when
 * one holds a control or format character, none at all (undefined), so a hostile value is never
 * stored and never makes the provider retry in vain.
 */
function trackedAttribution(tracking: Tracking): BookingAttribution | undefined {
  const values = [tracking?.utm_source, tracking?.utm_medium, tracking?.utm_campaign].map(
    (value) => value ?? "",
  );
  if (values.some(hasUnprintableCharacter)) return undefined;
  const [source = "", medium = "", campaign = ""] = values.map(cleanAttributionValue);
  return attributedTo({ source, medium, campaign }, "provider");
}

function parseJson(body: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw badRequest("The body is not JSON");
  }
}

/**
 * `POST /webhooks/calendly`: the scheduling provider tells us an invitee booked or canceled a
 * demo, the record of bookings (decision 0021). Only a body signed with
 * CALENDLY_WEBHOOK_SIGNING_KEY, within the signature's tolerance, is read (checked on the raw
 * bytes, as signed). The booking is keyed by the invitee's URI, so a redelivery changes nothing
 * and the browser's report of the same booking merges into it. The answer is 200 only once the
 * event is stored, so a database failure (5xx) is retried by the provider. Other event types are
 * acknowledged and ignored, so the provider does not retry them.
 */
export function registerCalendlyWebhookRoute(app: Hono, deps: ApiDeps): void {
  const query = databaseDeadline(deps.config.DATABASE_TIMEOUT_MS);

  async function store(delivery: InviteeEvent) {
    const { payload } = delivery;
    const tracked = trackedAttribution(payload.tracking);
    const attribution = await attributionByReference(
      deps.db,
      payload.tracking?.salesforce_uuid,
      tracked ?? NO_ATTRIBUTION,
    );
    const day = utcDay(new Date(payload.created_at ?? delivery.created_at));
    const outcome =
      delivery.event === "invitee.created"
        ? await recordInviteeCreated(deps.db, {
            invitee: payload.uri,
            day,
            attribution,
            oldInvitee: payload.old_invitee,
          })
        : await recordInviteeCanceled(deps.db, {
            invitee: payload.uri,
            day,
            rescheduled: payload.rescheduled === true,
            canceledAt: new Date(delivery.created_at),
            attribution,
          });
    const refused = !tracked && attribution.attributedBy === "none";
    return { outcome, creditedBy: refused ? "refused" : attribution.attributedBy };
  }

  app.post("/webhooks/calendly", bodyAtMost(CALENDLY_WEBHOOK_BODY_MAX_BYTES), async (c) => {
    const key = deps.config.CALENDLY_WEBHOOK_SIGNING_KEY;
    if (!key) {
      // 503: the provider retries for a day, so nothing is lost if the key is set within it.
      deps.logger.error("CALENDLY_WEBHOOK_SIGNING_KEY is not set: booking events are refused");
      throw new ApiProblem(503, "service_unavailable", "The webhook is not configured yet");
    }
    const body = new Uint8Array(await c.req.arrayBuffer());
    const signature = verifyCalendlySignature({
      header: c.req.header("Calendly-Webhook-Signature"),
      body,
      key,
      nowSeconds: Date.now() / 1000,
    });
    if (!signature.ok) throw badRequest(signature.problem);
    const json = parseJson(body);
    const { event } = parseOrBadRequest(z.object({ event: z.string() }), json);
    if (!(BOOKING_EVENTS as readonly string[]).includes(event)) {
      return c.json({ received: true }, 200);
    }
    const delivery = parseOrBadRequest(inviteeEventSchema, json);
    const { outcome, creditedBy } = await query(() => store(delivery));
    deps.logger.info(
      {
        invitee: delivery.payload.uri,
        event,
        outcome,
        duplicate: outcome === "same",
        creditedBy,
      },
      "booking event",
    );
    return c.json({ received: true }, 200);
  });
}
