import {
  type MovedResult,
  type RedirectResult,
  sitePathForLink,
} from "@bakery/shared/api-contract";
import { isScanQuery } from "@bakery/shared/scan-marker";
import type { Hono } from "hono";
import type { ApiDeps } from "../api-deps.ts";
import { InvalidTokenError, readBearerToken } from "../auth/verify-id-token.ts";
import { gone, notFound, rateLimited, unauthorized } from "../http/errors.ts";
import { parseSlug } from "../http/validation.ts";
import { requestClient } from "../limits/client-address.ts";
import { followShortLink } from "./follow-short-link.ts";

export function registerShortLinkRoutes(app: Hono, deps: ApiDeps): void {
  app.get("/redirect/:cat/:id", async (c) => {
    c.header("Cache-Control", "no-store");
    const cat = parseSlug("cat", c.req.param("cat"));
    const id = parseSlug("id", c.req.param("id"));

    // Only links behind sign-in look at the token; public links ignore it entirely.
    const isSignedIn = async () => {
      const bearer = readBearerToken(c.req.header("Authorization"));
      if (bearer.kind !== "token") return false;
      try {
        await deps.verifier.verify(bearer.token);
        return true;
      } catch (error) {
        if (error instanceof InvalidTokenError) return false;
        throw error;
      }
    };

    const client = requestClient(c, deps.config.TRUST_PROXY);
    // The link's page passes on the scan marker of its own address (docs/decisions/0024).
    const count = isScanQuery(new URL(c.req.url).search) ? "scan" : "click";
    const outcome = await followShortLink(deps, { cat, id, client }, isSignedIn, { count });
    switch (outcome.kind) {
      case "go": {
        const body: RedirectResult = { to: outcome.to };
        return c.json(body, 200);
      }
      case "moved": {
        const moved: MovedResult = { location: sitePathForLink(outcome.cat, outcome.id) };
        return c.json(moved, 301);
      }
      case "rate-limited":
        throw rateLimited(outcome.retryAfterSeconds);
      case "sign-in-required":
        throw unauthorized("Sign in to follow this link");
      case "ended":
        throw gone(
          `The link ${cat}/${id} has ended. What's on now is at ${deps.config.siteOrigin}/`,
        );
      case "not-found":
        throw notFound(
          outcome.reason === "target-refused"
            ? `Link "${cat}/${id}" is not available`
            : `No link "${cat}/${id}"`,
        );
    }
  });
}
