import {
  type AdminPage,
  adminPageListSchema,
  adminPageSchema,
  type PageSource,
  type PageWrite,
  pagePreviewSchema,
  pageRevisionListSchema,
  pageRevisionSchema,
} from "@bakery/shared/admin-pages-contract";
import { z } from "@bakery/shared/zod-without-eval";
import { api } from "#app/lib/api/browser-api-client.ts";

const pagePath = (handle: string) => `/admin/pages/${encodeURIComponent(handle)}`;
const onRevision = (revision: string) => ({ "If-Match": `"${revision}"` });

/** Every page, and the old handles that now lead to another one. */
export const listPages = () => api.get("/admin/pages", adminPageListSchema);

/** A page as it is now, with the revision to send back when changing it. */
export const loadPage = (handle: string) => api.get(pagePath(handle), adminPageSchema);

/**
 * Creates the page (`revision` undefined: only if there is none) or replaces exactly the
 * version `revision` names (else 412, naming who changed it since).
 */
export function savePage(
  handle: string,
  body: PageWrite,
  revision: string | undefined,
): Promise<AdminPage> {
  return api.put(
    pagePath(handle),
    body,
    adminPageSchema,
    revision === undefined ? { "If-None-Match": "*" } : onRevision(revision),
  );
}

/** Deletes exactly the version `revision` names (else 412). */
export const deletePage = (handle: string, revision: string) =>
  api.delete(pagePath(handle), z.undefined(), onRevision(revision));

/** Gives the page the handle `to`; its old address then answers 301 to the new one. */
export const movePage = (handle: string, to: string, revision: string) =>
  api.post(`${pagePath(handle)}/move`, { to }, adminPageSchema, onRevision(revision));

/** The page's saved versions, newest first. */
export const listRevisions = (handle: string) =>
  api.get(`${pagePath(handle)}/revisions`, pageRevisionListSchema);

/** One saved version, with the HTML it served. */
export const loadRevision = (handle: string, id: number) =>
  api.get(`${pagePath(handle)}/revisions/${id}`, pageRevisionSchema);

/**
 * Saves revision `id` again as the newest, on the version the editor has open (`revision`),
 * so a change someone made meanwhile is not undone unseen.
 */
export const restoreRevision = (handle: string, id: number, revision: string) =>
  api.post(
    `${pagePath(handle)}/revisions/${id}/restore`,
    {},
    adminPageSchema,
    onRevision(revision),
  );

/** The HTML `source` becomes when saved, sanitized by the server (422: it can't be a page). */
export const previewPage = (source: PageSource) =>
  api.post("/admin/pages/preview", source, pagePreviewSchema);

/**
 * The public page's sanitizer (DOMPurify), loaded on demand as the public page loads it: one
 * file for both, so a visitor's page never downloads the editor's code with it.
 */
export const loadSanitizer = () => import("#app/lib/sanitize-content-html.ts");
