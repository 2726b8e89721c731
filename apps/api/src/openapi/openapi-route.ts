import type { Hono } from "hono";
import type { ApiDeps } from "../api-deps.ts";
import { openApiDocument } from "./openapi-document.ts";

/** GET /openapi.json: the API's own description, built once. */
export function registerOpenApiRoute(app: Hono, deps: Pick<ApiDeps, "apiBasePath">): void {
  const body = JSON.stringify(openApiDocument(deps.apiBasePath ?? "/api"));
  app.get("/openapi.json", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.body(body, 200, { "Content-Type": "application/json; charset=utf-8" });
  });
}
