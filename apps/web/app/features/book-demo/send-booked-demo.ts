import {
  type ConversionEvent,
  conversionAcceptedSchema,
  conversionEventSchema,
  inviteeUriSchema,
  visitReferenceSchema,
} from "@bakery/shared/api-contract";
import { api } from "#app/lib/api/browser-api-client.ts";
import {
  browserAttribution,
  browserLandingPath,
} from "#app/lib/attribution/browser-attribution.ts";
import type { SessionAttribution } from "#app/lib/attribution/capture-attribution.ts";

/**
 * The event for a booked demo from what the visit stored and the invitee the scheduling embed's
 * message names (`payload.invitee.uri`). Storage and the message come from the browser, so a
 * part the API would refuse (an odd landing path, an invitee address of another form, say) is
 * left out rather than losing the booking itself.
 */
export function bookedDemoEvent(
  visit: { attribution: SessionAttribution | undefined; landing: string | undefined },
  message: unknown,
): ConversionEvent {
  const { attribution, landing } = visit;
  const fields = conversionEventSchema.shape;
  const sent = attribution
    ? { utms: attribution.utms, utmm: attribution.utmm, utmc: attribution.utmc }
    : null;
  const named = inviteeUriSchema.safeParse(
    (message as { payload?: { invitee?: { uri?: unknown } } } | null)?.payload?.invitee?.uri,
  );
  const ref = visitReferenceSchema.safeParse(attribution?.ref);
  return {
    type: "demo_booked",
    ...(named.success ? { invitee: named.data } : {}),
    ...(ref.success ? { ref: ref.data } : {}),
    attribution: fields.attribution.safeParse(sent).success ? sent : null,
    landing: landing !== undefined && fields.landing.safeParse(landing).success ? landing : null,
  };
}

/** POST /api/events for a demo just booked in this browser, given the embed's message. */
export async function sendBookedDemo(message: unknown): Promise<void> {
  await api.post(
    "/events",
    bookedDemoEvent({ attribution: browserAttribution(), landing: browserLandingPath() }, message),
    conversionAcceptedSchema,
  );
}
