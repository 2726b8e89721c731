import { type FunnelGrouping, utcDay } from "@bakery/shared/admin-contract";
import {
  type AdminShortLink,
  adminShortLinkSchema,
  type ShortLinkWrite,
} from "@bakery/shared/admin-links-contract";
import { z } from "@bakery/shared/zod-without-eval";
import { api } from "#app/lib/api/browser-api-client.ts";
import { loadFunnelReport } from "./dashboard-reports.ts";

const linkPath = (cat: string, id: string) =>
  `/admin/links/${encodeURIComponent(cat)}/${encodeURIComponent(id)}`;

/** A link as it is now, with the revision to send back when changing it. */
export const loadLink = (cat: string, id: string) =>
  api.get(linkPath(cat, id), adminShortLinkSchema);

/**
 * Creates the link (`revision` undefined: only if there is none, else 412) or replaces exactly
 * the version `revision` names (else 412, naming who changed it since).
 */
export function saveLink(
  cat: string,
  id: string,
  body: ShortLinkWrite,
  revision: string | undefined,
): Promise<AdminShortLink> {
  return api.put(
    linkPath(cat, id),
    body,
    adminShortLinkSchema,
    revision === undefined ? { "If-None-Match": "*" } : { "If-Match": `"${revision}"` },
  );
}

/** Deletes exactly the version `revision` names (else 412). */
export const deleteLink = (cat: string, id: string, revision: string) =>
  api.delete(linkPath(cat, id), z.undefined(), { "If-Match": `"${revision}"` });

/** How far back the campaign builder's suggestions look. */
const SUGGESTION_DAYS = 90;

/** The sources, mediums and campaigns the funnel has seen in the last 90 days, each sorted. */
export async function loadFunnelNames(): Promise<Record<FunnelGrouping, string[]>> {
  const now = Date.now();
  const range = {
    from: utcDay(new Date(now - (SUGGESTION_DAYS - 1) * 86_400_000)),
    to: utcDay(new Date(now)),
  };
  const names = async (by: FunnelGrouping) => {
    const report = await loadFunnelReport(range, by);
    return report.groups.flatMap((group) => (group.key ? [group.key] : [])).sort();
  };
  const [source, medium, campaign] = await Promise.all([
    names("source"),
    names("medium"),
    names("campaign"),
  ]);
  return { source, medium, campaign };
}
