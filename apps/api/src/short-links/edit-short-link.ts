import { type Actor, recordActivity, recordSave } from "../activity/record-activity.ts";
import type { Database } from "../db/open-database.ts";
import { conflict, notFound } from "../http/errors.ts";
import type { Preconditions } from "../http/preconditions.ts";
import { checkPreconditions } from "./link-preconditions.ts";
import {
  createShortLink,
  linkKey,
  lockShortLink,
  removeShortLink,
  replaceShortLink,
  type ShortLinkInput,
  type ShortLinkRow,
} from "./short-link-queries.ts";
import { shortLinkRecord } from "./short-link-record.ts";

/**
 * The back office's writes of a short link. Each runs in one transaction with its activity
 * entry, holding the link's row locked from the check of the editor's revision to the write,
 * so a concurrent change is either seen (and refused) or waits.
 */

/** A moved link's tombstone is no link to the editor: writing there makes a new one. */
const live = (row: ShortLinkRow | undefined) => (row?.movedTo === null ? row : undefined);

const alreadyThere = (key: string) =>
  conflict(
    `A link ${key} already exists. To replace it, send its revision in If-Match; to create only, send If-None-Match: *.`,
  );

/**
 * Creates or replaces `link` as `given` allows (412 otherwise). Without a condition it only
 * creates: replacing a link its author hasn't seen is refused (409), never done silently.
 */
export async function saveShortLink(
  db: Database,
  actor: Actor,
  link: ShortLinkInput,
  given: Preconditions,
): Promise<{ row: ShortLinkRow; created: boolean }> {
  const key = linkKey(link.cat, link.id);
  const unconditional = !given.ifMatch && !given.ifNoneMatch;
  return db.transaction(async (tx) => {
    const current = live(await lockShortLink(tx, link.cat, link.id));
    await checkPreconditions(tx, key, current, given);
    if (current && unconditional) throw alreadyThere(key);
    const row = current ? await replaceShortLink(tx, link) : await createShortLink(tx, link);
    if (!row) {
      // A concurrent request made the link after the lock found none to hold: the same
      // checks again, against that link.
      await checkPreconditions(tx, key, live(await lockShortLink(tx, link.cat, link.id)), given);
      throw alreadyThere(key);
    }
    return recordSave(tx, actor, { noun: "link", subject: key, current, row }, shortLinkRecord);
  });
}

/** Deletes the link `cat/id` (and its old addresses) if it is the revision `given` names. */
export async function deleteShortLink(
  db: Database,
  actor: Actor,
  address: { cat: string; id: string },
  given: Preconditions,
): Promise<void> {
  const key = linkKey(address.cat, address.id);
  await db.transaction(async (tx) => {
    const current = live(await lockShortLink(tx, address.cat, address.id));
    await checkPreconditions(tx, key, current, given);
    if (!current) throw notFound(`There is no link ${key}`);
    await removeShortLink(tx, address.cat, address.id);
    await recordActivity(tx, actor, {
      kind: "link.deleted",
      subject: key,
      before: shortLinkRecord(current),
      after: null,
    });
  });
}
