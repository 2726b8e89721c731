import {
  adminPageListSchema,
  adminPageSchema,
  PAGE_REVISIONS_LISTED,
  pageMoveSchema,
  pagePreviewSchema,
  pageRevisionListSchema,
  pageRevisionSchema,
  pageSourceSchema,
  pageWriteSchema,
} from "@bakery/shared/admin-pages-contract";
import type { z } from "zod";
import {
  MAX_CONTENT_PAGES,
  MAX_OLD_PAGE_ADDRESSES,
} from "../content-pages/content-page-queries.ts";
import {
  ADMIN_PREVIEWS_PER_MINUTE,
  PAGE_BODY_MAX_BYTES,
} from "../content-pages/page-admin-routes.ts";
import { formatLimit } from "../limits/team-limit.ts";
import {
  adminWriteErrors,
  commonErrors,
  error,
  json,
  operatorErrors,
  operatorOperation,
  operatorRead,
  retryAfter,
  revisionHeader,
  schema,
  slug,
  staleRevision,
} from "./openapi-parts.ts";

const pageHandle = slug("handle", "The page's handle");

const revisionId = {
  name: "id",
  in: "path",
  required: true,
  description: "The revision's number in the page's history",
  schema: { type: "integer", minimum: 1 },
};

const pageIfMatch = (description: string) => ({
  ...revisionHeader("If-Match", description),
  required: true,
});

const pageBody = (zodSchema: z.ZodType) => ({
  required: true,
  content: { "application/json": { schema: schema(zodSchema, "input") } },
});

const pageAnswer = (description: string) => ({ description, content: json(adminPageSchema) });

const pageWriteErrors = {
  ...adminWriteErrors,
  400: error("The handle (or the revision's number) is not valid, or the body is not JSON"),
  404: error("No such page (a renamed one: the message says where it went)"),
  412: staleRevision("page"),
};

const pageSourceRefused = error(
  "The source can't be a page (the message says why): an unknown {{PLACEHOLDER}}, nothing left to read once sanitized, a field too long or missing",
);

/** The back office's page editor: pages, their preview, revisions and renames. */
export const pageEditorPaths = {
  "/admin/pages": {
    get: operatorRead(
      "Operators: the content pages by handle, with when and by whom each was last changed, and the old handles that answer 301",
      { description: "The pages", content: json(adminPageListSchema) },
    ),
  },
  "/admin/pages/preview": {
    post: operatorOperation(
      `Operators: a page's source rendered and sanitized exactly as a save would store it. Rate-limited apart from writes (${ADMIN_PREVIEWS_PER_MINUTE} a minute), recorded nowhere`,
      {
        requestBody: pageBody(pageSourceSchema),
        responses: {
          200: { description: "The HTML visitors would get", content: json(pagePreviewSchema) },
          400: error("The body is not JSON"),
          401: operatorErrors[401],
          403: operatorErrors[403],
          413: error(`The body is over ${PAGE_BODY_MAX_BYTES} bytes`),
          415: error("The body is not JSON"),
          422: pageSourceRefused,
          429: {
            ...error(`More than ${ADMIN_PREVIEWS_PER_MINUTE} previews this minute`),
            headers: retryAfter,
          },
          503: commonErrors[503],
        },
      },
    ),
  },
  "/admin/pages/{handle}": {
    get: operatorRead(
      "Operators: one page as the editor opens it: its source as written, format, HTML, who changed it last and its revision (also its ETag)",
      pageAnswer("The page; ETag: its revision"),
      {
        parameters: [pageHandle],
        responses: { 400: error("The handle is not a valid slug"), 404: pageWriteErrors[404] },
      },
    ),
    put: operatorOperation(
      "Operators: create or replace the page, rendered and sanitized as rise-admin pages put does, in one transaction with its revision and activity entry. If-None-Match: * only creates; If-Match: <revision> only replaces that revision; with neither, only creates. Visitors see it within a minute (GET /p/{handle} may be kept 60 s)",
      {
        parameters: [
          pageHandle,
          revisionHeader("If-Match", "The revision to replace (the page's ETag or `revision`)"),
          revisionHeader("If-None-Match", "`*`: create only, never replace"),
        ],
        requestBody: pageBody(pageWriteSchema),
        responses: {
          200: pageAnswer("Replaced; ETag: the new revision"),
          201: pageAnswer("Created; ETag: its revision"),
          409: error(
            `The page exists, and no If-Match named the revision to replace; or it would be new, and there are ${formatLimit(MAX_CONTENT_PAGES)} live pages already`,
          ),
          413: error(`The body is over ${PAGE_BODY_MAX_BYTES} bytes`),
          415: error("The body is not JSON"),
          422: pageSourceRefused,
          ...pageWriteErrors,
        },
      },
    ),
    delete: operatorOperation(
      "Operators: delete the page (and the old handles that pointed to it) if it is the revision in If-Match, in one transaction with its activity entry. Its revisions are kept, apart from any later page's at that handle",
      {
        parameters: [pageHandle, pageIfMatch("The revision to delete")],
        responses: {
          204: { description: "Deleted" },
          428: error("No If-Match: the revision to delete must be named"),
          ...pageWriteErrors,
        },
      },
    ),
  },
  "/admin/pages/{handle}/move": {
    post: operatorOperation(
      "Operators: rename the page if it is the revision in If-Match; the old handle answers 301 with the new address, and the page's revisions follow it",
      {
        parameters: [pageHandle, pageIfMatch("The revision to rename")],
        requestBody: pageBody(pageMoveSchema),
        responses: {
          200: pageAnswer("The page at its new handle; ETag: its revision"),
          409: error(
            `A page with the new handle exists; or the handle was never used, and there are ${formatLimit(MAX_OLD_PAGE_ADDRESSES)} old addresses of renamed pages already`,
          ),
          415: error("The body is not JSON"),
          422: error("The new handle is not a slug, or is the page's handle already"),
          428: error("No If-Match: the revision to rename must be named"),
          ...pageWriteErrors,
        },
      },
    ),
  },
  "/admin/pages/{handle}/revisions": {
    get: operatorRead(
      `Operators: the page's revisions, newest first (at most ${PAGE_REVISIONS_LISTED}): when, by whom, its title`,
      { description: "The revisions", content: json(pageRevisionListSchema) },
      { parameters: [pageHandle], responses: { 404: pageWriteErrors[404] } },
    ),
  },
  "/admin/pages/{handle}/revisions/{id}": {
    get: operatorRead(
      "Operators: one revision of the page as it was saved, with the HTML it served",
      { description: "The revision", content: json(pageRevisionSchema) },
      {
        parameters: [pageHandle, revisionId],
        responses: { 404: error("No such page, or the revision is not one of its") },
      },
    ),
  },
  "/admin/pages/{handle}/revisions/{id}/restore": {
    post: operatorOperation(
      "Operators: save the revision again as the page's newest (re-rendered with today's placeholders) if the page is the revision in If-Match, in one transaction with a new revision and its activity entry",
      {
        parameters: [
          pageHandle,
          revisionId,
          pageIfMatch("The revision of the page the editor has open"),
        ],
        responses: {
          200: pageAnswer("The page as restored; ETag: its new revision"),
          422: pageSourceRefused,
          428: error("No If-Match: the revision of the page must be named"),
          ...pageWriteErrors,
        },
      },
    ),
  },
};
