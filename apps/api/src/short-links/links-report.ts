import type { LinkReportRow, LinksQuery, LinksReport } from "@bakery/shared/admin-contract";
import { and, asc, between, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/open-database.ts";
import { shortLinkClicksByDay, shortLinks } from "../db/schema.ts";
import { linkKey } from "./short-link-queries.ts";

/**
 * Every live short link (moved links' tombstones left out) with its clicks and QR code scans
 * ever and in the range, and the days of the range it was followed, most followed (clicks and
 * scans) in the range first.
 */
export async function linksReport(db: Database, query: LinksQuery): Promise<LinksReport> {
  const { from, to } = query;
  const links = await db
    .select({
      cat: shortLinks.cat,
      id: shortLinks.id,
      target: shortLinks.target,
      totalClicks: shortLinks.clicks,
      totalScans: shortLinks.scans,
      lastClickAt: shortLinks.lastClickAt,
    })
    .from(shortLinks)
    .where(isNull(shortLinks.movedTo))
    .orderBy(asc(shortLinks.cat), asc(shortLinks.id));
  const days = await db
    .select({
      cat: shortLinkClicksByDay.cat,
      id: shortLinkClicksByDay.id,
      day: sql<string>`${shortLinkClicksByDay.day}::text`,
      clicks: shortLinkClicksByDay.clicks,
      scans: shortLinkClicksByDay.scans,
    })
    .from(shortLinkClicksByDay)
    .innerJoin(
      shortLinks,
      and(eq(shortLinks.cat, shortLinkClicksByDay.cat), eq(shortLinks.id, shortLinkClicksByDay.id)),
    )
    .where(and(isNull(shortLinks.movedTo), between(shortLinkClicksByDay.day, from, to)))
    .orderBy(asc(shortLinkClicksByDay.day));

  const rows = new Map<string, LinkReportRow>(
    links.map((link) => [
      linkKey(link.cat, link.id),
      {
        cat: link.cat,
        id: link.id,
        target: link.target,
        totalClicks: link.totalClicks,
        totalScans: link.totalScans,
        lastClickedAt: link.lastClickAt?.toISOString() ?? null,
        clicksInRange: 0,
        scansInRange: 0,
        clicksByDay: [],
      },
    ]),
  );
  for (const { cat, id, day, clicks, scans } of days) {
    // A day has a row only once the link was followed that day (a check of the table's).
    const row = rows.get(linkKey(cat, id));
    if (!row) continue;
    row.clicksInRange += clicks;
    row.scansInRange += scans;
    row.clicksByDay.push({ day, clicks, scans });
  }
  const inRange = (row: LinkReportRow) => row.clicksInRange + row.scansInRange;
  // Array.prototype.sort is stable: links followed as often stay in cat/id order.
  const sorted = [...rows.values()].sort((a, b) => inRange(b) - inRange(a));
  return { from, to, links: sorted };
}
