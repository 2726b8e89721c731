import { hostname } from "node:os";
import type { ActivityKind } from "@bakery/shared/admin-activity-contract";
import type { Transaction } from "../db/open-database.ts";
import { activityEntries } from "../db/schema.ts";

/** Who made a change: a signed-in operator's account, or the operator CLI on some machine. */
export type Actor =
  | { kind: "account"; uid: string; email: string | null }
  | { kind: "cli"; host: string };

/** The CLI on this machine: its host name is all the CLI knows of who runs it. */
export const cliActor = (): Actor => ({ kind: "cli", host: hostname() });

/** How the log names `actor`: the account's e-mail (its uid without one), or "CLI on <host>". */
export function actorName(actor: Actor): string {
  return actor.kind === "cli" ? `CLI on ${actor.host}` : (actor.email ?? actor.uid);
}

export interface Change {
  kind: ActivityKind;
  /** What changed, e.g. "promo/spring". */
  subject: string;
  /** The thing as it was; null when the change made it. */
  before: object | null;
  /** The thing as it became; null when the change deleted it. */
  after: object | null;
}

/**
 * Adds the activity entry of a change. It takes the change's transaction, not the database,
 * so the entry commits with the change or not at all: no change goes unrecorded, and a
 * change that fails leaves no entry behind.
 */
export async function recordActivity(tx: Transaction, actor: Actor, change: Change): Promise<void> {
  await tx.insert(activityEntries).values({
    actorUid: actor.kind === "account" ? actor.uid : null,
    actor: actorName(actor),
    kind: change.kind,
    subject: change.subject,
    before: change.before,
    after: change.after,
  });
}

/** What a save wrote: the `noun` `subject`, made when nothing was `current`, else replaced. */
export interface Save<Row> {
  noun: "link" | "page";
  subject: string;
  current: Row | undefined;
  row: Row;
}

/**
 * Records a save as made or replaced, in its transaction, with the thing as `recordOf` has the
 * log keep it; says which it was.
 */
export async function recordSave<Row>(
  tx: Transaction,
  actor: Actor,
  save: Save<Row>,
  recordOf: (row: Row) => object,
): Promise<{ row: Row; created: boolean }> {
  const { noun, current, row } = save;
  await recordActivity(tx, actor, {
    kind: current ? `${noun}.updated` : `${noun}.created`,
    subject: save.subject,
    before: current ? recordOf(current) : null,
    after: recordOf(row),
  });
  return { row, created: !current };
}
