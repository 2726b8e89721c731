import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/open-database.ts";
import { type ContentPageRow, contentPageRevisions, contentPages } from "../db/schema.ts";

export type PageRevisionRow = typeof contentPageRevisions.$inferSelect;

/** A revision as the history lists it: without its text, which may be a megabyte. */
export type PageRevisionSummaryRow = Pick<
  PageRevisionRow,
  "id" | "at" | "actor" | "actorUid" | "title"
>;

/** Who wrote a version of a page, as its revision keeps them (the activity log's actor). */
export interface PageAuthor {
  /** The account's e-mail (its uid without one), "CLI on <host>", "local demo seed", … */
  name: string;
  uid: string | null;
}

/**
 * Who the revisions the 0008 migration made for the pages that existed then name: nobody
 * knows who wrote those pages.
 */
export const BEFORE_PAGE_HISTORY = "before page history";

/** A page's own revisions: those of a page deleted before it at its handle are not. */
const revisionsOf = (handle: string) =>
  and(eq(contentPageRevisions.handle, handle), isNull(contentPageRevisions.deletedAt));

/** Appends the revision of a write: the live page `row` as it now is, by `author`. */
export async function keepRevision(
  tx: Transaction,
  row: ContentPageRow,
  author: PageAuthor,
): Promise<void> {
  await tx.insert(contentPageRevisions).values({
    handle: row.handle,
    // The write's own clock, so the revision and the page's updated_at are the same instant.
    at: sql`now()`,
    actor: author.name,
    actorUid: author.uid,
    title: row.title,
    subtitle: row.subtitle,
    format: row.format,
    source: row.source,
    html: row.html,
  });
}

/** The page `handle`'s newest revisions, newest first. */
export async function listPageRevisions(
  db: Database,
  handle: string,
  limit: number,
): Promise<PageRevisionSummaryRow[]> {
  return db
    .select({
      id: contentPageRevisions.id,
      at: contentPageRevisions.at,
      actor: contentPageRevisions.actor,
      actorUid: contentPageRevisions.actorUid,
      title: contentPageRevisions.title,
    })
    .from(contentPageRevisions)
    .where(revisionsOf(handle))
    .orderBy(desc(contentPageRevisions.id))
    .limit(limit);
}

/** The revision `id` of the page `handle`; undefined when it is not one of that page's. */
export async function findPageRevision(
  db: Database,
  handle: string,
  id: number,
): Promise<PageRevisionRow | undefined> {
  const [row] = await db
    .select()
    .from(contentPageRevisions)
    .where(and(revisionsOf(handle), eq(contentPageRevisions.id, id)));
  return row;
}

/** The newest revision of the page `handle`: who changed it last. */
export async function latestPageRevision(
  db: Database,
  handle: string,
): Promise<PageRevisionSummaryRow | undefined> {
  const [row] = await listPageRevisions(db, handle, 1);
  return row;
}

/**
 * The pages' history moves with a rename: the revisions of `from` become `to`'s. Those of a
 * page deleted earlier at `to` stay its own.
 */
export async function moveRevisions(tx: Transaction, from: string, to: string): Promise<void> {
  await tx.update(contentPageRevisions).set({ handle: to }).where(revisionsOf(from));
}

/**
 * Keeps a deleted page's revisions, so nothing written is lost, while a later page at its
 * handle starts a history of its own rather than showing (and offering to restore) the text
 * of a page that was deleted.
 */
export async function retireRevisions(tx: Transaction, handle: string): Promise<void> {
  await tx.update(contentPageRevisions).set({ deletedAt: sql`now()` }).where(revisionsOf(handle));
}

/** A live page as the pages list shows it, with who changed it last (from its revisions). */
export interface PageSummaryRow {
  handle: string;
  title: string;
  updatedAt: Date;
  /** Undefined when no revision names anyone. */
  author: PageAuthor | undefined;
}

/** Every live page, by handle, without its text. */
export async function listPageSummaries(db: Database): Promise<PageSummaryRow[]> {
  const latest = db
    .select({ actor: contentPageRevisions.actor, actorUid: contentPageRevisions.actorUid })
    .from(contentPageRevisions)
    .where(
      and(
        eq(contentPageRevisions.handle, contentPages.handle),
        isNull(contentPageRevisions.deletedAt),
      ),
    )
    .orderBy(desc(contentPageRevisions.id))
    .limit(1)
    .as("latest");
  const rows = await db
    .select({
      handle: contentPages.handle,
      title: contentPages.title,
      updatedAt: contentPages.updatedAt,
      actor: latest.actor,
      actorUid: latest.actorUid,
    })
    .from(contentPages)
    .leftJoinLateral(latest, sql`true`)
    .where(isNull(contentPages.renamedTo))
    .orderBy(asc(contentPages.handle));
  return rows.map(({ actor, actorUid, ...page }) => ({
    ...page,
    author: actor === null ? undefined : { name: actor, uid: actorUid },
  }));
}
