import {
  contentPageSchema,
  conversionAcceptedSchema,
  healthSchema,
  meSchema,
  redirectResultSchema,
  siteEventSchema,
} from "@bakery/shared/api-contract";
import { SCAN_MARKER } from "@bakery/shared/scan-marker";
import { commonErrors, error, json, moved, schema, slug } from "./openapi-parts.ts";

/** The routes anyone may call: health, content pages, short links, the signed-in account, events, CSP reports and this document. */
export const publicPaths = {
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
};
