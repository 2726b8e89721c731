import { type Me, profileStatusSchema, userRoleSchema } from "@bakery/shared/api-contract";
import type { Hono } from "hono";
import type { ApiDeps } from "../api-deps.ts";
import { InvalidTokenError, readBearerToken } from "../auth/verify-id-token.ts";
import { databaseDeadline } from "../db/database-availability.ts";
import { unauthorized } from "../http/errors.ts";
import { ensureProfile } from "./profile-queries.ts";

export function registerMeRoutes(app: Hono, deps: ApiDeps): void {
  const query = databaseDeadline(deps.config.DATABASE_TIMEOUT_MS);

  app.get("/me", async (c) => {
    c.header("Cache-Control", "no-store");
    const bearer = readBearerToken(c.req.header("Authorization"));
    if (bearer.kind === "none") throw unauthorized("Not signed in");
    if (bearer.kind === "malformed") throw unauthorized(bearer.reason);

    let user: Awaited<ReturnType<typeof deps.verifier.verify>>;
    try {
      // /me is where the app decides what a user may see, so revoked sessions are refused here.
      user = await deps.verifier.verify(bearer.token, { checkRevoked: true });
    } catch (error) {
      if (error instanceof InvalidTokenError) throw unauthorized("Invalid or expired sign-in");
      throw error;
    }

    const profile = await query(() => ensureProfile(deps.db, user.uid, user.email));
    const body: Me = {
      user: {
        uid: user.uid,
        email: user.email,
        // The columns have CHECK constraints with the same lists; parse to keep the types honest.
        profile: {
          status: profileStatusSchema.parse(profile.status),
          role: userRoleSchema.nullable().parse(profile.role),
        },
      },
    };
    return c.json(body, 200);
  });
}
