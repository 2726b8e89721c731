import { type ConversionAccepted, siteEventSchema } from "@bakery/shared/api-contract";
import type { Hono } from "hono";
import type { ApiDeps } from "../api-deps.ts";
import { databaseDeadline } from "../db/database-availability.ts";
import { isAutomatedRequest } from "../http/automated-client.ts";
import { bodyAtMost } from "../http/body-at-most.ts";
import { ApiProblem, badRequest } from "../http/errors.ts";
import { parseOrBadRequest } from "../http/validation.ts";
import { rateLimit } from "../limits/rate-limit.ts";
import { recordBrowserBooking } from "./demo-bookings.ts";
import { recordLanding } from "./landings.ts";

/** An event is a few short strings; anything bigger is not from our site. */
export const EVENT_BODY_MAX_BYTES = 4 * 1024;

/**
 * `POST /events`: a demo booked in the scheduling widget, as the browser saw it (a hint merged
 * into the booking the scheduling provider's webhook records, decision 0021), and landings (a
 * visit that started from a campaign or an outside referrer), counted per day for the
 * dashboard's funnel, with the visit's reference. Anonymous by design (no token needed), so it
 * is rate-limited per client, its body is capped, and what it writes is bounded (decision
 * 0023). A landing sent by a crawler or link-preview fetcher is answered like any other and
 * not counted.
 */
export function registerEventRoutes(app: Hono, deps: ApiDeps): void {
  // A beacon is sent once and never again: a landing or booking the database records after the
  // deadline (answered 503) is kept rather than lost.
  const query = databaseDeadline(deps.config.DATABASE_TIMEOUT_MS, "kept");

  app.post(
    "/events",
    rateLimit(deps, { bucket: "events", perMinute: deps.config.RATE_LIMIT_EVENTS_PER_MINUTE }),
    bodyAtMost(EVENT_BODY_MAX_BYTES),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const contentType = c.req.header("Content-Type") ?? "";
      if (!/^application\/json\s*(;|$)/i.test(contentType)) {
        throw new ApiProblem(415, "unsupported_media_type", "Send the event as application/json");
      }
      const body: unknown = await c.req.json().catch(() => {
        throw badRequest("The body is not valid JSON");
      });
      const event = parseOrBadRequest(siteEventSchema, body);
      if (event.type === "landing") {
        if (!isAutomatedRequest((name) => c.req.header(name))) {
          await query(() =>
            recordLanding(deps.db, event, {
              newNamesPerDay: deps.config.ATTRIBUTION_NEW_NAMES_PER_DAY,
              logger: deps.logger,
            }),
          );
        }
      } else {
        await query(() => recordBrowserBooking(deps.db, event));
      }
      const accepted: ConversionAccepted = { accepted: true };
      return c.json(accepted, 202);
    },
  );
}
