import type { MiddlewareHandler } from "hono";
import type { ApiDeps } from "../api-deps.ts";
import { databaseDeadline } from "../db/database-availability.ts";
import { forbidden, unauthorized } from "../http/errors.ts";
import { findProfileByUid } from "../profiles/profile-queries.ts";
import { InvalidTokenError, readBearerToken } from "./verify-id-token.ts";

/** The operator a request was let through for: who the activity log names for its changes. */
export interface Operator {
  uid: string;
  email: string | null;
}

declare module "hono" {
  interface ContextVariableMap {
    /** Set by requireOperator once it has let the request through. */
    operator: Operator;
  }
}

/**
 * Lets a request through only for a signed-in operator: 401 signed out or with a bad
 * token, 403 for anyone else. The role is read from the database on every request, so
 * `rise-admin users set-role … none` shuts the door at once. The operator is kept on the
 * request (`c.var.operator`); a second check on the same request (the reports' `/admin/*`
 * guard and a route's own) lets it through without asking again.
 */
export function requireOperator(deps: ApiDeps): MiddlewareHandler {
  const query = databaseDeadline(deps.config.DATABASE_TIMEOUT_MS);
  return async (c, next) => {
    if (c.get("operator") !== undefined) return next();
    const bearer = readBearerToken(c.req.header("Authorization"));
    if (bearer.kind === "none") throw unauthorized("Sign in as a Rise team member");
    if (bearer.kind === "malformed") throw unauthorized(bearer.reason);
    let verified: { uid: string; email: string | null };
    try {
      verified = await deps.verifier.verify(bearer.token, { checkRevoked: true });
    } catch (error) {
      if (error instanceof InvalidTokenError) throw unauthorized("Invalid or expired sign-in");
      throw error;
    }
    const profile = await query(() => findProfileByUid(deps.db, verified.uid));
    if (profile?.role !== "operator") throw forbidden("This is for the Rise team only");
    c.set("operator", { uid: verified.uid, email: profile.email ?? verified.email });
    await next();
  };
}
