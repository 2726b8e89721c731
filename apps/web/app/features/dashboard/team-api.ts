import {
  teamInvitationSchema,
  teamMemberSchema,
  teamSchema,
} from "@bakery/shared/admin-team-contract";
import { z } from "@bakery/shared/zod-without-eval";
import { api } from "#app/lib/api/browser-api-client.ts";

/** The operators, by e-mail. */
export const loadTeam = () => api.get("/admin/team", teamSchema);

/**
 * Gives the operator role to the account with this address (verified only: else 422 in words);
 * the answer is the account as an operator, also when it was one already.
 */
export const addOperator = (email: string) =>
  api.post("/admin/team", { email: email.trim() }, teamMemberSchema);

/** Takes the role away (409 in words for the last operator removing themselves). */
export const removeOperator = (uid: string) =>
  api.delete(`/admin/team/${encodeURIComponent(uid)}`, z.undefined(), {});

/**
 * A link for a colleague whose address has no verified account to choose their password (the
 * account is made when there is none); 409 in words when the address is verified already.
 */
export const inviteColleague = (email: string) =>
  api.post("/admin/team/invitations", { email: email.trim() }, teamInvitationSchema);
