import { and, asc, eq, getTableColumns, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/open-database.ts";
import { shortLinkClicksByDay, shortLinks } from "../db/schema.ts";
import { formatLimit, TeamLimitError } from "../limits/team-limit.ts";

export type ShortLinkRow = typeof shortLinks.$inferSelect;

/** "cat/id", the form stored in `moved_to`. */
export const linkKey = (cat: string, id: string) => `${cat}/${id}`;

/**
 * Live links the team can have at most: far more than a bakery's marketing ever sends at once,
 * and a bound on the links report (every live link) and on what a stolen session can add.
 * Moved links' tombstones are not counted.
 */
export const MAX_SHORT_LINKS = 1000;

/**
 * Refuses (TeamLimitError) another live link when there are MAX_SHORT_LINKS already, so every
 * way of making one keeps the rule. Replacing, moving and deleting never make one.
 */
async function refuseWhenFull(db: Database): Promise<void> {
  const [live] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(shortLinks)
    .where(isNull(shortLinks.movedTo));
  if ((live?.count ?? 0) >= MAX_SHORT_LINKS) {
    throw new TeamLimitError(
      `There are ${formatLimit(MAX_SHORT_LINKS)} short links already, the most the team can have: delete links no longer in use, then make this one.`,
    );
  }
}

export async function findShortLink(
  db: Database,
  cat: string,
  id: string,
): Promise<ShortLinkRow | undefined> {
  const [row] = await db.select().from(shortLinks).where(isLink(cat, id));
  return row;
}

/** How often a link was followed since the last write: by a click, and from its QR code. */
export interface ShortLinkCounts {
  cat: string;
  id: string;
  clicks: number;
  scans: number;
}

/**
 * Adds many clicks and scans, a thousand links per statement: `counts` holds each link's since
 * the last call (one entry per link). Each link's counts grow atomically, so instances flushing
 * at the same time never lose each other's. A link removed meanwhile is skipped. The statements
 * are one transaction: a call that fails has added nothing, so its caller may add the same
 * counts again without counting any twice.
 */
export function addShortLinkCounts(
  db: Database,
  counts: ReadonlyArray<ShortLinkCounts>,
): Promise<void> {
  return db.transaction((tx) => addCountsIn(tx, counts));
}

async function addCountsIn(db: Transaction, counts: ReadonlyArray<ShortLinkCounts>) {
  // PostgreSQL allows 65,535 parameters per statement; four per link.
  for (let start = 0; start < counts.length; start += 1_000) {
    const rows = sql.join(
      counts
        .slice(start, start + 1_000)
        .map(
          (count) =>
            sql`(${count.cat}, ${count.id}, ${count.clicks}::integer, ${count.scans}::integer)`,
        ),
      sql`, `,
    );
    // The same statement adds them to today's (UTC) counts of each link, so the totals and
    // the days always agree.
    await db.execute(sql`
      with updated as (
        update ${shortLinks}
        set clicks = ${shortLinks.clicks} + added.clicks,
          scans = ${shortLinks.scans} + added.scans,
          last_click_at = now()
        from (values ${rows}) as added (cat, id, clicks, scans)
        where ${shortLinks.cat} = added.cat and ${shortLinks.id} = added.id
        returning ${shortLinks.cat} as cat, ${shortLinks.id} as id,
          added.clicks as clicks, added.scans as scans
      )
      insert into ${shortLinkClicksByDay} (cat, id, day, clicks, scans)
      select cat, id, (now() at time zone 'UTC')::date, clicks, scans from updated
      on conflict (cat, id, day)
      do update set clicks = ${shortLinkClicksByDay.clicks} + excluded.clicks,
        scans = ${shortLinkClicksByDay.scans} + excluded.scans`);
  }
}

export async function listShortLinks(db: Database): Promise<ShortLinkRow[]> {
  return db.select().from(shortLinks).orderBy(asc(shortLinks.cat), asc(shortLinks.id));
}

export interface ShortLinkInput {
  cat: string;
  id: string;
  /** Already checked with checkRedirectTarget and with any UTM parameters applied. */
  target: string;
  signInRequired: boolean;
  utmSource?: string | null;
  utmMedium?: string | null;
  utmCampaign?: string | null;
  utmContent?: string | null;
  utmTerm?: string | null;
  expiresAt?: Date | null;
  /** Already checked like `target`. */
  fallback?: string | null;
}

/** What a write stores besides the key: a live link (not a tombstone), every field given. */
function storedValues(link: ShortLinkInput) {
  return {
    target: link.target,
    signInRequired: link.signInRequired,
    utmSource: link.utmSource ?? null,
    utmMedium: link.utmMedium ?? null,
    utmCampaign: link.utmCampaign ?? null,
    utmContent: link.utmContent ?? null,
    utmTerm: link.utmTerm ?? null,
    expiresAt: link.expiresAt ?? null,
    fallback: link.fallback ?? null,
    movedTo: null,
  };
}

/** Set by every write of a row (never by a click), so an editor's If-Match sees any change. */
const rewritten = () => ({ revision: sql`gen_random_uuid()`, updatedAt: sql`now()` });

const isLink = (cat: string, id: string) => and(eq(shortLinks.cat, cat), eq(shortLinks.id, id));

/**
 * The link inserted, or written over the row at its address: any row, or only a moved link's
 * tombstone (`overTombstoneOnly`). Every field is the new link's; the click counts stay.
 */
function insertOrOverwrite(db: Database, link: ShortLinkInput, overTombstoneOnly: boolean) {
  const values = storedValues(link);
  return db
    .insert(shortLinks)
    .values({ cat: link.cat, id: link.id, ...values })
    .onConflictDoUpdate({
      target: [shortLinks.cat, shortLinks.id],
      set: { ...values, ...rewritten() },
      ...(overTombstoneOnly && { setWhere: isNotNull(shortLinks.movedTo) }),
    });
}

/**
 * Creates or replaces a live link; its click count survives a replace. Says which it did
 * (PostgreSQL leaves a row's xmax at 0 when the statement inserted it), with the row found at the
 * address before and the row written, so a caller that records the change reads neither again.
 */
export async function putShortLink(
  db: Database,
  link: ShortLinkInput,
): Promise<{ outcome: "created" | "replaced"; before?: ShortLinkRow; after: ShortLinkRow }> {
  const before = await findShortLink(db, link.cat, link.id);
  if (before?.movedTo !== null) await refuseWhenFull(db);
  const [row] = await insertOrOverwrite(db, link, false).returning({
    ...getTableColumns(shortLinks),
    inserted: sql<boolean>`xmax = 0`,
  });
  if (!row) throw new Error(`writing the link ${linkKey(link.cat, link.id)} returned no row`);
  const { inserted, ...after } = row;
  return { outcome: inserted ? "created" : "replaced", before, after };
}

/**
 * Creates a link where there is none, or only a moved link's tombstone (which it takes over, as
 * `putShortLink` does); undefined, writing nothing, when a live link is there, even one
 * made a moment ago by a concurrent request. Both refuse with TeamLimitError when full.
 */
export async function createShortLink(
  db: Database,
  link: ShortLinkInput,
): Promise<ShortLinkRow | undefined> {
  await refuseWhenFull(db);
  const [row] = await insertOrOverwrite(db, link, true).returning();
  return row;
}

/** Replaces every field of the link `cat/id` (its clicks kept); undefined when there is none. */
export async function replaceShortLink(
  db: Database,
  link: ShortLinkInput,
): Promise<ShortLinkRow | undefined> {
  const [row] = await db
    .update(shortLinks)
    .set({ ...storedValues(link), ...rewritten() })
    .where(isLink(link.cat, link.id))
    .returning();
  return row;
}

/**
 * The row of `cat/id`, locked until the transaction ends: a check of its revision stays true
 * until the write that depends on it is done.
 */
export async function lockShortLink(
  tx: Transaction,
  cat: string,
  id: string,
): Promise<ShortLinkRow | undefined> {
  const [row] = await tx.select().from(shortLinks).where(isLink(cat, id)).for("update");
  return row;
}

export class LinkMoveError extends Error {}

/** Like pages: the old link becomes a tombstone answering 301 to the new one. */
export async function moveShortLink(
  db: Database,
  from: { cat: string; id: string },
  to: { cat: string; id: string },
): Promise<void> {
  const fromKey = linkKey(from.cat, from.id);
  const toKey = linkKey(to.cat, to.id);
  if (fromKey === toKey) throw new LinkMoveError("the new link is the same as the old one");
  await db.transaction(async (tx) => {
    const [source] = await tx.select().from(shortLinks).where(isLink(from.cat, from.id));
    if (!source || source.movedTo !== null) throw new LinkMoveError(`no link "${fromKey}"`);
    const [existing] = await tx.select().from(shortLinks).where(isLink(to.cat, to.id));
    if (existing && existing.movedTo === null) {
      throw new LinkMoveError(`a link "${toKey}" already exists; remove it first`);
    }
    const values = storedValues({ ...source, ...to });
    await tx
      .insert(shortLinks)
      .values({ ...to, ...values })
      .onConflictDoUpdate({
        target: [shortLinks.cat, shortLinks.id],
        set: { ...values, ...rewritten() },
      });
    await tx
      .update(shortLinks)
      .set({ movedTo: toKey, ...rewritten() })
      .where(isLink(from.cat, from.id));
    await tx
      .update(shortLinks)
      .set({ movedTo: toKey, ...rewritten() })
      .where(eq(shortLinks.movedTo, fromKey));
  });
}

/** Removes a link and the tombstones pointing at it. Returns false if there was none. */
export async function removeShortLink(db: Database, cat: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(shortLinks)
      .where(isLink(cat, id))
      .returning({ cat: shortLinks.cat });
    if (deleted.length === 0) return false;
    await tx.delete(shortLinks).where(eq(shortLinks.movedTo, linkKey(cat, id)));
    return true;
  });
}
