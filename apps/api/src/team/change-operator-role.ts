import type { TeamRecord } from "@bakery/shared/admin-team-contract";
import { type Actor, recordActivity } from "../activity/record-activity.ts";
import type { Database, Transaction } from "../db/open-database.ts";
import {
  findProfileByUid,
  lockOperators,
  lockProfile,
  putProfileRole,
  setProfileRole,
} from "../profiles/profile-queries.ts";

/**
 * Giving the operator role and taking it away, for the team screen and `rise-admin users
 * set-role` alike. Each change runs in one transaction with its activity entry, holding the
 * operators' rows locked (lockOperators) from its checks to its write: two changes at once take
 * turns, and the second sees the team as the first left it. So two operators removing each
 * other at the same moment can never leave the team without one.
 */

/** An account as the change knows it: its uid, and its address (null without one). */
export interface TeamAccount {
  uid: string;
  email: string | null;
}

/** Why a change was refused; the routes and the CLI each say it in their words. */
export type RoleRefusal =
  /** Taking the role would leave no operator: no one could open the back office, or give it back. */
  | "last-operator"
  /** The account asking lost the role while its request waited: it may change nothing. */
  | "actor-not-operator"
  /** There is no profile (the account never signed in) and the caller makes none. */
  | "no-profile";

export type RoleChange =
  | { outcome: "changed"; before: TeamRecord; after: TeamRecord }
  /** It already was as asked: nothing written, nothing recorded. */
  | { outcome: "unchanged"; record: TeamRecord }
  | { outcome: "refused"; reason: RoleRefusal };

const recordOf = (account: TeamAccount, role: "operator" | null): TeamRecord => ({
  uid: account.uid,
  email: account.email,
  role,
});

/** How the log names the account: its e-mail, or its uid without one. */
const subjectOf = (account: TeamAccount) => account.email ?? account.uid;

/** Records, in the change's transaction, that `account`'s role became `role`, from the other. */
async function recordRoleChange(
  tx: Transaction,
  actor: Actor,
  account: TeamAccount,
  role: "operator" | null,
): Promise<RoleChange> {
  const before = recordOf(account, role === "operator" ? null : "operator");
  const after = recordOf(account, role);
  await recordActivity(tx, actor, {
    kind: role === "operator" ? "operator.granted" : "operator.revoked",
    subject: subjectOf(account),
    before,
    after,
  });
  return { outcome: "changed", before, after };
}

/**
 * The operators, locked; or a refusal when `actor` is an account that is no longer one of them
 * (requireOperator let its request in before another change took its role).
 */
async function lockTeam(
  tx: Transaction,
  actor: Actor,
): Promise<{ operators: string[] } | { refused: RoleRefusal }> {
  const operators = await lockOperators(tx);
  if (actor.kind === "account" && !operators.includes(actor.uid)) {
    return { refused: "actor-not-operator" };
  }
  return { operators };
}

/**
 * Gives `account` the operator role. `makeProfile`: an account that never signed in gets its
 * profile now (status "pending", as a first sign-in would make it); without it, such an account
 * is refused ("no-profile"). Only for an account the caller has checked with the identity
 * service (an address it verified, or a uid the CLI was given).
 */
export async function grantOperatorRole(
  db: Database,
  actor: Actor,
  account: TeamAccount,
  options: { makeProfile: boolean },
): Promise<RoleChange> {
  return db.transaction(async (tx) => {
    const team = await lockTeam(tx, actor);
    if ("refused" in team) return { outcome: "refused", reason: team.refused };
    const profile = await lockProfile(tx, account.uid);
    if (!profile && !options.makeProfile) return { outcome: "refused", reason: "no-profile" };
    if (profile?.role === "operator") {
      return { outcome: "unchanged", record: recordOf(account, "operator") };
    }
    await putProfileRole(tx, account, "operator");
    return recordRoleChange(tx, actor, account, "operator");
  });
}

/**
 * Takes the operator role from the account `uid`, unless that would leave the team without an
 * operator ("last-operator"). `email` names the account in the log when the caller knows its
 * current address; otherwise the profile's is used.
 */
export async function revokeOperatorRole(
  db: Database,
  actor: Actor,
  uid: string,
  email?: string | null,
): Promise<RoleChange> {
  return db.transaction(async (tx) => {
    const team = await lockTeam(tx, actor);
    if ("refused" in team) return { outcome: "refused", reason: team.refused };
    const profile = await findProfileByUid(tx, uid);
    const account = { uid, email: email ?? profile?.email ?? null };
    if (!team.operators.includes(uid)) {
      return { outcome: "unchanged", record: recordOf(account, null) };
    }
    if (team.operators.length === 1) return { outcome: "refused", reason: "last-operator" };
    await setProfileRole(tx, uid, null);
    return recordRoleChange(tx, actor, account, null);
  });
}
