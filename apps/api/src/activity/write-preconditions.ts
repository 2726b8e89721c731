import type { ActivityEntry } from "@bakery/shared/admin-activity-contract";
import type { Database } from "../db/open-database.ts";
import { preconditionFailed } from "../http/errors.ts";
import { namesRevision, type Preconditions } from "../http/preconditions.ts";
import { lastActivityOn, movedTo, type SubjectFamily } from "./read-activity.ts";

/** What a back-office editor writes: stored with a revision and the time of its last write. */
interface Versioned {
  revision: string;
  updatedAt: Date;
}

/** The thing a write's conditions are checked against, and how the messages name it. */
export interface WriteTarget<Row extends Versioned> {
  /** "link" or "page": what the messages call it, and whose activity entries tell its story. */
  noun: SubjectFamily;
  /** Its activity subject, also its name in the messages: "promo/spring", "privacy-policy". */
  key: string;
  /** The live one now; undefined when there is none. */
  current: Row | undefined;
  /** What it is, for "already exists": ", leading to /pricing". */
  describe: (row: Row) => string;
}

/**
 * Refuses (412) a write whose conditions the live thing `target.current` doesn't meet, naming
 * who changed it last and when, so the editor knows whose change they would undo.
 */
export async function checkPreconditions<Row extends Versioned>(
  db: Database,
  target: WriteTarget<Row>,
  given: Preconditions,
): Promise<void> {
  const { noun, key, current } = target;
  if (given.ifMatch && !(current && namesRevision(given.ifMatch, current.revision))) {
    const last = await lastActivityOn(db, key, noun);
    throw preconditionFailed(
      current
        ? `${key} was ${changeOf(last, key, current)} after the version you have. Open it again to see that change, then make yours.`
        : `There is no ${noun} ${key} any more${last ? `: it was ${changeOf(last, key)}` : ""}.`,
    );
  }
  if (given.ifNoneMatch && current && namesRevision(given.ifNoneMatch, current.revision)) {
    const last = await lastActivityOn(db, key, noun);
    throw preconditionFailed(
      `A ${noun} ${key} already exists (${changeOf(last, key, current)})${target.describe(current)}. Open it to change it, or confirm that it should be replaced.`,
    );
  }
}

/** "2026-03-01 at 14:05 UTC". */
function inWords(at: Date): string {
  const iso = at.toISOString();
  return `${iso.slice(0, 10)} at ${iso.slice(11, 16)} UTC`;
}

/**
 * "changed by ann@example.com on 2026-03-01 at 14:05 UTC", from the thing's last activity
 * entry. When `current` was written after that entry (by something that records no activity,
 * such as the local demo seed), or there is none, only when.
 */
export function changeOf(
  entry: ActivityEntry | undefined,
  key: string,
  current?: Versioned,
): string {
  // An entry and its change share their transaction's clock, so the entry of the row's last
  // write is never older than the row.
  if (current && (!entry || new Date(entry.at) < current.updatedAt)) {
    return `changed on ${inWords(current.updatedAt)}`;
  }
  if (!entry) return "removed";
  return `${verbOf(entry, key)} by ${entry.actor.name} on ${inWords(new Date(entry.at))}`;
}

function verbOf(entry: ActivityEntry, key: string): string {
  switch (entry.kind) {
    case "link.created":
    case "page.created":
      return "made";
    case "link.deleted":
    case "page.deleted":
      return "deleted";
    case "page.restored": {
      const from = entry.after?.restoredFrom;
      return typeof from === "number" ? `restored from revision ${from}` : "restored";
    }
    case "link.moved":
    case "page.renamed": {
      const verb = entry.kind === "link.moved" ? "moved" : "renamed";
      return entry.subject === key
        ? `${verb} to ${movedTo(entry)}`
        : `${verb} here from ${entry.subject}`;
    }
    default:
      return "changed";
  }
}
