import {
  ACTIVITY_PAGE_SIZE,
  type ActivityEntry,
  type ActivityPage,
  type ActivityQuery,
} from "@bakery/shared/admin-activity-contract";
import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import type { Database } from "../db/open-database.ts";
import { activityEntries } from "../db/schema.ts";

type EntryRow = typeof activityEntries.$inferSelect;

const asObject = (value: unknown) =>
  value !== null && typeof value === "object" ? (value as Record<string, unknown>) : null;

function entryOf(row: EntryRow): ActivityEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { uid: row.actorUid, name: row.actor },
    kind: row.kind,
    subject: row.subject,
    before: asObject(row.before),
    after: asObject(row.after),
  };
}

/**
 * One page of the log, newest first: the entries (of `kind`, when given) older than the entry
 * `before`. Paged by id rather than by offset, so entries added meanwhile never shift a page.
 */
export async function listActivity(db: Database, query: ActivityQuery): Promise<ActivityPage> {
  const rows = await db
    .select()
    .from(activityEntries)
    .where(
      and(
        query.kind === undefined ? undefined : eq(activityEntries.kind, query.kind),
        query.before === undefined ? undefined : lt(activityEntries.id, query.before),
      ),
    )
    .orderBy(desc(activityEntries.id))
    // One more than a page, to know whether there is a next one.
    .limit(ACTIVITY_PAGE_SIZE + 1);
  const entries = rows.slice(0, ACTIVITY_PAGE_SIZE).map(entryOf);
  const last = entries.at(-1);
  return { entries, nextBefore: rows.length > ACTIVITY_PAGE_SIZE && last ? last.id : null };
}

/**
 * The newest entry about `subject`: one whose subject it is, or one that moved something to
 * it (a move is recorded under where it came from, with `after.link` naming where it went).
 * Tells an editor whose version is stale who changed it and when.
 */
export async function lastActivityOn(
  db: Database,
  subject: string,
): Promise<ActivityEntry | undefined> {
  const [row] = await db
    .select()
    .from(activityEntries)
    .where(
      or(
        eq(activityEntries.subject, subject),
        and(
          eq(activityEntries.kind, "link.moved"),
          eq(sql`${activityEntries.after} ->> 'link'`, subject),
        ),
      ),
    )
    .orderBy(desc(activityEntries.id))
    .limit(1);
  return row && entryOf(row);
}
