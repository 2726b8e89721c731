import { CAMPAIGN_VALUE_PATTERN } from "@bakery/shared/admin-links-contract";
import { checkShortLinkTarget, type RedirectTargetPolicy } from "@bakery/shared/redirect-target";

export interface UtmParams {
  source?: string | undefined;
  medium?: string | undefined;
  campaign?: string | undefined;
  content?: string | undefined;
  term?: string | undefined;
}

/** The campaign fields as a link stores them, each its own column: null where not given. */
export const campaignColumns = (utm: UtmParams) => ({
  utmSource: utm.source ?? null,
  utmMedium: utm.medium ?? null,
  utmCampaign: utm.campaign ?? null,
  utmContent: utm.content ?? null,
  utmTerm: utm.term ?? null,
});

export type PreparedTarget = { ok: true; target: string } | { ok: false; reason: string };

/**
 * Validates a short link's target before it is stored (checkShortLinkTarget: the allow-list,
 * and never another short link) and adds the UTM parameters.
 * UTM tags only make sense for our own site (our analytics reads them), so they are
 * refused for targets elsewhere rather than silently dropped.
 */
export function prepareLinkTarget(
  target: string,
  utm: UtmParams,
  policy: RedirectTargetPolicy,
): PreparedTarget {
  const check = checkShortLinkTarget(target, policy);
  if (!check.ok) return { ok: false, reason: check.reason };

  const entries = Object.entries({
    utm_source: utm.source,
    utm_medium: utm.medium,
    utm_campaign: utm.campaign,
    utm_content: utm.content,
    utm_term: utm.term,
  }).filter((entry): entry is [string, string] => entry[1] !== undefined);
  if (entries.length === 0) return { ok: true, target: check.url };
  if (!check.sameOrigin) {
    return { ok: false, reason: "UTM parameters can only be added to targets on this site" };
  }
  for (const [name, value] of entries) {
    if (!CAMPAIGN_VALUE_PATTERN.test(value)) {
      return { ok: false, reason: `${name} may contain only letters, digits and . _ ~ -` };
    }
  }

  const url = new URL(check.url, policy.siteOrigin);
  for (const [name, value] of entries) url.searchParams.set(name, value);
  const withUtm = check.url.startsWith("/") ? `${url.pathname}${url.search}${url.hash}` : url.href;
  // Check the result too, so the stored value is exactly what reads will accept.
  const final = checkShortLinkTarget(withUtm, policy);
  return final.ok ? { ok: true, target: final.url } : { ok: false, reason: final.reason };
}
