import type { AdminShortLink, ShortLinkRecord } from "@bakery/shared/admin-links-contract";
import { sitePathForLink } from "@bakery/shared/api-contract";
import { linkKey, type ShortLinkRow } from "./short-link-queries.ts";

/** Each campaign parameter and the column it is kept in beside the target. */
const CAMPAIGN_COLUMNS = {
  utm_source: "utmSource",
  utm_medium: "utmMedium",
  utm_campaign: "utmCampaign",
  utm_content: "utmContent",
  utm_term: "utmTerm",
} as const;

/** Resolves paths on this site only to write them back as paths, so any origin does. */
const ANY_ORIGIN = "https://site.invalid";

/**
 * The destination the editor typed: the stored target (which has the campaign fields added,
 * prepareLinkTarget) without the parameters those fields set. Kept as one target rather than
 * two columns, so what visitors are sent to is stored exactly once.
 */
export function destinationOf(row: ShortLinkRow): string {
  const added = Object.entries(CAMPAIGN_COLUMNS)
    .filter(([, column]) => row[column] !== null)
    .map(([parameter]) => parameter);
  if (added.length === 0) return row.target;
  const url = new URL(row.target, ANY_ORIGIN);
  for (const parameter of added) url.searchParams.delete(parameter);
  return row.target.startsWith("/") ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

/** The link's editable state, as its activity entries keep it (before and after a change). */
export function shortLinkRecord(row: ShortLinkRow): ShortLinkRecord {
  return {
    link: linkKey(row.cat, row.id),
    destination: destinationOf(row),
    utm: {
      source: row.utmSource,
      medium: row.utmMedium,
      campaign: row.utmCampaign,
      content: row.utmContent,
      term: row.utmTerm,
    },
    target: row.target,
    signInRequired: row.signInRequired,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    fallback: row.fallback,
  };
}

/** The link as the back office's editor reads it: its state, full address, clicks and revision. */
export function adminShortLink(row: ShortLinkRow, siteOrigin: string): AdminShortLink {
  return {
    ...shortLinkRecord(row),
    cat: row.cat,
    id: row.id,
    shortLink: `${siteOrigin}${sitePathForLink(row.cat, row.id)}`,
    clicks: row.clicks,
    revision: row.revision,
    updatedAt: row.updatedAt.toISOString(),
  };
}
