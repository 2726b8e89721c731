import { CALENDLY_SIGNATURE_TOLERANCE_SECONDS } from "../webhooks/calendly-signature.ts";
import { inviteeEventSchema } from "../webhooks/calendly-webhook.ts";
import { error, schema } from "./openapi-parts.ts";

/** The payment and scheduling providers' webhooks. */
export const webhookPaths = {
  "/webhooks/stripe": {
    post: {
      summary:
        "The payment provider's checkout events, signed (Stripe-Signature): a checkout session counts as a paid sign-up once paid (completed with payment_status paid, or its delayed payment succeeded) and never if its delayed payment failed, once per session, credited through the visit reference or the names in its client_reference_id",
      parameters: [
        {
          name: "Stripe-Signature",
          in: "header",
          required: true,
          description: "The provider's signature of the raw body with STRIPE_WEBHOOK_SECRET",
          schema: { type: "string" },
        },
      ],
      requestBody: {
        required: true,
        content: { "application/json": { schema: { type: "object" } } },
      },
      responses: {
        200: {
          description: "Received (also for a redelivered event or a type that is not used)",
          content: { "application/json": { schema: { type: "object" } } },
        },
        400: error("No signature, a signature that does not match, or not an event"),
        413: error("The body is too large"),
        503: error("The database is unreachable, or STRIPE_WEBHOOK_SECRET is not set"),
      },
    },
  },
  "/webhooks/calendly": {
    post: {
      summary:
        "The scheduling provider's invitee events, signed (Calendly-Webhook-Signature): invitee.created records a booked demo, invitee.canceled takes it out; one booking per invitee URI, a reschedule stays one",
      parameters: [
        {
          name: "Calendly-Webhook-Signature",
          in: "header",
          required: true,
          description: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with CALENDLY_WEBHOOK_SIGNING_KEY>, made at most ${CALENDLY_SIGNATURE_TOLERANCE_SECONDS / 60} minutes from the server's time`,
          schema: { type: "string" },
        },
      ],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: schema(inviteeEventSchema, "input"),
          },
        },
      },
      responses: {
        200: {
          description: "Stored (also for a redelivered event), or an event type that is not used",
          content: { "application/json": { schema: { type: "object" } } },
        },
        400: error(
          "No signature, one that does not match or is not fresh, or a body that is not an invitee's event",
        ),
        413: error("The body is too large"),
        503: error("The database is unreachable, or CALENDLY_WEBHOOK_SIGNING_KEY is not set"),
      },
    },
  },
};
