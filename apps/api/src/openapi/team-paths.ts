import {
  teamGrantSchema,
  teamInvitationSchema,
  teamMemberSchema,
  teamSchema,
} from "@bakery/shared/admin-team-contract";
import { ADMIN_WRITES_PER_MINUTE } from "../auth/back-office-guards.ts";
import { INVITATIONS_PER_HOUR } from "../team/invite-colleague.ts";
import {
  adminWriteErrors,
  error,
  json,
  operatorOperation,
  operatorRead,
  retryAfter,
  schema,
} from "./openapi-parts.ts";

/** A team write's 403: the role may have been taken from the operator asking meanwhile. */
const teamWriteErrors = {
  ...adminWriteErrors,
  403: error("Signed in, but not (or no longer) a Rise team operator"),
};

/** The back office's team: who has the operator role. */
export const teamPaths = {
  "/admin/team": {
    get: operatorRead(
      "Operators: the team, everyone with the operator role by e-mail, each with when the role was given (from the activity log)",
      { description: "The operators", content: json(teamSchema) },
    ),
    post: operatorOperation(
      "Operators: give the operator role to the account with this e-mail address, only if the identity service says the address is verified (rise-admin users set-role's rule). An account that never signed in gets its profile now. In one transaction with its activity entry",
      {
        requestBody: {
          required: true,
          content: { "application/json": { schema: schema(teamGrantSchema, "input") } },
        },
        responses: {
          200: {
            description: "Already an operator: nothing changed",
            content: json(teamMemberSchema),
          },
          201: { description: "Given the role", content: json(teamMemberSchema) },
          400: error("The body is not JSON"),
          413: error("The body is too large"),
          415: error("The body is not JSON"),
          422: error(
            "Not an e-mail address; no account has it, or its invitation is not used yet (code no_account: invite them, or again); or it is not verified (the message says how its owner verifies it)",
          ),
          ...teamWriteErrors,
          503: {
            ...error(
              "The identity service or the database can't be asked just now; nothing was changed",
            ),
            headers: retryAfter,
          },
        },
      },
    ),
  },
  "/admin/team/invitations": {
    post: operatorOperation(
      "Operators: invite a colleague whose address has no account. The identity service makes the account (no password, not verified) and gives a link with which its owner chooses a password, which also marks the address verified; then the role can be given (POST /admin/team). Asked again before a password is chosen, it gives a new link for the same account. An address whose account can be signed in to is never invited, so no operator can set the password of an account someone uses. The activity log records the invitation, never the link. At most 10 invitations an hour per operator",
      {
        requestBody: {
          required: true,
          content: { "application/json": { schema: schema(teamGrantSchema, "input") } },
        },
        responses: {
          201: {
            description: "The link to send the colleague",
            content: json(teamInvitationSchema),
          },
          400: error("The body is not JSON"),
          409: error(
            "The address has an account someone can sign in to: verified, give it the role; not verified, its owner verifies it",
          ),
          413: error("The body is too large"),
          415: error("The body is not JSON"),
          422: error("Not an e-mail address, or not one the identity service takes"),
          ...teamWriteErrors,
          429: {
            ...error(
              `More than ${ADMIN_WRITES_PER_MINUTE} writes this minute from this client, or ${INVITATIONS_PER_HOUR} invitations within the last hour from this operator`,
            ),
            headers: retryAfter,
          },
          503: {
            ...error("The identity service or the database can't be asked just now"),
            headers: retryAfter,
          },
        },
      },
    ),
  },
  "/admin/team/{uid}": {
    delete: operatorOperation(
      "Operators: take the operator role from the account, never from the last operator, in one transaction with its activity entry",
      {
        parameters: [
          {
            name: "uid",
            in: "path",
            required: true,
            description: "The account's id (a team member's `uid`)",
            schema: { type: "string", minLength: 1, maxLength: 128 },
          },
        ],
        responses: {
          204: { description: "The role was taken away" },
          400: error("The uid is empty or too long"),
          404: error("That account is not an operator"),
          409: error("You are the last operator: give the role to a colleague first"),
          ...teamWriteErrors,
        },
      },
    ),
  },
};
