import { z } from "./zod-without-eval.ts";

/**
 * The JSON shapes of the back office's team screen (`/api/admin/team…`, operators only): who
 * has the operator role, giving it to an account by e-mail and taking it away. The role goes
 * only to an address its account has verified, the CLI's rule (`rise-admin users set-role`),
 * and the last operator cannot take it from themselves, so the team never locks itself out.
 */

export const teamMemberSchema = z.object({
  uid: z.string(),
  /** The address the account signed in with, or null when it has none. */
  email: z.string().nullable(),
  /** ISO 8601 instant the role was given, when the activity log knows it; else null. */
  since: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** `GET /admin/team` 200: the operators, by e-mail. */
export const teamSchema = z.object({ operators: z.array(teamMemberSchema) });
export type Team = z.infer<typeof teamSchema>;

/** `POST /admin/team` body: the account to give the operator role, by its e-mail address. */
export const teamGrantSchema = z.strictObject({
  email: z.email({ error: "must be an e-mail address, like ann@example.com" }).max(320),
});
export type TeamGrant = z.infer<typeof teamGrantSchema>;

/**
 * The code of `POST /admin/team`'s 422 when no account has the address, or only one an
 * invitation made whose password is not chosen yet: what an invitation
 * (`POST /admin/team/invitations`) is for, a first one or a new link.
 */
export const NO_ACCOUNT = "no_account";

/**
 * `POST /admin/team/invitations` 201 (body: TeamGrant): the account the identity service has
 * made for an address that had none, and a link for the colleague to choose its password.
 * Following it marks the address verified; then they can be given the operator role. It works
 * once, within the identity service's time (an hour for Firebase Authentication); until a
 * password is chosen, asking again gives a new link for the same account. An account someone
 * can sign in to is never invited: a link for it would let an operator set the password of an
 * account someone (a customer) already uses.
 */
export const teamInvitationSchema = z.object({
  email: z.string(),
  link: z.url({ protocol: /^https?$/ }),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/**
 * What a change of the operator role records in the activity log (kinds "operator.granted"
 * and "operator.revoked"), as `before` and `after`: the account and its role then. An
 * invitation ("operator.invited") records the account as `after`, with no role.
 */
export const teamRecordSchema = z.object({
  uid: z.string(),
  email: z.string().nullable(),
  role: z.enum(["operator"]).nullable(),
});
export type TeamRecord = z.infer<typeof teamRecordSchema>;
