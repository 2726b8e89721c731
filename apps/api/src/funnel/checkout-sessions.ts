import { utcDay } from "@bakery/shared/admin-contract";
import { sql } from "drizzle-orm";
import type { Database } from "../db/open-database.ts";
import { checkoutSessions } from "../db/schema.ts";
import type { VisitNames } from "./visit-references.ts";

/**
 * What a payment provider's event says of a checkout session: completed and paid (payment_status
 * paid or no_payment_required), completed with its payment still pending (a delayed payment
 * method), or the delayed payment's outcome.
 */
export type CheckoutEventKind =
  | "completed_paid"
  | "completed_unpaid"
  | "async_succeeded"
  | "async_failed";

export interface CheckoutEvent {
  /** The provider's checkout session id: one row, and at most one paid sign-up, per session. */
  session: string;
  kind: CheckoutEventKind;
  /** When the provider says it happened (the event's creation time). */
  at: Date;
  /** The names the sign-up is credited to, or null when it is credited to none. */
  names: VisitNames | null;
}

const paidKinds: ReadonlySet<CheckoutEventKind> = new Set(["completed_paid", "async_succeeded"]);

/**
 * Merges one event into its session's row in a single statement, so events arriving in any
 * order, twice, or at the same time leave the same row: the first payment sets paid_at (and the
 * day it counts on), a failed delayed payment sets failed_at, and the first names win (every
 * event of a session carries the same reference). Says whether the row changed: false for an
 * event already merged.
 */
export async function recordCheckoutEvent(db: Database, event: CheckoutEvent): Promise<boolean> {
  const paid = paidKinds.has(event.kind);
  const stored = checkoutSessions;
  const hasNoNames = sql`${stored.source} = ''`;
  const keepNamesUnlessNone = (name: "source" | "medium" | "campaign") =>
    sql`case when ${hasNoNames} then excluded.${sql.identifier(name)} else ${stored[name]} end`;
  const changed = await db
    .insert(stored)
    .values({
      session: event.session,
      day: paid ? utcDay(event.at) : null,
      paidAt: paid ? event.at : null,
      failedAt: event.kind === "async_failed" ? event.at : null,
      source: event.names?.source ?? "",
      medium: event.names?.medium ?? "",
      campaign: event.names?.campaign ?? "",
    })
    .onConflictDoUpdate({
      target: stored.session,
      set: {
        // The day goes with paid_at: both are set by the first payment and never moved.
        day: sql`case when ${stored.paidAt} is null then excluded.day else ${stored.day} end`,
        paidAt: sql`coalesce(${stored.paidAt}, excluded.paid_at)`,
        failedAt: sql`coalesce(${stored.failedAt}, excluded.failed_at)`,
        source: keepNamesUnlessNone("source"),
        medium: keepNamesUnlessNone("medium"),
        campaign: keepNamesUnlessNone("campaign"),
        updatedAt: sql`now()`,
      },
      // Only a row the event changes is written, so a replay is told apart (and costs nothing).
      setWhere: sql`(${stored.paidAt} is null and excluded.paid_at is not null)
        or (${stored.failedAt} is null and excluded.failed_at is not null)
        or (${hasNoNames} and excluded.source <> '')`,
    })
    .returning({ session: stored.session });
  return changed.length > 0;
}
