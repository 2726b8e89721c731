import { PAGE_REVISIONS_LISTED, type PageRevisionList } from "@bakery/shared/admin-pages-contract";
import type { Context, Hono } from "hono";
import { actorOf } from "../activity/request-actor.ts";
import type { ApiDeps } from "../api-deps.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { findPageRevision, listPageRevisions } from "./content-page-revisions.ts";
import { restorePageRevision } from "./edit-content-page.ts";
import {
  answerPage,
  handleOf,
  livePage,
  pageEditorGuards,
  preconditionsRequired,
} from "./page-editor-http.ts";
import { pageRevision, pageRevisionSummary } from "./page-record.ts";

/**
 * A page's history in the editor (operators only): its revisions newest first, one revision
 * as it was saved, and restoring one, which saves it again as the newest (a new revision and
 * activity entry, edit-content-page.ts), if the page is still the revision the editor has open.
 */
export function registerPageRevisionRoutes(app: Hono, deps: ApiDeps): void {
  const { query, operatorOnly, writeLimit, placeholders } = pageEditorGuards(deps);

  app.get("/admin/pages/:handle/revisions", operatorOnly, async (c) => {
    const handle = handleOf(c);
    const rows = await query(() =>
      livePage(deps.db, handle).then(() =>
        listPageRevisions(deps.db, handle, PAGE_REVISIONS_LISTED),
      ),
    );
    return c.json({ revisions: rows.map(pageRevisionSummary) } satisfies PageRevisionList, 200);
  });

  app.get("/admin/pages/:handle/revisions/:id", operatorOnly, async (c) => {
    const handle = handleOf(c);
    const id = revisionIdOf(c);
    const row = await query(() =>
      livePage(deps.db, handle).then(() => findPageRevision(deps.db, handle, id)),
    );
    if (!row) throw notFound(`The page "${handle}" has no revision ${id}`);
    return c.json(pageRevision(row), 200);
  });

  app.post("/admin/pages/:handle/revisions/:id/restore", writeLimit, operatorOnly, async (c) => {
    const handle = handleOf(c);
    const revisionId = revisionIdOf(c);
    const given = preconditionsRequired(c, "restore");
    const restore = { handle, revisionId, placeholders };
    const row = await query(() => restorePageRevision(deps.db, actorOf(c), restore, given));
    deps.contentPages.forget(handle);
    return answerPage(c, row);
  });
}

/** A revision's number in the path: a whole number, as the history lists them. */
function revisionIdOf(c: Context): number {
  const id = c.req.param("id") ?? "";
  if (!/^[1-9]\d{0,14}$/.test(id)) throw badRequest("The revision must be a whole number");
  return Number(id);
}
