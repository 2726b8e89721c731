import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "./open-database.ts";
import { contentPages } from "./schema.ts";

export type ContentPageRow = typeof contentPages.$inferSelect;

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

/** Creates or replaces a live page (bringing a renamed handle back to life if needed). */
export async function putContentPage(
  db: Database,
  page: { handle: string; title: string; subtitle: string; html: string },
): Promise<void> {
  await db
    .insert(contentPages)
    .values({ ...page, renamedTo: null })
    .onConflictDoUpdate({
      target: contentPages.handle,
      set: {
        title: page.title,
        subtitle: page.subtitle,
        html: page.html,
        renamedTo: null,
        updatedAt: sql`now()`,
      },
    });
}

export class PageMoveError extends Error {}

/**
 * Renames a live page: the content moves to `to`, `from` becomes a tombstone pointing
 * at it, and older tombstones that pointed at `from` now point at `to`, so every old
 * URL answers with a single 301 to the live page.
 */
export async function moveContentPage(db: Database, from: string, to: string): Promise<void> {
  if (from === to) throw new PageMoveError("the new handle is the same as the old one");
  await db.transaction(async (tx) => {
    const [source] = await tx.select().from(contentPages).where(eq(contentPages.handle, from));
    if (!source || source.renamedTo !== null) throw new PageMoveError(`no page "${from}"`);
    const [existing] = await tx.select().from(contentPages).where(eq(contentPages.handle, to));
    if (existing && existing.renamedTo === null) {
      throw new PageMoveError(`a page "${to}" already exists; remove it first`);
    }
    const page = { title: source.title, subtitle: source.subtitle, html: source.html };
    await tx
      .insert(contentPages)
      .values({ handle: to, ...page, renamedTo: null })
      .onConflictDoUpdate({
        target: contentPages.handle,
        set: { ...page, renamedTo: null, updatedAt: sql`now()` },
      });
    await tx
      .update(contentPages)
      .set({ renamedTo: to, html: "", updatedAt: sql`now()` })
      .where(eq(contentPages.handle, from));
    await tx
      .update(contentPages)
      .set({ renamedTo: to, updatedAt: sql`now()` })
      .where(eq(contentPages.renamedTo, from));
  });
}

/** Removes a page and the tombstones pointing at it. Returns false if there was none. */
export async function removeContentPage(db: Database, handle: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(contentPages)
      .where(eq(contentPages.handle, handle))
      .returning({ handle: contentPages.handle });
    if (deleted.length === 0) return false;
    await tx.delete(contentPages).where(eq(contentPages.renamedTo, handle));
    return true;
  });
}
