import type { TeamInvitation, TeamRecord } from "@bakery/shared/admin-team-contract";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { type Actor, recordActivity } from "../activity/record-activity.ts";
import type { ApiDeps } from "../api-deps.ts";
import { HOW_TO_VERIFY_AN_ADDRESS } from "../auth/identity-accounts.ts";
import type { databaseDeadline } from "../db/database-availability.ts";
import type { Database } from "../db/open-database.ts";
import { activityEntries } from "../db/schema.ts";
import { ApiProblem, conflict } from "../http/errors.ts";
import { askIdentity } from "./verified-account.ts";

/**
 * Invitations one operator makes in an hour at most: more than a team ever asks at once, few
 * enough that a stolen session can't fill the sign-in service with accounts. Counted from the
 * activity log, so the count holds across instances and restarts.
 */
export const INVITATIONS_PER_HOUR = 10;

export type InvitationDeps = Pick<ApiDeps, "identity" | "db" | "logger"> & {
  /** Runs a database call within the request's deadline (503 past it). */
  query: ReturnType<typeof databaseDeadline>;
};

/**
 * An invitation for a colleague whose address has no account: the identity service makes the
 * account and gives a link to choose its password, which marks the address verified. An
 * account an earlier invitation made and nobody can sign in to yet gets a new link (the first
 * one lost, or past its hour). Any other account is refused (409): verified, it needs only the
 * role; not verified, its owner verifies it themselves. A link for an account someone uses, a
 * customer's say, would let an operator set its password and take it over.
 *
 * The activity log records who invited whom, never the link (it lets whoever holds it set the
 * password). The account is made before the entry is written: when the database then fails,
 * the answer is 503 and the account exists without its entry; asking again makes a new link
 * and writes the entry then.
 */
export async function inviteColleague(
  deps: InvitationDeps,
  actor: Extract<Actor, { kind: "account" }>,
  email: string,
): Promise<TeamInvitation> {
  const wait = await deps.query(() => invitationWait(deps.db, actor.uid));
  if (wait !== null) {
    const minutes = Math.ceil(wait / 60);
    throw new ApiProblem(
      429,
      "rate_limited",
      `You have made ${INVITATIONS_PER_HOUR} invitations within the last hour, the most one operator can. Make the next one in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
      { "Retry-After": String(wait) },
    );
  }
  const invitation = await askIdentity(email, deps.logger, () => deps.identity.invite(email));
  if (invitation.outcome === "has-account") {
    throw conflict(
      invitation.account.emailVerified
        ? `${email} has a verified account already, so it needs no invitation: add them as an operator`
        : `${email} has an account already, so it gets no invitation: that would change the password of an account someone may be using. If it is not verified yet, ${HOW_TO_VERIFY_AN_ADDRESS}; then add them.`,
    );
  }
  const account = { uid: invitation.account.uid, email: invitation.account.email ?? email };
  const after: TeamRecord = { ...account, role: null };
  await deps.query(() =>
    deps.db.transaction((tx) =>
      recordActivity(tx, actor, {
        kind: "operator.invited",
        subject: account.email,
        before: null,
        after,
      }),
    ),
  );
  return { email: account.email, link: invitation.link };
}

/**
 * Seconds until `uid` may invite again, by the database's clock (its entries' times are its
 * own); null when they have invited fewer than INVITATIONS_PER_HOUR in the last hour. The wait
 * ends when the INVITATIONS_PER_HOUR-th newest entry leaves the hour: then fewer than that many
 * are left in it, however many there were (two made at the same instant can make one more).
 */
async function invitationWait(db: Database, uid: string): Promise<number | null> {
  const [oldestThatCounts] = await db
    .select({
      wait: sql<number>`ceil(extract(epoch from ${activityEntries.at} + interval '1 hour' - now()))::int`,
    })
    .from(activityEntries)
    .where(
      and(
        eq(activityEntries.kind, "operator.invited"),
        eq(activityEntries.actorUid, uid),
        gt(activityEntries.at, sql`now() - interval '1 hour'`),
      ),
    )
    .orderBy(desc(activityEntries.at))
    .limit(1)
    .offset(INVITATIONS_PER_HOUR - 1);
  return oldestThatCounts ? Math.max(1, oldestThatCounts.wait) : null;
}
