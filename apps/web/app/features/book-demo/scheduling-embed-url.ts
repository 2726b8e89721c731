import { attributionValueMaxLength } from "#app/features/attribution/capture-attribution.ts";

export type SchedulingPrefill = { name?: string | null; email?: string | null };
export type SchedulingAttribution = {
  utm_source?: string | null;
  utm_medium?: string | null;
  utm_campaign?: string | null;
};

/**
 * The one place the scheduling widget's address is built: the embed options
 * of spec §2, the visitor's prefill and the attribution of their visit.
 * Values are length-capped; URLSearchParams does the encoding.
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
  const values = { ...prefill, ...attribution };
  for (const [key, value] of Object.entries(values)) {
    const trimmed = value?.trim().slice(0, attributionValueMaxLength);
    if (trimmed) url.searchParams.set(key, trimmed);
  }
  return url.toString();
}
