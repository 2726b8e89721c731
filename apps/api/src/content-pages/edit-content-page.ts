import type { Placeholders } from "@bakery/content/render-page";
import { type Actor, actorName, recordActivity, recordSave } from "../activity/record-activity.ts";
import { checkPreconditions, type WriteTarget } from "../activity/write-preconditions.ts";
import type { Database, Transaction } from "../db/open-database.ts";
import type { ContentPageRow } from "../db/schema.ts";
import { conflict, notFound, unprocessableContent } from "../http/errors.ts";
import type { Preconditions } from "../http/preconditions.ts";
import {
  type ContentPageInput,
  findContentPage,
  lockPageWrites,
  moveContentPage,
  putContentPage,
  removeContentPage,
} from "./content-page-queries.ts";
import { findPageRevision, type PageAuthor } from "./content-page-revisions.ts";
import { pageRecord } from "./page-record.ts";
import { prepareRestore } from "./prepare-page-write.ts";

/**
 * The writes of a content page, from the back office's editor and the CLI alike. Each runs in
 * one transaction with its activity entry (and its revision, content-pages/content-page-queries.ts), holding the
 * pages' write lock from the check of the editor's revision to the write, so a concurrent
 * change is either seen (and refused) or waits.
 */

/** How a revision names who wrote it: as the activity log names the actor. */
export const authorOf = (actor: Actor): PageAuthor => ({
  name: actorName(actor),
  uid: actor.kind === "account" ? actor.uid : null,
});

/** The CLI's save: its file is the page as it should be, whatever is there now. */
export const WHATEVER_IS_THERE = "whatever is there";

/** A renamed page's tombstone is no page to the editor: writing there makes a new one. */
const live = (row: ContentPageRow | undefined) => (row?.renamedTo === null ? row : undefined);

/** The live page `handle`, read under the pages' write lock. */
async function lockedPage(tx: Transaction, handle: string) {
  await lockPageWrites(tx);
  return live(await findContentPage(tx, handle));
}

const pageTarget = (
  handle: string,
  current: ContentPageRow | undefined,
): WriteTarget<ContentPageRow> => ({
  noun: "page",
  key: handle,
  current,
  describe: (page) => `, titled "${page.title}"`,
});

const noPage = (handle: string) => notFound(`There is no page "${handle}"`);

/**
 * Creates or replaces `page` as `given` allows (412 otherwise). Without a condition it only
 * creates: replacing a page its author hasn't seen is refused (409), never done silently.
 */
export async function saveContentPage(
  db: Database,
  actor: Actor,
  page: ContentPageInput,
  given: Preconditions | typeof WHATEVER_IS_THERE,
): Promise<{ row: ContentPageRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const current = await lockedPage(tx, page.handle);
    if (given !== WHATEVER_IS_THERE) {
      await checkPreconditions(tx, pageTarget(page.handle, current), given);
      if (current && !given.ifMatch && !given.ifNoneMatch) {
        throw conflict(
          `A page "${page.handle}" already exists. To replace it, send its revision in If-Match; to create only, send If-None-Match: *.`,
        );
      }
    }
    const row = await putContentPage(tx, page, authorOf(actor));
    return recordSave(tx, actor, { noun: "page", subject: page.handle, current, row }, pageRecord);
  });
}

/** Deletes the page `handle` (and its old handles) if it is the revision `given` names. */
export async function deleteContentPage(
  db: Database,
  actor: Actor,
  handle: string,
  given: Preconditions,
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockedPage(tx, handle);
    await checkPreconditions(tx, pageTarget(handle, current), given);
    if (!current) throw noPage(handle);
    await removeContentPage(tx, handle);
    await recordActivity(tx, actor, {
      kind: "page.deleted",
      subject: handle,
      before: pageRecord(current),
      after: null,
    });
  });
}

/**
 * Renames the page `from` to `to` if it is the revision `given` names; `from` keeps answering
 * with a 301 to the new address, and the page's revisions follow it. Refused (409) when `to`
 * is a live page.
 */
export async function renameContentPage(
  db: Database,
  actor: Actor,
  move: { from: string; to: string },
  given: Preconditions,
): Promise<ContentPageRow> {
  const { from, to } = move;
  if (from === to) throw unprocessableContent("to: is the page's handle already");
  return db.transaction(async (tx) => {
    const current = await lockedPage(tx, from);
    await checkPreconditions(tx, pageTarget(from, current), given);
    if (!current) throw noPage(from);
    if (live(await findContentPage(tx, to))) {
      throw conflict(
        `A page "${to}" already exists: choose another handle, or delete that page first`,
      );
    }
    const row = await moveContentPage(tx, current, to, authorOf(actor));
    await recordActivity(tx, actor, {
      kind: "page.renamed",
      subject: from,
      before: pageRecord(current),
      after: pageRecord(row),
    });
    return row;
  });
}

/**
 * Saves the revision `revisionId` of the page `handle` again, as its newest (re-rendered with
 * today's placeholders), if the page is the revision `given` names.
 */
export async function restorePageRevision(
  db: Database,
  actor: Actor,
  restore: { handle: string; revisionId: number; placeholders: Placeholders },
  given: Preconditions,
): Promise<ContentPageRow> {
  const { handle, revisionId } = restore;
  // Outside the transaction: a revision's text never changes, and rendering a long page
  // should not hold every other page write back.
  const revision = await findPageRevision(db, handle, revisionId);
  if (!revision) throw notFound(`The page "${handle}" has no revision ${revisionId}`);
  const page = prepareRestore(handle, revision, restore.placeholders);
  return db.transaction(async (tx) => {
    const current = await lockedPage(tx, handle);
    await checkPreconditions(tx, pageTarget(handle, current), given);
    if (!current) throw noPage(handle);
    const row = await putContentPage(tx, page, authorOf(actor));
    await recordActivity(tx, actor, {
      kind: "page.restored",
      subject: handle,
      before: pageRecord(current),
      after: { ...pageRecord(row), restoredFrom: revisionId },
    });
    return row;
  });
}
