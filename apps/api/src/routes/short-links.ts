import {
  type MovedResult,
  type RedirectResult,
  sitePathForLink,
} from "@bakery/shared/api-contract";
import { checkRedirectTarget } from "@bakery/shared/redirect-target";
import type { Hono } from "hono";
import type { ApiDeps } from "../app.ts";
import { InvalidTokenError, readBearerToken } from "../auth/verify-id-token.ts";
import { findShortLink, recordShortLinkClick } from "../db/short-links.ts";
import { notFound, unauthorized } from "../http-errors.ts";
import { parseSlug } from "../validation.ts";

export function registerShortLinkRoutes(app: Hono, deps: ApiDeps): void {
  app.get("/redirect/:cat/:id", async (c) => {
    c.header("Cache-Control", "no-store");
    const cat = parseSlug("cat", c.req.param("cat"));
    const id = parseSlug("id", c.req.param("id"));
    const link = await findShortLink(deps.db, cat, id);
    if (!link) throw notFound(`No link "${cat}/${id}"`);

    if (link.movedTo !== null) {
      const [newCat = "", newId = ""] = link.movedTo.split("/");
      const moved: MovedResult = { location: sitePathForLink(newCat, newId) };
      return c.json(moved, 301);
    }

    if (link.signInRequired) {
      // Only links behind sign-in look at the token; public links ignore it entirely.
      const bearer = readBearerToken(c.req.header("Authorization"));
      if (bearer.kind !== "token") throw unauthorized("Sign in to follow this link");
      try {
        await deps.verifier.verify(bearer.token);
      } catch (error) {
        if (error instanceof InvalidTokenError) throw unauthorized("Sign in to follow this link");
        throw error;
      }
    }

    // Count first, then answer with the target that the same atomic UPDATE returned.
    const clicked = await recordShortLinkClick(deps.db, cat, id);
    if (!clicked) throw notFound(`No link "${cat}/${id}"`);

    // Re-checked on every read: the allow-list may have shrunk since the link was written.
    const check = checkRedirectTarget(clicked.target, {
      siteOrigin: deps.config.siteOrigin,
      allowedHosts: deps.config.redirectAllowedHosts,
    });
    if (!check.ok) {
      deps.logger.warn({ cat, id, reason: check.reason }, "short link target refused on read");
      throw notFound(`Link "${cat}/${id}" is not available`);
    }
    const body: RedirectResult = { to: check.url };
    return c.json(body, 200);
  });
}
