import type { TeamInvitation, TeamRecord } from "@bakery/shared/admin-team-contract";
import { type Actor, recordActivity } from "../activity/record-activity.ts";
import type { ApiDeps } from "../api-deps.ts";
import { HOW_TO_VERIFY_AN_ADDRESS } from "../auth/identity-accounts.ts";
import type { databaseDeadline } from "../db/database-availability.ts";
import { conflict } from "../http/errors.ts";
import { askIdentity } from "./verified-account.ts";

export type InvitationDeps = Pick<ApiDeps, "identity" | "db" | "logger"> & {
  /** Runs a database call within the request's deadline (503 past it). */
  query: ReturnType<typeof databaseDeadline>;
};

/**
 * An invitation for a colleague whose address has no account: the identity service makes the
 * account and gives a link to choose its password, which marks the address verified. An
 * address with an account is refused (409): verified, it needs only the role; not verified,
 * its owner verifies it themselves. A link for an account that exists would let an operator set
 * the password of an account someone already uses, a customer's say, and take it over.
 *
 * The activity log records who invited whom, never the link (it lets whoever holds it set the
 * password). The account is made before the entry is written: when the database then fails,
 * the answer is 503, the account exists without its entry, and asking again is refused (409);
 * its owner then sets a password with "Forgot password?". A known gap, in decision 0030.
 */
export async function inviteColleague(
  deps: InvitationDeps,
  actor: Actor,
  email: string,
): Promise<TeamInvitation> {
  const { identity, logger } = deps;
  // Asked first for the refusal's words; invite() itself never touches an existing account.
  const existing = await askIdentity(email, logger, () => identity.find(email));
  const invitation =
    existing === null ? await askIdentity(email, logger, () => identity.invite(email)) : null;
  if (invitation === null) {
    throw conflict(
      existing?.emailVerified
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
