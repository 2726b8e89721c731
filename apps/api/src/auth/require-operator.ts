import type { MiddlewareHandler } from "hono";
import type { ApiDeps } from "../api-deps.ts";
import { databaseDeadline } from "../db/database-availability.ts";
import { findProfileByUid } from "../db/profiles.ts";
import { forbidden, unauthorized } from "../http/errors.ts";
import { InvalidTokenError, readBearerToken } from "./verify-id-token.ts";

/**
 * Lets a request through only for a signed-in operator: 401 signed out or with a bad
 * token, 403 for anyone else. The role is read from the database on every request, so
 * `rise-admin users set-role … none` shuts the door at once.
 */
export function requireOperator(deps: ApiDeps): MiddlewareHandler {
  const query = databaseDeadline(deps.config.DATABASE_TIMEOUT_MS);
  return async (c, next) => {
    const bearer = readBearerToken(c.req.header("Authorization"));
    if (bearer.kind === "none") throw unauthorized("Sign in as a Rise team member");
    if (bearer.kind === "malformed") throw unauthorized(bearer.reason);
    let uid: string;
    try {
      ({ uid } = await deps.verifier.verify(bearer.token, { checkRevoked: true }));
    } catch (error) {
      if (error instanceof InvalidTokenError) throw unauthorized("Invalid or expired sign-in");
      throw error;
    }
    const profile = await query(findProfileByUid(deps.db, uid));
    if (profile?.role !== "operator") throw forbidden("This is for the Rise team only");
    await next();
  };
}
