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
/** The visit's source (utms, utmm, utmc) and reference, as the attribution capture keeps them. */
export type SchedulingAttribution = {
  utms?: string | null;
  utmm?: string | null;
  utmc?: string | null;
  ref?: string | null;
};

/**
 * The one place the scheduling widget's address is built: the embed options of spec §2, the
 * visitor's prefill, and the source of their visit as utm_source, utm_medium, utm_campaign with
 * its reference as salesforce_uuid. The scheduling page passes these back in the booking's
 * `tracking`, where our webhook looks the reference up to credit the exact names; the utm_*
 * values are the fallback (decision 0022). Values are cleaned and length-capped like
 * attribution values; URLSearchParams does the encoding.
 */
export function schedulingEmbedUrl(
  schedulingUrl: string,
  prefill: SchedulingPrefill,
  attribution: SchedulingAttribution | undefined,
  embedDomain?: string,
): string {
  const url = new URL(schedulingUrl);
  const values = {
    hide_event_type_details: "1",
    hide_gdpr_banner: "1",
    ...(embedDomain && { embed_domain: embedDomain, embed_type: "Inline" }),
    name: prefill.name,
    email: prefill.email,
    [noteAnswerParam]: prefill.note,
    utm_source: attribution?.utms,
    utm_medium: attribution?.utmm,
    utm_campaign: attribution?.utmc,
    salesforce_uuid: attribution?.ref,
  };
  for (const [key, value] of Object.entries(values)) {
    const cleaned = cleanAttributionValue(value);
    if (cleaned) url.searchParams.set(key, cleaned);
  }
  return url.toString();
}
