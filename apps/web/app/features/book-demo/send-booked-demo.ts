import {
  type ConversionEvent,
  conversionAcceptedSchema,
  conversionEventSchema,
} from "@bakery/shared/api-contract";
import { api } from "#app/lib/api/browser-api-client.ts";
import { browserAttribution } from "#app/lib/attribution/browser-attribution.ts";
import type { SessionAttribution } from "#app/lib/attribution/capture-attribution.ts";

/**
 * The event for a booked demo from what the visit stored. Storage is the browser's, so a
 * part the API would refuse (an odd landing path, say) is left out rather than losing the
 * booking itself.
 */
export function bookedDemoEvent(visit: {
  attribution: SessionAttribution | undefined;
  landing: string | undefined;
}): ConversionEvent {
  const { attribution, landing } = visit;
  const fields = conversionEventSchema.shape;
  const sent = attribution
    ? { utms: attribution.utms, utmm: attribution.utmm, utmc: attribution.utmc }
    : null;
  return {
    type: "demo_booked",
    attribution: fields.attribution.safeParse(sent).success ? sent : null,
    landing: landing !== undefined && fields.landing.safeParse(landing).success ? landing : null,
  };
}

/** POST /api/events for a demo just booked in this browser. */
export async function sendBookedDemo(): Promise<void> {
  await api.post("/events", bookedDemoEvent(browserAttribution()), conversionAcceptedSchema);
}
