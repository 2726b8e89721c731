import type {
  AdminPage,
  AdminPageSummary,
  PageRecord,
  PageRevision,
  PageRevisionSummary,
} from "@bakery/shared/admin-pages-contract";
import { sitePathForPage } from "@bakery/shared/content-page-address";
import type { ContentPageRow } from "../db/schema.ts";
import {
  BEFORE_PAGE_HISTORY,
  type PageAuthor,
  type PageRevisionRow,
  type PageRevisionSummaryRow,
  type PageSummaryRow,
} from "./content-page-revisions.ts";

/** The page's editable state, as its activity entries keep it (before and after a change). */
export function pageRecord(row: ContentPageRow): PageRecord {
  return {
    handle: row.handle,
    title: row.title,
    subtitle: row.subtitle,
    format: row.format,
    source: row.source,
  };
}

/** Who changed the page last, as the editor says it; null for a page older than its history. */
function changedBy(author: PageAuthor | undefined): AdminPage["updatedBy"] {
  if (!author || (author.name === BEFORE_PAGE_HISTORY && author.uid === null)) return null;
  return { name: author.name, uid: author.uid };
}

/** The page as the editor opens it; `author`: who wrote its newest revision. */
export function adminPage(row: ContentPageRow, author: PageAuthor | undefined): AdminPage {
  return {
    ...pageRecord(row),
    path: sitePathForPage(row.handle),
    html: row.html,
    revision: row.revision,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: changedBy(author),
  };
}

export function adminPageSummary(row: PageSummaryRow): AdminPageSummary {
  return {
    handle: row.handle,
    title: row.title,
    path: sitePathForPage(row.handle),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: changedBy(row.author),
  };
}

export function pageRevisionSummary(row: PageRevisionSummaryRow): PageRevisionSummary {
  return {
    id: row.id,
    at: row.at.toISOString(),
    by: { name: row.actor, uid: row.actorUid },
    title: row.title,
  };
}

export function pageRevision(row: PageRevisionRow): PageRevision {
  return {
    ...pageRevisionSummary(row),
    subtitle: row.subtitle,
    format: row.format,
    source: row.source,
    html: row.html,
  };
}
