import type { Context, Hono } from "hono";
import { actorOf } from "../activity/request-actor.ts";
import type { ApiDeps } from "../api-deps.ts";
import { backOfficeGuards } from "../auth/back-office-guards.ts";
import { bodyAtMost } from "../http/body-at-most.ts";
import { notFound, preconditionRequired } from "../http/errors.ts";
import { jsonBody } from "../http/json-body.ts";
import { etagOf, preconditionsOf } from "../http/preconditions.ts";
import { parseSlug } from "../http/validation.ts";
import { deleteShortLink, saveShortLink } from "./edit-short-link.ts";
import { prepareLinkWrite } from "./prepare-link-write.ts";
import { findShortLink, type ShortLinkRow } from "./short-link-queries.ts";
import { adminShortLink } from "./short-link-record.ts";

/** A link's body is a few addresses and names; anything near this is not the editor's. */
const LINK_BODY_MAX_BYTES = 16 * 1024;

/**
 * The back office's short-link editor (operators only): read a link with its revision (also
 * its ETag), create or replace it, delete it. Every write names the revision it changes
 * (If-Match) or asks to create only (If-None-Match: *), and runs in one transaction with its
 * activity entry (edit-short-link.ts).
 */
export function registerShortLinkAdminRoutes(app: Hono, deps: ApiDeps): void {
  const { query, operatorOnly, writeLimit } = backOfficeGuards(deps);
  const policy = {
    siteOrigin: deps.config.siteOrigin,
    allowedHosts: deps.config.redirectAllowedHosts,
  };
  const answer = (c: Context, row: ShortLinkRow, status: 200 | 201) =>
    c.json(adminShortLink(row, deps.config.siteOrigin), status, { ETag: etagOf(row.revision) });

  app.get("/admin/links/:cat/:id", operatorOnly, async (c) => {
    const { cat, id } = addressOf(c);
    const row = await query(() => findShortLink(deps.db, cat, id));
    if (!row) throw notFound(`There is no link ${cat}/${id}`);
    if (row.movedTo !== null) throw notFound(`${cat}/${id} was moved to ${row.movedTo}`);
    return answer(c, row, 200);
  });

  app.put("/admin/links/:cat/:id", writeLimit, operatorOnly, linkBodyLimit, async (c) => {
    const link = prepareLinkWrite(addressOf(c), await jsonBody(c, "the link"), policy);
    const given = preconditionsOf((name) => c.req.header(name));
    const saved = await query(() => saveShortLink(deps.db, actorOf(c), link, given));
    return answer(c, saved.row, saved.created ? 201 : 200);
  });

  app.delete("/admin/links/:cat/:id", writeLimit, operatorOnly, async (c) => {
    const address = addressOf(c);
    const given = preconditionsOf((name) => c.req.header(name));
    if (!given.ifMatch) {
      throw preconditionRequired(
        "Send the revision you are deleting in If-Match, so a link changed since you opened it is never deleted unseen",
      );
    }
    await query(() => deleteShortLink(deps.db, actorOf(c), address, given));
    return c.body(null, 204);
  });
}

const linkBodyLimit = bodyAtMost(LINK_BODY_MAX_BYTES);

const addressOf = (c: Context) => ({
  cat: parseSlug("cat", c.req.param("cat")),
  id: parseSlug("id", c.req.param("id")),
});
