import { cleanAttributionValue } from "@bakery/shared/attribution-record";

/** The visitor's details, and a note for the booking (e.g. the cake they priced on the landing page). */
export type SchedulingPrefill = {
  name?: string | null;
  email?: string | null;
  note?: string | null;
};

/**
 * The scheduling page prefills its custom questions' answers from a1, a2, …: the note answers
 * the first, which the demo's event type asks as free text (docs/marketing-site.md).
 */
export const noteAnswerParam = "a1";
export type SchedulingAttribution = {
  utm_source?: string | null;
  utm_medium?: string | null;
  utm_campaign?: string | null;
};

/**
 * The one place the scheduling widget's address is built: the embed options
 * of spec §2, the visitor's prefill and the attribution of their visit.
 * Values are cleaned and length-capped like attribution values; URLSearchParams does the encoding.
 */
export function schedulingEmbedUrl(
  schedulingUrl: string,
  prefill: SchedulingPrefill,
  attribution: SchedulingAttribution,
  embedDomain?: string,
): string {
  const url = new URL(schedulingUrl);
  url.searchParams.set("hide_event_type_details", "1");
  url.searchParams.set("hide_gdpr_banner", "1");
  if (embedDomain) {
    url.searchParams.set("embed_domain", embedDomain);
    url.searchParams.set("embed_type", "Inline");
  }
  const values = {
    name: prefill.name,
    email: prefill.email,
    [noteAnswerParam]: prefill.note,
    ...attribution,
  };
  for (const [key, value] of Object.entries(values)) {
    const cleaned = cleanAttributionValue(value);
    if (cleaned) url.searchParams.set(key, cleaned);
  }
  return url.toString();
}
