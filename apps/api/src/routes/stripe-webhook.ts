import { decodeClientReferenceId } from "@bakery/shared/client-reference-id";
import type { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import Stripe from "stripe";
import type { ApiDeps } from "../api-deps.ts";
import { recordCheckoutCompleted } from "../db/conversion-events.ts";
import { databaseDeadline } from "../db/database-availability.ts";
import { ApiProblem, badRequest, payloadTooLarge } from "../http-errors.ts";

/** Stripe's events are a few kilobytes; a checkout session with many line items stays well under this. */
export const WEBHOOK_BODY_MAX_BYTES = 256 * 1024;

/**
 * `POST /webhooks/stripe`: the payment provider tells us a checkout completed, so a paid
 * sign-up joins the funnel under the campaign the pricing table put in its
 * `client_reference_id`. Only a body signed with STRIPE_WEBHOOK_SECRET is read (checked on
 * the raw bytes, as signed); the event id makes a redelivery a no-op. Other event types
 * are acknowledged and ignored, so the provider does not retry them.
 */
export function registerStripeWebhookRoute(app: Hono, deps: ApiDeps): void {
  const query = databaseDeadline(deps.config.DATABASE_TIMEOUT_MS);

  app.post(
    "/webhooks/stripe",
    bodyLimit({
      maxSize: WEBHOOK_BODY_MAX_BYTES,
      onError: () => {
        throw payloadTooLarge(WEBHOOK_BODY_MAX_BYTES);
      },
    }),
    async (c) => {
      const secret = deps.config.STRIPE_WEBHOOK_SECRET;
      if (!secret) {
        // 503, not 4xx: the provider retries for days, so nothing is lost once it is set.
        deps.logger.error("STRIPE_WEBHOOK_SECRET is not set: payment events are refused");
        throw new ApiProblem(503, "service_unavailable", "The webhook is not configured yet");
      }
      const signature = c.req.header("Stripe-Signature");
      if (!signature) throw badRequest("Stripe-Signature header missing");
      const payload = new Uint8Array(await c.req.arrayBuffer());
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(payload, signature, secret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw badRequest("The Stripe-Signature does not match the body");
        }
        throw badRequest("The body is not a Stripe event");
      }
      if (event.type === "checkout.session.completed") {
        const reference = event.data.object.client_reference_id;
        const stored = await query(
          recordCheckoutCompleted(deps.db, {
            stripeEventId: event.id,
            attribution: decodeClientReferenceId(reference),
            at: new Date(event.created * 1000),
          }),
        );
        deps.logger.info(
          { stripeEventId: event.id, duplicate: !stored, reference },
          "checkout completed",
        );
      }
      return c.json({ received: true }, 200);
    },
  );
}
