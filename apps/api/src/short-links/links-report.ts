import {
  daysOf,
  type LinkReportRow,
  type LinksQuery,
  type LinksReport,
} from "@bakery/shared/admin-contract";
import { and, asc, between, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/open-database.ts";
import { shortLinkClicksByDay, shortLinks } from "../db/schema.ts";
import { linkKey } from "./short-link-queries.ts";

/**
 * Every live short link (moved links' tombstones left out) with its clicks and QR code scans
 * ever and per UTC day of the range, most followed (clicks and scans) in the range first.
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
  const clicks = await db
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
    .where(and(isNull(shortLinks.movedTo), between(shortLinkClicksByDay.day, from, to)));

  const days = daysOf(from, to);
  const dayIndex = new Map(days.map((day, i) => [day, i]));
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
        clicksByDay: days.map((day) => ({ day, clicks: 0, scans: 0 })),
      },
    ]),
  );
  for (const row of clicks) {
    const day = rows.get(linkKey(row.cat, row.id))?.clicksByDay[dayIndex.get(row.day) ?? -1];
    if (day) {
      day.clicks += row.clicks;
      day.scans += row.scans;
    }
  }
  const inRange = (row: LinkReportRow) =>
    row.clicksByDay.reduce((n, day) => n + day.clicks + day.scans, 0);
  // Array.prototype.sort is stable: links followed as often stay in cat/id order.
  const sorted = [...rows.values()].sort((a, b) => inRange(b) - inRange(a));
  return { from, to, links: sorted };
}
