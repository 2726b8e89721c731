import {
  type ProfileStatus,
  profileStatuses,
  profileStatusSchema,
  type UserRole,
  userRoleSchema,
  userRoles,
} from "@bakery/shared/api-contract";
import type { Database } from "../../db/open-database.ts";
import {
  findProfileByUid,
  findProfilesByEmail,
  listProfiles,
  upsertProfile,
} from "../../db/profiles.ts";
import { CommandError, UsageError } from "../cli-errors.ts";
import { type Command, formatTime, JSON_OPTION, printJson, table } from "../command.ts";

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

/** The `email-or-uid` argument, checked before anything is opened. */
function whoArgument(args: Record<string, string | undefined>): string {
  const who = (args["email-or-uid"] ?? "").trim();
  if (who.length === 0 || who.length > 320) throw new UsageError("give an email or a uid");
  return who;
}

/** Sets a signed-in user's status or role, and says what they have now. */
function updateSignedInUser(
  who: string,
  change: { status: ProfileStatus } | { role: UserRole | null },
  now: string,
): (db: Database, out: (line: string) => void) => Promise<void> {
  return async (db, out) => {
    const { uid, email } = await findSignedInUser(db, who);
    await upsertProfile(db, { uid, email, ...change });
    out(`${email ?? uid} ${now}`);
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
      const status = parsed.data;
      return updateSignedInUser(who, { status }, `is now ${status}`);
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
      "Sets the role in the database, its only home: the API checks it on every dashboard",
      "request and the dashboard page asks for it (GET /api/me) each time it loads, so a",
      "change counts from the next request and the next page load, without signing in again.",
      "The user must have signed in once first (that is when their profile is made).",
      "Example: npx rise-admin users set-role maria@example.com operator",
    ].join("\n"),
    async prepare({ args }) {
      const who = whoArgument(args);
      const parsed = args.role === "none" ? null : userRoleSchema.safeParse(args.role);
      if (parsed && !parsed.success) {
        throw new UsageError(
          `role "${args.role}" is not one of: ${[...userRoles, "none"].join(", ")}`,
        );
      }
      const role = parsed ? parsed.data : null;
      return updateSignedInUser(
        who,
        { role },
        role ? `now has the role ${role}` : "now has no role",
      );
    },
  },
  {
    group: "users",
    name: "list",
    summary: "List users who have signed in, with their status and role.",
    args: [],
    options: JSON_OPTION,
    async prepare({ options }) {
      return async (db, out) => {
        const profiles = await listProfiles(db);
        if (options.json) return printJson(profiles, out);
        if (profiles.length === 0) return out("No users yet.");
        table(
          [
            ["EMAIL", "UID", "STATUS", "ROLE", "FIRST SEEN"],
            ...profiles.map((p) => [
              p.email ?? "-",
              p.uid,
              p.status,
              p.role ?? "-",
              formatTime(p.createdAt),
            ]),
          ],
          out,
        );
      };
    },
  },
];
