import {
  ACTIVITY_PAGE_SIZE,
  type ActivityEntry,
  type ActivityPage,
  type ActivityQuery,
} from "@bakery/shared/admin-activity-contract";
import { and, desc, eq, like, lt, or, sql } from "drizzle-orm";
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

/** What the activity log tells the story of, by the first part of its entries' kinds. */
export type SubjectFamily = "link" | "page";

/**
 * The kinds that move a subject elsewhere, and the field of their `after` that names where: a
 * move is recorded under where it came from.
 */
const MOVES = { "link.moved": "link", "page.renamed": "handle" } as const;

/** Where a move entry (MOVES) took its subject. */
export function movedTo(entry: ActivityEntry): string {
  const field = MOVES[entry.kind as keyof typeof MOVES];
  return String(field === undefined ? "" : entry.after?.[field]);
}

/**
 * The newest entry about the `family` subject `subject`: one whose subject it is, or one that
 * moved something to it. Tells an editor whose version is stale who changed it and when.
 */
export async function lastActivityOn(
  db: Database,
  subject: string,
  family: SubjectFamily,
): Promise<ActivityEntry | undefined> {
  const movedHere = Object.entries(MOVES).map(([kind, field]) =>
    and(eq(activityEntries.kind, kind), eq(sql`${activityEntries.after} ->> ${field}`, subject)),
  );
  const [row] = await db
    .select()
    .from(activityEntries)
    .where(
      and(
        // A page's handle may also be an account's uid (the operator role's subject).
        like(activityEntries.kind, `${family}.%`),
        or(eq(activityEntries.subject, subject), ...movedHere),
      ),
    )
    .orderBy(desc(activityEntries.id))
    .limit(1);
  return row && entryOf(row);
}
