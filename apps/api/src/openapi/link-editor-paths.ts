import { adminShortLinkSchema, shortLinkWriteSchema } from "@bakery/shared/admin-links-contract";
import { formatLimit } from "../limits/team-limit.ts";
import { MAX_SHORT_LINKS } from "../short-links/short-link-queries.ts";
import {
  adminWriteErrors,
  error,
  json,
  operatorOperation,
  operatorRead,
  revisionHeader,
  schema,
  slug,
  staleRevision,
} from "./openapi-parts.ts";

const linkAddress = [slug("cat", "The link's category"), slug("id", "The link's id")];

const linkWriteErrors = { ...adminWriteErrors, 412: staleRevision("link") };

/** The back office's short-link editor. */
export const linkEditorPaths = {
  "/admin/links/{cat}/{id}": {
    get: operatorRead(
      "Operators: one short link as the editor reads it, with its campaign fields, expiry, fallback, clicks and revision (also its ETag)",
      { description: "The link; ETag: its revision", content: json(adminShortLinkSchema) },
      {
        parameters: linkAddress,
        responses: {
          400: error("The category or id is not a valid slug"),
          404: error("No such link (a moved one: the message says where it went)"),
        },
      },
    ),
    put: operatorOperation(
      "Operators: create or replace the link, checked as rise-admin links put checks it, in one transaction with its activity entry. If-None-Match: * only creates; If-Match: <revision> only replaces that revision; with neither, only creates",
      {
        parameters: [
          ...linkAddress,
          revisionHeader("If-Match", "The revision to replace (the link's ETag or its `revision`)"),
          revisionHeader("If-None-Match", "`*`: create only, never replace"),
        ],
        requestBody: {
          required: true,
          content: { "application/json": { schema: schema(shortLinkWriteSchema, "input") } },
        },
        responses: {
          200: {
            description: "Replaced; ETag: the new revision",
            content: json(adminShortLinkSchema),
          },
          201: {
            description: "Created; ETag: its revision",
            content: json(adminShortLinkSchema),
          },
          400: error("The category or id is not a valid slug, or the body is not JSON"),
          409: error(
            `The link exists, and no If-Match named the revision to replace; or it would be new, and there are ${formatLimit(MAX_SHORT_LINKS)} live links already`,
          ),
          413: error("The body is too large"),
          415: error("The body is not JSON"),
          422: error(
            "A field can't be stored (the message names it): a destination or fallback off the allow-list or leading to a short link, campaign fields on another site's address, a bad expiry",
          ),
          ...linkWriteErrors,
        },
      },
    ),
    delete: operatorOperation(
      "Operators: delete the link (and the old addresses that pointed to it) if it is the revision in If-Match, in one transaction with its activity entry",
      {
        parameters: [
          ...linkAddress,
          { ...revisionHeader("If-Match", "The revision to delete"), required: true },
        ],
        responses: {
          204: { description: "Deleted" },
          400: error("The category or id is not a valid slug"),
          404: error("No such link"),
          428: error("No If-Match: the revision to delete must be named"),
          ...linkWriteErrors,
        },
      },
    ),
  },
};
