import { decodeClientReferenceId } from "@bakery/shared/client-reference-id";
import type { Hono } from "hono";
import Stripe from "stripe";
import { z } from "zod";
import type { ApiDeps } from "../api-deps.ts";
import { databaseDeadline } from "../db/database-availability.ts";
import type { Database } from "../db/open-database.ts";
import { type CheckoutEventKind, recordCheckoutEvent } from "../funnel/checkout-sessions.ts";
import { findVisitReference, type VisitNames } from "../funnel/visit-references.ts";
import { bodyAtMost } from "../http/body-at-most.ts";
import { ApiProblem, badRequest } from "../http/errors.ts";

/** Stripe's events are a few kilobytes; a checkout session with many line items stays well under this. */
export const WEBHOOK_BODY_MAX_BYTES = 256 * 1024;

/**
 * The fields of a checkout session the funnel reads. The body is signed, but its shape is the
 * provider's: anything else is refused before it reaches the database.
 */
const checkoutSessionSchema = z.object({
  id: z.string().regex(/^[\x21-\x7e]{1,255}$/),
  payment_status: z.string().nullish(),
  client_reference_id: z.string().nullish(),
});

/** What an event says of its session, or undefined for the event types the funnel ignores. */
function checkoutEventKind(
  type: string,
  paymentStatus: string | null | undefined,
): CheckoutEventKind | undefined {
  switch (type) {
    case "checkout.session.completed":
      // A delayed payment method completes the checkout unpaid; its outcome is a later event.
      return paymentStatus === "paid" || paymentStatus === "no_payment_required"
        ? "completed_paid"
        : "completed_unpaid";
    case "checkout.session.async_payment_succeeded":
      return "async_succeeded";
    case "checkout.session.async_payment_failed":
      return "async_failed";
    default:
      return undefined;
  }
}

type Credit =
  | { by: "reference" | "names"; names: VisitNames }
  | { by: "none" | "refused"; names: null };

/**
 * Whom a checkout is credited to (decision 0022): the exact names kept with the visit reference
 * in its client_reference_id, when that visit's landing was reported; else the names written in
 * it, which a long name reaches only cut. A name that decodes to a control or format character
 * is refused: the checkout still counts, credited to none, rather than failing every retry.
 */
async function creditCheckout(
  db: Database,
  clientReferenceId: string | null | undefined,
): Promise<Credit> {
  const decoded = decodeClientReferenceId(clientReferenceId);
  const visit = await findVisitReference(db, decoded?.ref);
  if (visit) return { by: "reference", names: visit };
  if (!decoded) return { by: "none", names: null };
  if (!decoded.names) return { by: "refused", names: null };
  const { utms, utmm, utmc } = decoded.names;
  return { by: "names", names: { source: utms, medium: utmm, campaign: utmc } };
}

/**
 * `POST /webhooks/stripe`: the payment provider tells us of a checkout session, so a paid
 * sign-up joins the funnel under the campaign the pricing table put in its
 * `client_reference_id`. Only a body signed with STRIPE_WEBHOOK_SECRET is read (checked on the
 * raw bytes, as signed). A session counts once it is paid (completed with payment_status paid,
 * or its delayed payment succeeded) unless its delayed payment failed, whichever order the
 * events come in; a redelivery changes nothing. The answer is 200 only once the event is stored,
 * so a database failure (5xx) is retried by the provider. Other event types are acknowledged
 * and ignored, so the provider does not retry them.
 */
export function registerStripeWebhookRoute(app: Hono, deps: ApiDeps): void {
  const query = databaseDeadline(deps.config.DATABASE_TIMEOUT_MS);

  app.post("/webhooks/stripe", bodyAtMost(WEBHOOK_BODY_MAX_BYTES), async (c) => {
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
    const session = checkoutSessionSchema.safeParse(event.data?.object);
    const kind = checkoutEventKind(event.type, session.data?.payment_status);
    if (kind) {
      if (!session.success) throw badRequest("The event's checkout session has no usable id");
      const credit = await query(() => creditCheckout(deps.db, session.data.client_reference_id));
      const changed = await query(() =>
        recordCheckoutEvent(deps.db, {
          session: session.data.id,
          kind,
          at: new Date(event.created * 1000),
          names: credit.names,
        }),
      );
      deps.logger.info(
        {
          stripeEventId: event.id,
          session: session.data.id,
          kind,
          creditedBy: credit.by,
          changed,
        },
        "checkout event",
      );
    }
    return c.json({ received: true }, 200);
  });
}
