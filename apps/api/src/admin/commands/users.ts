import { profileStatuses, profileStatusSchema } from "@bakery/shared/api-contract";
import {
  findProfileByUid,
  findProfilesByEmail,
  listProfiles,
  upsertProfileStatus,
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
        await upsertProfileStatus(db, { uid, email, status });
        out(`${email ?? uid} is now ${status}`);
      };
    },
  },
  {
    group: "users",
    name: "list",
    summary: "List users who have signed in, with their status.",
    args: [],
    options: JSON_OPTION,
    async prepare({ options }) {
      return async (db, out) => {
        const profiles = await listProfiles(db);
        if (options.json) return printJson(profiles, out);
        if (profiles.length === 0) return out("No users yet.");
        table(
          [
            ["EMAIL", "UID", "STATUS", "FIRST SEEN"],
            ...profiles.map((p) => [p.email ?? "-", p.uid, p.status, formatTime(p.createdAt)]),
          ],
          out,
        );
      };
    },
  },
];
