import { profileStatuses, profileStatusSchema, userRoles } from "@bakery/shared/api-contract";
import { setRoleClaim, UnknownUserError } from "../../auth/operator-role-claim.ts";
import {
  findProfileByUid,
  findProfilesByEmail,
  listProfiles,
  upsertProfile,
} from "../../db/profiles.ts";
import { CommandError, UsageError } from "../cli-errors.ts";
import { type Command, formatTime, JSON_OPTION, printJson, table } from "../command.ts";

export const userCommands: Command[] = [
  {
    group: "users",
    name: "set-status",
    summary: "Set the account status of a user who has signed in at least once.",
    args: ["email-or-uid", "status"],
    writes: true,
    details: `Statuses: ${profileStatuses.join(", ")}.\nA user gets a profile (status pending) the first time they sign in.`,
    async prepare({ args }) {
      const who = (args["email-or-uid"] ?? "").trim();
      if (who.length === 0 || who.length > 320) throw new UsageError("give an email or a uid");
      const parsed = profileStatusSchema.safeParse(args.status);
      if (!parsed.success) {
        throw new UsageError(
          `status "${args.status}" is not one of: ${profileStatuses.join(", ")}`,
        );
      }
      const status = parsed.data;
      return async (db, out) => {
        let uid: string;
        let email: string | null;
        if (who.includes("@")) {
          const matches = await findProfilesByEmail(db, who);
          if (matches.length === 0) {
            throw new CommandError(`no user with email ${who} has signed in yet`);
          }
          if (matches.length > 1) {
            throw new CommandError(
              `several users have email ${who} (${matches.map((m) => m.uid).join(", ")}); pass a uid`,
            );
          }
          uid = (matches[0] as { uid: string }).uid;
          email = (matches[0] as { email: string | null }).email;
        } else {
          const profile = await findProfileByUid(db, who);
          if (!profile) throw new CommandError(`no user with uid ${who} has signed in yet`);
          uid = profile.uid;
          email = profile.email;
        }
        await upsertProfile(db, { uid, email, status });
        out(`${email ?? uid} is now ${status}`);
      };
    },
  },
  {
    group: "users",
    name: "set-role",
    summary: "Let a user read the marketing dashboard (operator), or take that away (none).",
    args: ["email-or-uid", "role"],
    details: [
      `Roles: ${[...userRoles, "none"].join(", ")}.`,
      "Sets the role in the database, which the API checks on every dashboard request (so",
      "none takes effect at once), and as the account's `role` claim in Firebase, which the",
      "page reads from the user's next ID token (within the hour, or when they sign in again).",
      "The account must exist in Firebase (the Auth emulator in local mode; in production",
      "the machine needs Google credentials for the project, e.g. GOOGLE_APPLICATION_CREDENTIALS).",
      "Example: npx rise-admin users set-role maria@example.com operator",
    ].join("\n"),
    async prepare({ args }, config) {
      const who = (args["email-or-uid"] ?? "").trim();
      if (who.length === 0 || who.length > 320) throw new UsageError("give an email or a uid");
      const role = args.role === "none" ? null : userRoles.find((known) => known === args.role);
      if (role === undefined) {
        throw new UsageError(
          `role "${args.role}" is not one of: ${[...userRoles, "none"].join(", ")}`,
        );
      }
      return async (db, out) => {
        let account: { uid: string; email: string | null };
        try {
          account = await setRoleClaim(
            {
              projectId: config.FIREBASE_PROJECT_ID,
              emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST,
            },
            who,
            role,
          );
        } catch (error) {
          if (error instanceof UnknownUserError) throw new CommandError(error.message);
          throw new CommandError(
            `could not reach Firebase (${config.mode === "local" ? `the Auth emulator at ${config.FIREBASE_AUTH_EMULATOR_HOST}: is npm start running?` : `project ${config.FIREBASE_PROJECT_ID}`}): ${(error as Error).message}`,
          );
        }
        await upsertProfile(db, { ...account, role });
        out(`${account.email ?? account.uid} now has ${role ? `the role ${role}` : "no role"}`);
      };
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
