import { teamGrantSchema } from "@bakery/shared/admin-team-contract";
import type { Context, Hono } from "hono";
import type { Actor } from "../activity/record-activity.ts";
import { actorOf } from "../activity/request-actor.ts";
import type { ApiDeps } from "../api-deps.ts";
import { backOfficeGuards } from "../auth/back-office-guards.ts";
import { bodyAtMost } from "../http/body-at-most.ts";
import { type ApiProblem, badRequest, conflict, forbidden, notFound } from "../http/errors.ts";
import { jsonBody } from "../http/json-body.ts";
import { parseOrUnprocessable } from "../http/validation.ts";
import {
  grantOperatorRole,
  type RoleRefusal,
  revokeOperatorRole,
  type TeamAccount,
} from "./change-operator-role.ts";
import { inviteColleague } from "./invite-colleague.ts";
import { findTeamMember, listTeam } from "./read-team.ts";
import { findVerifiedAccount } from "./verified-account.ts";

/** An e-mail address in JSON; anything near this is not the team screen's. */
const GRANT_BODY_MAX_BYTES = 1024;

/** Firebase Authentication's uids are at most 128 characters. */
const UID_MAX_LENGTH = 128;

/**
 * The back office's team screen (operators only): who has the operator role, giving it to an
 * account by its verified e-mail address, inviting an address without one, and taking the role
 * away, never from the last operator.
 * Writes count in the same per-client bucket as the other back-office writes.
 */
export function registerTeamRoutes(app: Hono, deps: ApiDeps): void {
  const { query, operatorOnly, writeLimit } = backOfficeGuards(deps);

  app.get("/admin/team", operatorOnly, async (c) =>
    c.json(await query(() => listTeam(deps.db)), 200),
  );

  app.post("/admin/team", writeLimit, operatorOnly, grantBodyLimit, async (c) => {
    const { email } = parseOrUnprocessable(teamGrantSchema, await jsonBody(c, "the address"));
    // Asked before the database: when the identity service can't say, nothing is changed.
    const account = await findVerifiedAccount(deps.identity, email, deps.logger);
    // An account that never signed in has no profile yet: it gets one now, so a colleague can
    // be added before their first visit. Safe, because the identity service has just said the
    // address is theirs (verified) and the uid is the service's own, which their first sign-in
    // will carry: the profile then made is this one.
    const change = await query(() =>
      grantOperatorRole(deps.db, actorOf(c), account, { makeProfile: true }),
    );
    if (change.outcome === "refused") throw refusal(change.reason, actorOf(c), account);
    const member = await query(() => findTeamMember(deps.db, account.uid));
    return c.json(member ?? { ...account, since: null }, change.outcome === "changed" ? 201 : 200);
  });

  app.post("/admin/team/invitations", writeLimit, operatorOnly, grantBodyLimit, async (c) => {
    const { email } = parseOrUnprocessable(teamGrantSchema, await jsonBody(c, "the address"));
    return c.json(await inviteColleague({ ...deps, query }, actorOf(c), email), 201);
  });

  app.delete("/admin/team/:uid", writeLimit, operatorOnly, async (c) => {
    const uid = uidOf(c);
    const change = await query(() => revokeOperatorRole(deps.db, actorOf(c), uid));
    if (change.outcome === "refused") {
      throw refusal(change.reason, actorOf(c), { uid, email: null });
    }
    if (change.outcome === "unchanged") {
      throw notFound(
        `No operator has the account id ${uid}: the role may have been taken away already`,
      );
    }
    return c.body(null, 204);
  });
}

/** A change the team's rules refused, in words for whoever asked. */
function refusal(reason: RoleRefusal, actor: Actor, account: TeamAccount): ApiProblem {
  if (reason === "actor-not-operator") {
    return forbidden("You no longer have the operator role, so you can't change the team");
  }
  if (reason === "last-operator" && actor.kind === "account" && actor.uid === account.uid) {
    return conflict(
      "You are the last operator: without you no one could open the back office or give the role back. Give the role to a colleague first, then remove yourself.",
    );
  }
  if (reason === "last-operator") {
    return conflict(
      `${account.email ?? account.uid} is the last operator; give the role to a colleague first`,
    );
  }
  throw new Error("the team routes make a missing profile, so none can be refused for it");
}

const grantBodyLimit = bodyAtMost(GRANT_BODY_MAX_BYTES);

function uidOf(c: Context): string {
  const uid = c.req.param("uid") ?? "";
  if (uid.length === 0 || uid.length > UID_MAX_LENGTH) {
    throw badRequest(`uid: must be an account id of 1 to ${UID_MAX_LENGTH} characters`);
  }
  return uid;
}
