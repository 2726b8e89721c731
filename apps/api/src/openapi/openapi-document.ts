import {
  ACTIVITY_PAGE_SIZE,
  activityKinds,
  activityPageSchema,
} from "@bakery/shared/admin-activity-contract";
import {
  funnelGroupings,
  funnelReportSchema,
  linksReportSchema,
  MAX_REPORT_DAYS,
} from "@bakery/shared/admin-contract";
import { adminShortLinkSchema, shortLinkWriteSchema } from "@bakery/shared/admin-links-contract";
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
import { teamGrantSchema, teamMemberSchema, teamSchema } from "@bakery/shared/admin-team-contract";
import {
  apiErrorSchema,
  contentPageSchema,
  conversionAcceptedSchema,
  healthSchema,
  meSchema,
  movedResultSchema,
  redirectResultSchema,
  siteEventSchema,
  slugSchema,
} from "@bakery/shared/api-contract";
import { SCAN_MARKER } from "@bakery/shared/scan-marker";
import { z } from "zod";
import {
  ADMIN_PREVIEWS_PER_MINUTE,
  PAGE_BODY_MAX_BYTES,
} from "../content-pages/page-admin-routes.ts";
import { ADMIN_WRITES_PER_MINUTE } from "../short-links/short-link-admin-routes.ts";
import { PRODUCT_VERSION } from "../version.ts";
import { CALENDLY_SIGNATURE_TOLERANCE_SECONDS } from "../webhooks/calendly-signature.ts";
import { inviteeEventSchema } from "../webhooks/calendly-webhook.ts";

/**
 * The API described as OpenAPI 3.1, built from the same zod schemas the API answers
 * with and the browser parses with (packages/shared/src/api-contract.ts), so the
 * document can't drift from the code. Served at GET /openapi.json; a test checks that
 * every route the API registers is in it.
 */

/** JSON Schema 2020-12, the dialect OpenAPI 3.1 uses. */
const schema = (zodSchema: z.ZodType, io: "input" | "output" = "output") =>
  z.toJSONSchema(zodSchema, { io, target: "draft-2020-12" });

const json = (zodSchema: z.ZodType) => ({ "application/json": { schema: schema(zodSchema) } });

const error = (description: string) => ({ description, content: json(apiErrorSchema) });

const moved = {
  description:
    "Moved: `location` is the site path that shows it now. No Location header, so fetch() does not follow it.",
  content: json(movedResultSchema),
};

const slug = (name: string, description: string) => ({
  name,
  in: "path",
  required: true,
  description,
  schema: schema(slugSchema),
});

const retryAfter = {
  "Retry-After": {
    description: "Seconds to wait before trying again",
    schema: { type: "integer" },
  },
};

const day = (name: "from" | "to", description: string) => ({
  name,
  in: "query",
  required: true,
  description: `${description}, a UTC calendar day (YYYY-MM-DD); the range is at most ${MAX_REPORT_DAYS} days`,
  schema: { type: "string", format: "date" },
});

const operatorErrors = {
  400: error("A query parameter is missing or invalid (the message names it)"),
  401: error("Not signed in, or the token is invalid or expired"),
  403: error("Signed in, but not a Rise team operator"),
};

const commonErrors = {
  429: { ...error("Too many requests from this client"), headers: retryAfter },
  503: { ...error("The database is unreachable; try again shortly"), headers: retryAfter },
};

const reportUnavailable = {
  ...error(
    "The database is unreachable, or the report was not ready within REPORT_DEADLINE_MS; try again shortly",
  ),
  headers: retryAfter,
};

const linkAddress = [slug("cat", "The link's category"), slug("id", "The link's id")];
const revisionHeader = (name: "If-Match" | "If-None-Match", description: string) => ({
  name,
  in: "header",
  required: false,
  description,
  schema: { type: "string" },
});
const linkWriteErrors = {
  401: operatorErrors[401],
  403: operatorErrors[403],
  412: error(
    "The link changed since the revision in If-Match (the message says who changed it and when), or it exists and If-None-Match: * asked to create only",
  ),
  429: {
    ...error(`More than ${ADMIN_WRITES_PER_MINUTE} writes this minute from this client`),
    headers: retryAfter,
  },
  503: reportUnavailable,
};

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
  ...linkWriteErrors,
  400: error("The handle (or the revision's number) is not valid, or the body is not JSON"),
  404: error("No such page (a renamed one: the message says where it went)"),
  412: error(
    "The page changed since the revision in If-Match (the message says who changed it and when), or it exists and If-None-Match: * asked to create only",
  ),
};
const pageSourceRefused = error(
  "The source can't be a page (the message says why): an unknown {{PLACEHOLDER}}, nothing left to read once sanitized, a field too long or missing",
);

export function openApiDocument(apiBasePath: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Rise site API",
      version: PRODUCT_VERSION,
      description:
        "Every call carries `Authorization: Bearer <Firebase ID token>`, or `Bearer ` (empty) when signed out. Errors are `{ error: { code, message } }`; every response carries an `X-Request-Id`.",
    },
    servers: [{ url: apiBasePath || "/" }],
    components: {
      securitySchemes: {
        firebaseIdToken: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
      },
    },
    paths: {
      "/health": {
        get: {
          summary: "Liveness: the process answers (never touches the database)",
          responses: { 200: { description: "Alive", content: json(healthSchema) } },
        },
      },
      "/ready": {
        get: {
          summary: "Readiness: the database answers",
          responses: {
            200: { description: "Ready", content: json(healthSchema) },
            503: commonErrors[503],
          },
        },
      },
      "/p/{handle}": {
        get: {
          summary: "A content page (privacy policy, terms, …) with its sanitized HTML",
          parameters: [slug("handle", "The page's handle")],
          responses: {
            200: { description: "The page", content: json(contentPageSchema) },
            301: moved,
            304: { description: "Not modified (If-None-Match matched the ETag)" },
            400: error("The handle is not a valid slug"),
            404: error("No such page"),
            503: commonErrors[503],
          },
        },
      },
      "/redirect/{cat}/{id}": {
        get: {
          summary: "Where the short link /to/{cat}/{id} leads",
          security: [{ firebaseIdToken: [] }],
          parameters: [
            slug("cat", "The link's category"),
            slug("id", "The link's id"),
            {
              name: SCAN_MARKER.name,
              in: "query",
              required: false,
              description: `"${SCAN_MARKER.value}" when the link was opened from its QR code: counted as a scan, not a click`,
              schema: { type: "string", enum: [SCAN_MARKER.value] },
            },
          ],
          responses: {
            200: { description: "The target", content: json(redirectResultSchema) },
            301: moved,
            400: error("The category or id is not a valid slug"),
            401: error("The link needs a signed-in visitor"),
            404: error("No such link"),
            ...commonErrors,
          },
        },
      },
      "/me": {
        get: {
          summary: "The signed-in user, their account status and their role",
          security: [{ firebaseIdToken: [] }],
          responses: {
            200: { description: "The user", content: json(meSchema) },
            401: error("Not signed in, or the token is invalid or expired"),
            503: commonErrors[503],
          },
        },
      },
      "/events": {
        post: {
          summary:
            "Record a booked demo as the browser saw it (the invitee its scheduling page named, the visit's reference and attribution: merged into the scheduling provider's record of that invitee), or a landing (a visit from a campaign or an outside referrer, with its reference; not counted for bots)",
          requestBody: {
            required: true,
            content: { "application/json": { schema: schema(siteEventSchema, "input") } },
          },
          responses: {
            202: { description: "Stored", content: json(conversionAcceptedSchema) },
            400: error("The body is not a valid event"),
            413: error("The body is too large"),
            415: error("The body is not JSON"),
            ...commonErrors,
          },
        },
      },
      "/admin/funnel": {
        get: {
          summary:
            "Operators: landings, booked demos (and how many the scheduling provider confirmed) and paid checkouts per campaign, source or medium, for the top groups with the rest summed as Other, and per UTC day",
          security: [{ firebaseIdToken: [] }],
          parameters: [
            day("from", "First day"),
            day("to", "Last day"),
            {
              name: "by",
              in: "query",
              required: false,
              description: "How to group (default campaign)",
              schema: { type: "string", enum: [...funnelGroupings], default: "campaign" },
            },
          ],
          responses: {
            200: { description: "The funnel", content: json(funnelReportSchema) },
            ...operatorErrors,
            503: reportUnavailable,
          },
        },
      },
      "/admin/links": {
        get: {
          summary: "Operators: every short link with its clicks, in total and per UTC day",
          security: [{ firebaseIdToken: [] }],
          parameters: [day("from", "First day"), day("to", "Last day")],
          responses: {
            200: { description: "The links", content: json(linksReportSchema) },
            ...operatorErrors,
            503: reportUnavailable,
          },
        },
      },
      "/admin/links/{cat}/{id}": {
        get: {
          summary:
            "Operators: one short link as the editor reads it, with its campaign fields, expiry, fallback, clicks and revision (also its ETag)",
          security: [{ firebaseIdToken: [] }],
          parameters: linkAddress,
          responses: {
            200: {
              description: "The link; ETag: its revision",
              content: json(adminShortLinkSchema),
            },
            400: error("The category or id is not a valid slug"),
            401: operatorErrors[401],
            403: operatorErrors[403],
            404: error("No such link (a moved one: the message says where it went)"),
            503: reportUnavailable,
          },
        },
        put: {
          summary:
            "Operators: create or replace the link, checked as rise-admin links put checks it, in one transaction with its activity entry. If-None-Match: * only creates; If-Match: <revision> only replaces that revision; with neither, only creates",
          security: [{ firebaseIdToken: [] }],
          parameters: [
            ...linkAddress,
            revisionHeader(
              "If-Match",
              "The revision to replace (the link's ETag or its `revision`)",
            ),
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
            409: error("The link exists, and no If-Match named the revision to replace"),
            413: error("The body is too large"),
            415: error("The body is not JSON"),
            422: error(
              "A field can't be stored (the message names it): a destination or fallback off the allow-list or leading to a short link, campaign fields on another site's address, a bad expiry",
            ),
            ...linkWriteErrors,
          },
        },
        delete: {
          summary:
            "Operators: delete the link (and the old addresses that pointed to it) if it is the revision in If-Match, in one transaction with its activity entry",
          security: [{ firebaseIdToken: [] }],
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
      },
      "/admin/pages": {
        get: {
          summary:
            "Operators: the content pages by handle, with when and by whom each was last changed, and the old handles that answer 301",
          security: [{ firebaseIdToken: [] }],
          responses: {
            200: { description: "The pages", content: json(adminPageListSchema) },
            ...operatorErrors,
            503: reportUnavailable,
          },
        },
      },
      "/admin/pages/preview": {
        post: {
          summary: `Operators: a page's source rendered and sanitized exactly as a save would store it. Rate-limited apart from writes (${ADMIN_PREVIEWS_PER_MINUTE} a minute), recorded nowhere`,
          security: [{ firebaseIdToken: [] }],
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
      },
      "/admin/pages/{handle}": {
        get: {
          summary:
            "Operators: one page as the editor opens it: its source as written, format, HTML, who changed it last and its revision (also its ETag)",
          security: [{ firebaseIdToken: [] }],
          parameters: [pageHandle],
          responses: {
            200: pageAnswer("The page; ETag: its revision"),
            400: error("The handle is not a valid slug"),
            401: operatorErrors[401],
            403: operatorErrors[403],
            404: pageWriteErrors[404],
            503: reportUnavailable,
          },
        },
        put: {
          summary:
            "Operators: create or replace the page, rendered and sanitized as rise-admin pages put does, in one transaction with its revision and activity entry. If-None-Match: * only creates; If-Match: <revision> only replaces that revision; with neither, only creates. Visitors see it within a minute (GET /p/{handle} may be kept 60 s)",
          security: [{ firebaseIdToken: [] }],
          parameters: [
            pageHandle,
            revisionHeader("If-Match", "The revision to replace (the page's ETag or `revision`)"),
            revisionHeader("If-None-Match", "`*`: create only, never replace"),
          ],
          requestBody: pageBody(pageWriteSchema),
          responses: {
            200: pageAnswer("Replaced; ETag: the new revision"),
            201: pageAnswer("Created; ETag: its revision"),
            409: error("The page exists, and no If-Match named the revision to replace"),
            413: error(`The body is over ${PAGE_BODY_MAX_BYTES} bytes`),
            415: error("The body is not JSON"),
            422: pageSourceRefused,
            ...pageWriteErrors,
          },
        },
        delete: {
          summary:
            "Operators: delete the page (and the old handles that pointed to it) if it is the revision in If-Match, in one transaction with its activity entry. Its revisions are kept, apart from any later page's at that handle",
          security: [{ firebaseIdToken: [] }],
          parameters: [pageHandle, pageIfMatch("The revision to delete")],
          responses: {
            204: { description: "Deleted" },
            428: error("No If-Match: the revision to delete must be named"),
            ...pageWriteErrors,
          },
        },
      },
      "/admin/pages/{handle}/move": {
        post: {
          summary:
            "Operators: rename the page if it is the revision in If-Match; the old handle answers 301 with the new address, and the page's revisions follow it",
          security: [{ firebaseIdToken: [] }],
          parameters: [pageHandle, pageIfMatch("The revision to rename")],
          requestBody: pageBody(pageMoveSchema),
          responses: {
            200: pageAnswer("The page at its new handle; ETag: its revision"),
            409: error("A page with the new handle exists"),
            415: error("The body is not JSON"),
            422: error("The new handle is not a slug, or is the page's handle already"),
            428: error("No If-Match: the revision to rename must be named"),
            ...pageWriteErrors,
          },
        },
      },
      "/admin/pages/{handle}/revisions": {
        get: {
          summary: `Operators: the page's revisions, newest first (at most ${PAGE_REVISIONS_LISTED}): when, by whom, its title`,
          security: [{ firebaseIdToken: [] }],
          parameters: [pageHandle],
          responses: {
            200: { description: "The revisions", content: json(pageRevisionListSchema) },
            ...operatorErrors,
            404: pageWriteErrors[404],
            503: reportUnavailable,
          },
        },
      },
      "/admin/pages/{handle}/revisions/{id}": {
        get: {
          summary: "Operators: one revision of the page as it was saved, with the HTML it served",
          security: [{ firebaseIdToken: [] }],
          parameters: [pageHandle, revisionId],
          responses: {
            200: { description: "The revision", content: json(pageRevisionSchema) },
            ...operatorErrors,
            404: error("No such page, or the revision is not one of its"),
            503: reportUnavailable,
          },
        },
      },
      "/admin/pages/{handle}/revisions/{id}/restore": {
        post: {
          summary:
            "Operators: save the revision again as the page's newest (re-rendered with today's placeholders) if the page is the revision in If-Match, in one transaction with a new revision and its activity entry",
          security: [{ firebaseIdToken: [] }],
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
      },
      "/admin/team": {
        get: {
          summary:
            "Operators: the team, everyone with the operator role by e-mail, each with when the role was given (from the activity log)",
          security: [{ firebaseIdToken: [] }],
          responses: {
            200: { description: "The operators", content: json(teamSchema) },
            ...operatorErrors,
            503: reportUnavailable,
          },
        },
        post: {
          summary:
            "Operators: give the operator role to the account with this e-mail address, only if the identity service says the address is verified (rise-admin users set-role's rule). An account that never signed in gets its profile now. In one transaction with its activity entry",
          security: [{ firebaseIdToken: [] }],
          requestBody: {
            required: true,
            content: { "application/json": { schema: schema(teamGrantSchema, "input") } },
          },
          responses: {
            200: {
              description: "Already an operator: nothing changed",
              content: json(teamMemberSchema),
            },
            201: { description: "Given the role", content: json(teamMemberSchema) },
            400: error("The body is not JSON"),
            401: operatorErrors[401],
            403: error("Signed in, but not (or no longer) a Rise team operator"),
            413: error("The body is too large"),
            415: error("The body is not JSON"),
            422: error(
              "Not an e-mail address, no account has it, or it is not verified (the message says how its owner verifies it)",
            ),
            429: linkWriteErrors[429],
            503: {
              ...error(
                "The identity service or the database can't be asked just now; nothing was changed",
              ),
              headers: retryAfter,
            },
          },
        },
      },
      "/admin/team/{uid}": {
        delete: {
          summary:
            "Operators: take the operator role from the account, never from the last operator, in one transaction with its activity entry",
          security: [{ firebaseIdToken: [] }],
          parameters: [
            {
              name: "uid",
              in: "path",
              required: true,
              description: "The account's id (a team member's `uid`)",
              schema: { type: "string", minLength: 1, maxLength: 128 },
            },
          ],
          responses: {
            204: { description: "The role was taken away" },
            400: error("The uid is empty or too long"),
            401: operatorErrors[401],
            403: error("Signed in, but not (or no longer) a Rise team operator"),
            404: error("That account is not an operator"),
            409: error("You are the last operator: give the role to a colleague first"),
            429: linkWriteErrors[429],
            503: linkWriteErrors[503],
          },
        },
      },
      "/admin/activity": {
        get: {
          summary: `Operators: the activity log, newest first, ${ACTIVITY_PAGE_SIZE} entries a page: every change from the browser or the CLI with who, when, before and after. Entries are never edited or deleted`,
          security: [{ firebaseIdToken: [] }],
          parameters: [
            {
              name: "kind",
              in: "query",
              required: false,
              description: "Only entries of this kind",
              schema: { type: "string", enum: [...activityKinds] },
            },
            {
              name: "before",
              in: "query",
              required: false,
              description: "Only entries older than this entry id (the previous page's nextBefore)",
              schema: { type: "integer", minimum: 1 },
            },
          ],
          responses: {
            200: { description: "One page of entries", content: json(activityPageSchema) },
            ...operatorErrors,
            503: reportUnavailable,
          },
        },
      },
      "/webhooks/stripe": {
        post: {
          summary:
            "The payment provider's checkout events, signed (Stripe-Signature): a checkout session counts as a paid sign-up once paid (completed with payment_status paid, or its delayed payment succeeded) and never if its delayed payment failed, once per session, credited through the visit reference or the names in its client_reference_id",
          parameters: [
            {
              name: "Stripe-Signature",
              in: "header",
              required: true,
              description: "The provider's signature of the raw body with STRIPE_WEBHOOK_SECRET",
              schema: { type: "string" },
            },
          ],
          requestBody: {
            required: true,
            content: { "application/json": { schema: { type: "object" } } },
          },
          responses: {
            200: {
              description: "Received (also for a redelivered event or a type that is not used)",
              content: { "application/json": { schema: { type: "object" } } },
            },
            400: error("No signature, a signature that does not match, or not an event"),
            413: error("The body is too large"),
            503: error("The database is unreachable, or STRIPE_WEBHOOK_SECRET is not set"),
          },
        },
      },
      "/webhooks/calendly": {
        post: {
          summary:
            "The scheduling provider's invitee events, signed (Calendly-Webhook-Signature): invitee.created records a booked demo, invitee.canceled takes it out; one booking per invitee URI, a reschedule stays one",
          parameters: [
            {
              name: "Calendly-Webhook-Signature",
              in: "header",
              required: true,
              description: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with CALENDLY_WEBHOOK_SIGNING_KEY>, made at most ${CALENDLY_SIGNATURE_TOLERANCE_SECONDS / 60} minutes from the server's time`,
              schema: { type: "string" },
            },
          ],
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: schema(inviteeEventSchema, "input"),
              },
            },
          },
          responses: {
            200: {
              description:
                "Stored (also for a redelivered event), or an event type that is not used",
              content: { "application/json": { schema: { type: "object" } } },
            },
            400: error(
              "No signature, one that does not match or is not fresh, or a body that is not an invitee's event",
            ),
            413: error("The body is too large"),
            503: error("The database is unreachable, or CALENDLY_WEBHOOK_SIGNING_KEY is not set"),
          },
        },
      },
      "/csp-report": {
        post: {
          summary: "Content-Security-Policy violation reports from browsers (report-uri)",
          requestBody: {
            required: true,
            content: {
              "application/csp-report": { schema: { type: "object" } },
              "application/reports+json": { schema: { type: "array" } },
            },
          },
          responses: {
            204: { description: "Logged" },
            400: error("Not a CSP report"),
            413: error("The report is too large"),
            429: commonErrors[429],
          },
        },
      },
      "/openapi.json": {
        get: {
          summary: "This document",
          responses: { 200: { description: "OpenAPI 3.1", content: { "application/json": {} } } },
        },
      },
    },
  };
}
