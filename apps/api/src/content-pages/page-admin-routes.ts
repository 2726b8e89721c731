import {
  type AdminPageList,
  PAGE_SOURCE_MAX_LENGTH,
  type PagePreview,
  pageMoveSchema,
} from "@bakery/shared/admin-pages-contract";
import type { Hono } from "hono";
import { actorOf } from "../activity/request-actor.ts";
import type { ApiDeps } from "../api-deps.ts";
import { bodyAtMost } from "../http/body-at-most.ts";
import { ApiProblem, unprocessableContent } from "../http/errors.ts";
import { jsonBody } from "../http/json-body.ts";
import { noSuchRoute } from "../http/missing-route.ts";
import { etagOf, preconditionsOf } from "../http/preconditions.ts";
import { parseOrUnprocessable, parseSlug } from "../http/validation.ts";
import { rateLimit } from "../limits/rate-limit.ts";
import { listRenamedPages } from "./content-page-queries.ts";
import { latestPageRevision, listPageSummaries } from "./content-page-revisions.ts";
import { deleteContentPage, renameContentPage, saveContentPage } from "./edit-content-page.ts";
import {
  answerPage,
  handleOf,
  livePage,
  pageEditorGuards,
  preconditionsRequired,
} from "./page-editor-http.ts";
import { adminPage, adminPageSummary } from "./page-record.ts";
import { registerPageRevisionRoutes } from "./page-revision-routes.ts";
import { preparePageWrite, previewPage } from "./prepare-page-write.ts";

/**
 * Previews per minute per client: the editor asks as the person types (debounced), so far
 * more than saves, while a script gone wrong still can't keep the server rendering.
 */
export const ADMIN_PREVIEWS_PER_MINUTE = 300;

/** A page's body is its source (at most PAGE_SOURCE_MAX_LENGTH) with room for JSON's escapes. */
export const PAGE_BODY_MAX_BYTES = PAGE_SOURCE_MAX_LENGTH + PAGE_SOURCE_MAX_LENGTH / 8;

const pageBodyLimit = bodyAtMost(PAGE_BODY_MAX_BYTES);

/**
 * The back office's page editor (operators only): list pages, read one with its revision (also
 * its ETag), create or replace, rename, delete; preview a source as a save would store it; the
 * history (page-revision-routes.ts). Every write names the revision it changes (If-Match) or
 * asks to create only (If-None-Match: *), and runs in one transaction with its revision and
 * activity entry (edit-content-page.ts); then this instance forgets what it kept of the page,
 * so its own answers show the change at once.
 */
/** The address segment the preview answers at, where a page's handle would be. */
export const PAGE_PREVIEW_HANDLE = "preview";

export function registerPageAdminRoutes(app: Hono, deps: ApiDeps): void {
  const { query, operatorOnly, writeLimit, placeholders } = pageEditorGuards(deps);
  const previewLimit = rateLimit(deps, {
    bucket: "admin-previews",
    perMinute: ADMIN_PREVIEWS_PER_MINUTE,
  });

  app.get("/admin/pages", operatorOnly, async (c) => {
    const [pages, renamed] = await query(() =>
      Promise.all([listPageSummaries(deps.db), listRenamedPages(deps.db)]),
    );
    return c.json({ pages: pages.map(adminPageSummary), renamed } satisfies AdminPageList, 200);
  });

  // POST /admin/pages/preview, written as a parameter that takes one value. Hono's fastest
  // router (RegExpRouter) refuses a fixed segment beside a parameter with more segments after it
  // (/admin/pages/preview beside /admin/pages/:handle/move); one refused route moves every route
  // of the API, the public ones included, to its slower TrieRouter (api-router.test.ts). Any
  // other handle is an address the API has no route at.
  app.post(
    "/admin/pages/:handle",
    (c, next) => {
      if (c.req.param("handle") !== PAGE_PREVIEW_HANDLE) throw noSuchRoute();
      return next();
    },
    previewLimit,
    operatorOnly,
    pageBodyLimit,
    async (c) => {
      const html = previewPage(await jsonBody(c, "the page"), placeholders);
      return c.json({ html } satisfies PagePreview, 200);
    },
  );

  app.get("/admin/pages/:handle", operatorOnly, async (c) => {
    const handle = handleOf(c);
    const [row, latest] = await query(() =>
      Promise.all([livePage(deps.db, handle), latestPageRevision(deps.db, handle)]),
    );
    const author = latest && { name: latest.actor, uid: latest.actorUid };
    return c.json(adminPage(row, author), 200, { ETag: etagOf(row.revision) });
  });

  app.put("/admin/pages/:handle", writeLimit, operatorOnly, pageBodyLimit, async (c) => {
    const page = preparePageWrite(handleOf(c), await jsonBody(c, "the page"), placeholders);
    const given = preconditionsOf((name) => c.req.header(name));
    const saved = await query(() => saveContentPage(deps.db, actorOf(c), page, given));
    deps.contentPages.forget(page.handle);
    return answerPage(c, saved.row, saved.created ? 201 : 200);
  });

  app.delete("/admin/pages/:handle", writeLimit, operatorOnly, async (c) => {
    const handle = handleOf(c);
    const given = preconditionsRequired(c, "delete");
    await query(() => deleteContentPage(deps.db, actorOf(c), handle, given));
    deps.contentPages.forget(handle);
    return c.body(null, 204);
  });

  app.post("/admin/pages/:handle/move", writeLimit, operatorOnly, moveBodyLimit, async (c) => {
    const from = handleOf(c);
    const to = newHandleOf(await jsonBody(c, "the new handle"));
    const given = preconditionsRequired(c, "rename");
    const row = await query(() => renameContentPage(deps.db, actorOf(c), { from, to }, given));
    deps.contentPages.forget(from);
    deps.contentPages.forget(to);
    return answerPage(c, row);
  });

  registerPageRevisionRoutes(app, deps);
}

/** A rename's body is one handle. */
const moveBodyLimit = bodyAtMost(1024);

/** A rename's new handle, checked as the CLI checks one: 422 in words otherwise. */
function newHandleOf(body: unknown): string {
  const { to } = parseOrUnprocessable(pageMoveSchema, body);
  try {
    return parseSlug("to", to);
  } catch (error) {
    if (error instanceof ApiProblem) throw unprocessableContent(error.message);
    throw error;
  }
}
