import { placeholdersFromConfig } from "@bakery/content/render-page";
import type { Context } from "hono";
import { actorOf } from "../activity/request-actor.ts";
import type { ApiDeps } from "../api-deps.ts";
import { backOfficeGuards } from "../auth/back-office-guards.ts";
import type { ContentPageRow } from "../db/schema.ts";
import { notFound, preconditionRequired } from "../http/errors.ts";
import { etagOf, type Preconditions, preconditionsOf } from "../http/preconditions.ts";
import { parseSlug } from "../http/validation.ts";
import { findContentPage } from "./content-page-queries.ts";
import { authorOf } from "./edit-content-page.ts";
import { adminPage } from "./page-record.ts";

/** What the page editor's routes (page-admin-routes.ts, page-revision-routes.ts) share. */

/** The guards every route of the page editor shares, and the placeholders, made once per API. */
export function pageEditorGuards(deps: ApiDeps) {
  return { ...backOfficeGuards(deps), placeholders: placeholdersFromConfig(deps.config) };
}

/** The page `handle` of a request's path (a slug). */
export const handleOf = (c: Context) => parseSlug("handle", c.req.param("handle"));

/** The live page `handle`; 404 in words when there is none, or it was renamed. */
export async function livePage(db: ApiDeps["db"], handle: string): Promise<ContentPageRow> {
  const row = await findContentPage(db, handle);
  if (!row) throw notFound(`There is no page "${handle}"`);
  if (row.renamedTo !== null) {
    throw notFound(`The page "${handle}" was renamed to "${row.renamedTo}"`);
  }
  return row;
}

/** What each write that must name a revision says when it didn't. */
const IF_MATCH_REQUIRED = {
  delete:
    "Send the revision you are deleting in If-Match, so a page changed since you opened it is never deleted unseen",
  rename:
    "Send the revision you are renaming in If-Match, so a page changed since you opened it is never renamed unseen",
  restore:
    "Send the revision of the page you have open in If-Match, so a change made since you opened it is never undone unseen",
};

/** A write that changes what is there must name the revision it changes (If-Match): 428. */
export function preconditionsRequired(
  c: Context,
  write: keyof typeof IF_MATCH_REQUIRED,
): Preconditions {
  const given = preconditionsOf((name) => c.req.header(name));
  if (!given.ifMatch) throw preconditionRequired(IF_MATCH_REQUIRED[write]);
  return given;
}

/** The page written by `c`'s operator, as the editor reads it, with its revision as ETag. */
export function answerPage(c: Context, row: ContentPageRow, status: 200 | 201 = 200) {
  return c.json(adminPage(row, authorOf(actorOf(c))), status, { ETag: etagOf(row.revision) });
}
