import type { PageFormat } from "@bakery/shared/admin-pages-contract";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/open-database.ts";
import { type ContentPageRow, contentPages } from "../db/schema.ts";
import { formatLimit, TeamLimitError } from "../limits/team-limit.ts";
import {
  keepRevision,
  moveRevisions,
  type PageAuthor,
  retireRevisions,
} from "./content-page-revisions.ts";

/** A page as a write stores it: the source as written, and the HTML made from it. */
export interface ContentPageInput {
  handle: string;
  title: string;
  subtitle: string;
  format: PageFormat;
  /** With its {{PLACEHOLDERS}}, as the editor shows it. */
  source: string;
  /** `source` rendered and sanitized (renderPageSource), the placeholders filled. */
  html: string;
}

export async function findContentPage(
  db: Database,
  handle: string,
): Promise<ContentPageRow | undefined> {
  const [row] = await db.select().from(contentPages).where(eq(contentPages.handle, handle));
  return row;
}

export async function listContentPages(db: Database): Promise<ContentPageRow[]> {
  return db.select().from(contentPages).orderBy(asc(contentPages.handle));
}

/** The old handles that answer 301, with the live page each leads to. */
export async function listRenamedPages(db: Database): Promise<{ handle: string; to: string }[]> {
  const rows = await db
    .select({ handle: contentPages.handle, to: contentPages.renamedTo })
    .from(contentPages)
    .orderBy(asc(contentPages.handle));
  return rows.flatMap(({ handle, to }) => (to === null ? [] : [{ handle, to }]));
}

/**
 * Live pages the team can have at most: far more than a bakery's site has (its legal pages,
 * opening hours, a landing page per campaign), and a bound on the back office's page list and
 * on what a stolen session can add.
 */
export const MAX_CONTENT_PAGES = 500;

/**
 * Old addresses of renamed pages the team can have at most: each rename to a new handle adds
 * one, and the page list shows them all. Deleting a page removes its old addresses.
 */
export const MAX_OLD_PAGE_ADDRESSES = 1000;

/**
 * How many rows of each kind there are (live pages, renamed pages' old addresses) and which kind
 * `handle` is, if any: a write's limit check and what it depends on, in one read.
 */
async function countPages(
  db: Database,
  handle: string,
): Promise<{ live: number; old: number; handleIs: "live" | "old" | "free" }> {
  const isOld = sql`${contentPages.renamedTo} is not null`;
  const [counts] = await db
    .select({
      live: sql<number>`(count(*) filter (where not ${isOld}))::int`,
      old: sql<number>`(count(*) filter (where ${isOld}))::int`,
      handleIs: sql<
        "live" | "old" | "free"
      >`coalesce(max(case when ${contentPages.handle} = ${handle} then case when ${isOld} then 'old' else 'live' end end), 'free')`,
    })
    .from(contentPages);
  return counts ?? { live: 0, old: 0, handleIs: "free" };
}

/** Pages' own key space of transaction-level advisory locks (any number will do). */
const PAGE_WRITES_LOCK = 41;

/**
 * Holds every page write of other transactions back until this one ends, so what a write
 * checked (the editor's revision, a free handle) is still true when it writes, even for a
 * page no row exists for yet. One lock for all pages: they change a few times a day, and a
 * rename involves two handles, which per-page locks would have to take in a safe order.
 */
export async function lockPageWrites(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PAGE_WRITES_LOCK}, 0)`);
}

/** Set by every write of a page, so an editor's If-Match sees any change. */
const rewritten = () => ({ revision: sql`gen_random_uuid()`, updatedAt: sql`now()` });

/**
 * Creates or replaces a live page (bringing a renamed handle back to life if needed) and keeps
 * the version written as a revision by `author`: the one way a page's text is written, by the
 * editor, the CLI and the local seed alike. A new page past MAX_CONTENT_PAGES is refused
 * (TeamLimitError).
 */
export async function putContentPage(
  db: Database,
  page: ContentPageInput,
  author: PageAuthor,
): Promise<ContentPageRow> {
  const { handle, ...content } = page;
  return db.transaction(async (tx) => {
    const counts = await countPages(tx, handle);
    if (counts.handleIs !== "live" && counts.live >= MAX_CONTENT_PAGES) {
      throw new TeamLimitError(
        `There are ${formatLimit(MAX_CONTENT_PAGES)} pages already, the most the team can have: delete pages no longer in use, then make this one.`,
      );
    }
    const [row] = await tx
      .insert(contentPages)
      .values({ handle, ...content, renamedTo: null })
      .onConflictDoUpdate({
        target: contentPages.handle,
        set: { ...content, renamedTo: null, ...rewritten() },
      })
      .returning();
    if (!row) throw new Error(`page "${handle}" was not written`);
    await keepRevision(tx, row, author);
    return row;
  });
}

/**
 * Renames the live page `from` to `to`, which its caller has checked is no live page: the
 * content and history move to `to`, `from` becomes a tombstone pointing at it, and older
 * tombstones that pointed at `from` now point at `to`, so every old URL answers with a single
 * 301 to the live page. The rename is kept as a revision by `author`, so the page's history
 * says who last changed it. A rename that would make more than MAX_OLD_PAGE_ADDRESSES old
 * addresses is refused (TeamLimitError).
 */
export async function moveContentPage(
  db: Database,
  from: ContentPageRow,
  to: string,
  author: PageAuthor,
): Promise<ContentPageRow> {
  const { title, subtitle, format, source, html } = from;
  const content = { title, subtitle, format, source, html, renamedTo: null };
  return db.transaction(async (tx) => {
    // A rename to a handle never used adds an old address; one to an old address reuses it.
    const counts = await countPages(tx, to);
    if (counts.handleIs === "free" && counts.old >= MAX_OLD_PAGE_ADDRESSES) {
      throw new TeamLimitError(
        `There are ${formatLimit(MAX_OLD_PAGE_ADDRESSES)} old addresses of renamed pages already, the most the team can have: delete pages no longer in use (their old addresses go with them), then rename this one.`,
      );
    }
    const [row] = await tx
      .insert(contentPages)
      .values({ handle: to, ...content })
      .onConflictDoUpdate({ target: contentPages.handle, set: { ...content, ...rewritten() } })
      .returning();
    if (!row) throw new Error(`page "${to}" was not written`);
    await tx
      .update(contentPages)
      .set({ renamedTo: to, source: "", html: "", ...rewritten() })
      .where(eq(contentPages.handle, from.handle));
    await tx
      .update(contentPages)
      .set({ renamedTo: to, ...rewritten() })
      .where(eq(contentPages.renamedTo, from.handle));
    await moveRevisions(tx, from.handle, to);
    await keepRevision(tx, row, author);
    return row;
  });
}

/**
 * Removes the live page `handle` and the tombstones pointing at it; its revisions are kept
 * (retireRevisions). Returns false if there was no live page.
 */
export async function removeContentPage(db: Database, handle: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(contentPages)
      .where(and(eq(contentPages.handle, handle), isNull(contentPages.renamedTo)))
      .returning({ handle: contentPages.handle });
    if (deleted.length === 0) return false;
    await tx.delete(contentPages).where(eq(contentPages.renamedTo, handle));
    await retireRevisions(tx, handle);
    return true;
  });
}
