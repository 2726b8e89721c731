import {
  type ProfileStatus,
  profileStatuses,
  profileStatusSchema,
  type UserRole,
  userRoleSchema,
  userRoles,
} from "@bakery/shared/api-contract";
import { cliActor } from "../../activity/record-activity.ts";
import { HOW_TO_VERIFY_AN_ADDRESS, type IdentityAccount } from "../../auth/identity-accounts.ts";
import type { Database } from "../../db/open-database.ts";
import {
  findProfileByUid,
  findProfilesByEmail,
  listProfiles,
  type ProfileRow,
  upsertProfile,
} from "../../profiles/profile-queries.ts";
import { grantOperatorRole, revokeOperatorRole } from "../../team/change-operator-role.ts";
import { CommandError, UsageError } from "../cli-errors.ts";
import { type Command, formatTime, listCommand, table } from "../command.ts";
import { findIdentityAccount } from "../identity-account.ts";

/**
 * The profile of `who` (an email, matched case-insensitively, or a uid). A profile
 * exists once the user has signed in, so anyone else is refused with a word on why.
 */
async function findSignedInUser(
  db: Database,
  who: string,
): Promise<{ uid: string; email: string | null }> {
  if (!who.includes("@")) {
    const profile = await findProfileByUid(db, who);
    if (!profile) {
      throw new CommandError(
        `no user with uid ${who} has signed in yet; they must sign in once first`,
      );
    }
    return profile;
  }
  const [match, ...others] = await findProfilesByEmail(db, who);
  if (!match) {
    throw new CommandError(
      `no user with email ${who} has signed in yet; they must sign in once first`,
    );
  }
  if (others.length > 0) {
    throw new CommandError(
      `several users have email ${who} (${[match, ...others].map((m) => m.uid).join(", ")}); pass a uid`,
    );
  }
  return match;
}

const roleText = (role: UserRole | null) => (role ? `the role ${role}` : "no role");

const providersText = (account: IdentityAccount) =>
  account.providers.length > 0 ? account.providers.join(", ") : "none";

/** Why an unverified address can't be made an operator, and how its owner proves it is theirs. */
function unverifiedAddress(who: string, account: IdentityAccount): string {
  return [
    `${who} is not a verified address (account ${account.uid}, signs in with ${providersText(account)}), so it can't be given the operator role: anyone can sign up with an address that isn't theirs. Nothing was changed.`,
    `To verify it, ${HOW_TO_VERIFY_AN_ADDRESS}; then run this again.`,
  ].join("\n");
}

/** Why the last operator keeps the role: the team would be locked out of the back office. */
const lastOperator = (name: string) =>
  `${name} is the last operator: without the role no one could open the back office or give it back. Give it to someone else first; nothing was changed.`;

/**
 * What set-role is about to change, said before it changes it: the account as the identity
 * service knows it (null: it no longer has one), and the role now and next.
 */
function describeRoleChange(
  account: IdentityAccount | null,
  profile: ProfileRow,
  role: UserRole | null,
  out: (line: string) => void,
): void {
  const address = !account
    ? `${profile.email ?? "-"} (no account in the identity service any more)`
    : account.email
      ? `${account.email} (${account.emailVerified ? "verified" : "not verified"})`
      : "-";
  const firstSeenAs =
    account && profile.email && profile.email.toLowerCase() !== account.email?.toLowerCase()
      ? `; first signed in as ${profile.email}`
      : "";
  table(
    [
      ["uid", profile.uid],
      ["e-mail", `${address}${firstSeenAs}`],
      ["sign-in", account ? providersText(account) : "-"],
      ["role", `${profile.role ?? "none"} → ${role ?? "none"}`],
    ],
    out,
  );
}

/** The `email-or-uid` argument, checked before anything is opened. */
function whoArgument(args: Record<string, string | undefined>): string {
  const who = (args["email-or-uid"] ?? "").trim();
  if (who.length === 0 || who.length > 320) throw new UsageError("give an email or a uid");
  return who;
}

/** Sets a signed-in user's status, and says what they have now. */
function updateStatus(
  who: string,
  status: ProfileStatus,
): (db: Database, out: (line: string) => void) => Promise<void> {
  return async (db, out) => {
    const { uid, email } = await findSignedInUser(db, who);
    await upsertProfile(db, { uid, email, status });
    out(`${email ?? uid} is now ${status}`);
  };
}

export const userCommands: Command[] = [
  {
    group: "users",
    name: "set-status",
    summary: "Set the account status of a user who has signed in at least once.",
    args: ["email-or-uid", "status"],
    writes: true,
    details: `Statuses: ${profileStatuses.join(", ")}.\nA user gets a profile (status pending) the first time they sign in.`,
    async prepare({ args }) {
      const who = whoArgument(args);
      const parsed = profileStatusSchema.safeParse(args.status);
      if (!parsed.success) {
        throw new UsageError(
          `status "${args.status}" is not one of: ${profileStatuses.join(", ")}`,
        );
      }
      return updateStatus(who, parsed.data);
    },
  },
  {
    group: "users",
    name: "set-role",
    summary: "Let a user read the marketing dashboard (operator), or take that away (none).",
    args: ["email-or-uid", "role"],
    writes: true,
    details: [
      `Roles: ${[...userRoles, "none"].join(", ")}.`,
      "Asks the identity service (Firebase Authentication; the Auth emulator in local mode)",
      "for the account first: by e-mail address, or by uid when there is no @. The operator",
      "role goes by e-mail only to an address the account has verified (anyone can sign up",
      "with an address that isn't theirs); by uid it goes to that account, whatever its",
      "address. Before changing anything it prints the account's uid, address, sign-in",
      "providers and role. In production it needs Google credentials that may read users.",
      "The role lives in the database: the API checks it on every dashboard request and the",
      "dashboard page asks for it (GET /api/me) each time it loads, so a change counts from",
      "the next request and the next page load, without signing in again.",
      "The user must have signed in once first (that is when their profile is made).",
      "The last operator keeps the role (the team would be locked out of the back office).",
      'The change is recorded in the activity log as "CLI on <this host>".',
      "Example: npx rise-admin users set-role maria@example.com operator",
    ].join("\n"),
    async prepare({ args }, config) {
      const who = whoArgument(args);
      const parsed = args.role === "none" ? null : userRoleSchema.safeParse(args.role);
      if (parsed && !parsed.success) {
        throw new UsageError(
          `role "${args.role}" is not one of: ${[...userRoles, "none"].join(", ")}`,
        );
      }
      const role = parsed ? parsed.data : null;
      const byEmail = who.includes("@");
      // Asked before the database is opened; when it can't be asked, nothing is changed.
      const account = await findIdentityAccount(config, who);
      // A role can be taken from an account the identity service no longer has (deleted).
      if (!account && (byEmail || role !== null)) {
        throw new CommandError(
          `the identity service has no account with ${byEmail ? "the e-mail address" : "uid"} ${who}`,
        );
      }
      if (account && role === "operator" && byEmail && !account.emailVerified) {
        throw new CommandError(unverifiedAddress(who, account));
      }
      const uid = account?.uid ?? who;
      const neverSignedIn = `no user with ${byEmail ? "email" : "uid"} ${who} has signed in yet; they must sign in once first`;
      return async (db, out) => {
        // By the identity service's uid: never by the address a token carried at first sign-in.
        const profile = await findProfileByUid(db, uid);
        if (!profile) throw new CommandError(neverSignedIn);
        describeRoleChange(account, profile, role, out);
        const teamAccount = { uid, email: account?.email ?? profile.email };
        const name = teamAccount.email ?? uid;
        // The same change as the team screen's: one transaction with its activity entry.
        const change =
          role === "operator"
            ? await grantOperatorRole(db, cliActor(), teamAccount, { makeProfile: false })
            : await revokeOperatorRole(db, cliActor(), uid, teamAccount.email);
        if (change.outcome === "refused") {
          throw new CommandError(
            change.reason === "last-operator" ? lastOperator(name) : neverSignedIn,
          );
        }
        if (change.outcome === "unchanged") {
          return out(`${name} already has ${roleText(role)}; nothing changed`);
        }
        out(`${name} now has ${roleText(role)}`);
      };
    },
  },
  listCommand({
    group: "users",
    summary: "List users who have signed in, with their status and role.",
    read: listProfiles,
    none: "No users yet.",
    columns: ["EMAIL", "UID", "STATUS", "ROLE", "FIRST SEEN"],
    cells: (p) => [p.email ?? "-", p.uid, p.status, p.role ?? "-", formatTime(p.createdAt)],
  }),
];
