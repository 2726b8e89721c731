import { PRODUCT_VERSION } from "../version.ts";
import { linkEditorPaths } from "./link-editor-paths.ts";
import { pageEditorPaths } from "./page-editor-paths.ts";
import { publicPaths } from "./public-paths.ts";
import { reportPaths } from "./report-paths.ts";
import { teamPaths } from "./team-paths.ts";
import { webhookPaths } from "./webhook-paths.ts";

/**
 * The API described as OpenAPI 3.1, built from the same zod schemas the API answers
 * with and the browser parses with (packages/shared/src/api-contract.ts), so the
 * document can't drift from the code. Served at GET /openapi.json; a test checks that
 * every route the API registers is in it.
 */
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
      ...publicPaths,
      ...reportPaths,
      ...linkEditorPaths,
      ...pageEditorPaths,
      ...teamPaths,
      ...webhookPaths,
    },
  };
}
