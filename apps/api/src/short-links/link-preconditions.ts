import type { ActivityEntry } from "@bakery/shared/admin-activity-contract";
import { lastActivityOn } from "../activity/read-activity.ts";
import type { Database } from "../db/open-database.ts";
import type { ShortLinkRow } from "../db/short-links.ts";
import { preconditionFailed } from "../http/errors.ts";

/**
 * The editor's conditions on a write (RFC 9110 §13.1): `ifMatch`, the revisions it may replace
 * ("*": any that exists); `ifNoneMatch`, the revisions it must not ("*": create only).
 * Undefined when the header was not sent.
 */
export interface Preconditions {
  ifMatch: string[] | undefined;
  ifNoneMatch: string[] | undefined;
}

/** A link's revision as its ETag. */
export const etagOf = (revision: string) => `"${revision}"`;

/**
 * The revisions a header names. Taken quoted (the ETag) or bare (the body's `revision`), so an
 * editor can send either; a weak tag (W/…) never matches, as If-Match compares strongly.
 */
function revisionsIn(header: string | undefined): string[] | undefined {
  if (header === undefined) return undefined;
  return header
    .split(",")
    .map((tag) => tag.trim())
    .filter((tag) => tag !== "" && !tag.startsWith("W/"))
    .map((tag) => tag.replace(/^"(.*)"$/, "$1"));
}

export function preconditionsOf(header: (name: string) => string | undefined): Preconditions {
  return {
    ifMatch: revisionsIn(header("If-Match")),
    ifNoneMatch: revisionsIn(header("If-None-Match")),
  };
}

const names = (revisions: string[], link: ShortLinkRow) =>
  revisions.some((tag) => tag === "*" || tag === link.revision);

/**
 * Refuses (412) a write whose conditions the live link `current` (undefined: none) doesn't meet,
 * naming who changed it last and when, so the editor knows whose change they would undo.
 */
export async function checkPreconditions(
  db: Database,
  key: string,
  current: ShortLinkRow | undefined,
  given: Preconditions,
): Promise<void> {
  if (given.ifMatch && !(current && names(given.ifMatch, current))) {
    const last = await lastActivityOn(db, key);
    throw preconditionFailed(
      current
        ? `${key} was ${changeOf(last, key, current)} after the version you have. Open it again to see that change, then make yours.`
        : `There is no link ${key} any more${last ? `: it was ${changeOf(last, key)}` : ""}.`,
    );
  }
  if (given.ifNoneMatch && current && names(given.ifNoneMatch, current)) {
    const last = await lastActivityOn(db, key);
    throw preconditionFailed(
      `A link ${key} already exists (${changeOf(last, key, current)}), leading to ${current.target}. Open it to change it, or confirm that it should be replaced.`,
    );
  }
}

/** "2026-03-01 at 14:05 UTC". */
function inWords(at: Date): string {
  const iso = at.toISOString();
  return `${iso.slice(0, 10)} at ${iso.slice(11, 16)} UTC`;
}

/**
 * "changed by ann@example.com on 2026-03-01 at 14:05 UTC", from the link's last activity entry.
 * When `current` was written after that entry (by something that records no activity, such as
 * the local demo seed), or there is none, only when.
 */
export function changeOf(
  entry: ActivityEntry | undefined,
  key: string,
  current?: ShortLinkRow,
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
      return "made";
    case "link.deleted":
      return "deleted";
    case "link.moved":
      return entry.subject === key
        ? `moved to ${String(entry.after?.link)}`
        : `moved here from ${entry.subject}`;
    default:
      return "changed";
  }
}
