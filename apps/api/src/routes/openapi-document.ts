import {
  apiErrorSchema,
  contentPageSchema,
  conversionAcceptedSchema,
  conversionEventSchema,
  healthSchema,
  meSchema,
  movedResultSchema,
  redirectResultSchema,
  slugSchema,
} from "@bakery/shared/api-contract";
import { z } from "zod";
import { PRODUCT_VERSION } from "../version.ts";

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

const commonErrors = {
  429: { ...error("Too many requests from this client"), headers: retryAfter },
  503: { ...error("The database is unreachable; try again shortly"), headers: retryAfter },
};

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
          parameters: [slug("cat", "The link's category"), slug("id", "The link's id")],
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
          summary: "The signed-in user and their account status",
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
          summary: "Record a conversion (a booked demo) with the visit's attribution",
          requestBody: {
            required: true,
            content: { "application/json": { schema: schema(conversionEventSchema, "input") } },
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
    },
  };
}
