import { Hono } from "hono";
import { cors } from "hono/cors";
import { HTTPException } from "hono/http-exception";
import { registerActivityRoutes } from "./activity/activity-routes.ts";
import type { ApiConfig, ApiDeps } from "./api-deps.ts";
import { registerContentPageRoutes } from "./content-pages/content-page-routes.ts";
import { registerPageAdminRoutes } from "./content-pages/page-admin-routes.ts";
import { isDatabaseUnavailable } from "./db/database-availability.ts";
import { registerEventRoutes } from "./funnel/event-routes.ts";
import { registerAdminReportRoutes } from "./funnel/report-routes.ts";
import {
  ApiProblem,
  conflict,
  databaseUnavailable,
  errorBody,
  problemResponse,
} from "./http/errors.ts";
import { registerHealthRoutes } from "./http/health-route.ts";
import { answerMissingRoute } from "./http/missing-route.ts";
import { requestIdMiddleware } from "./http/request-id.ts";
import { TeamLimitError } from "./limits/team-limit.ts";
import { registerOpenApiRoute } from "./openapi/openapi-route.ts";
import { registerMeRoutes } from "./profiles/me-route.ts";
import { registerShortLinkAdminRoutes } from "./short-links/short-link-admin-routes.ts";
import { registerShortLinkRoutes } from "./short-links/short-link-routes.ts";
import { registerTeamRoutes } from "./team/team-routes.ts";
import { registerCalendlyWebhookRoute } from "./webhooks/calendly-webhook.ts";
import { registerStripeWebhookRoute } from "./webhooks/stripe-webhook.ts";

/**
 * Split-origin deployments only (site and API on different hosts): then the CORS middleware
 * answers OPTIONS, the preflight, at every API address.
 */
export function answersCorsPreflight(config: Pick<ApiConfig, "CORS_ORIGINS">): boolean {
  return config.CORS_ORIGINS.length > 0;
}

/**
 * The API as a plain Hono app with routes at its root: the local server mounts it under
 * /api, tests call it with app.request() or over HTTP, and a serverless host can export
 * its fetch handler unchanged. It holds no state of its own beyond `deps` (whose owner
 * closes them after the last request).
 */
export function createApi(deps: ApiDeps): Hono {
  const app = new Hono();
  const allowedOrigins = new Set(deps.config.CORS_ORIGINS);

  app.use(requestIdMiddleware());
  app.use(async (c, next) => {
    // Error answers and anything a route didn't mark cacheable must not be stored; a route
    // that may be cached sets its own Cache-Control over this one. Set before the handler
    // runs, so the response is born with them (see securityHeadersMiddleware for why).
    c.header("Cache-Control", "no-store");
    c.header("X-Content-Type-Options", "nosniff");
    // Only when asked for: the message alone would cost every request a string.
    const debug = deps.logger.isLevelEnabled("debug");
    const started = debug ? performance.now() : 0;
    await next();
    // A response made without the context (CORS preflight) skipped the headers above.
    if (!c.res.headers.has("X-Content-Type-Options")) {
      if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
      c.header("X-Content-Type-Options", "nosniff");
    }
    if (debug) {
      deps.logger.debug(
        { method: c.req.method, path: c.req.path, status: c.res.status },
        `${c.req.method} ${c.req.path} ${c.res.status} ${Math.round(performance.now() - started)}ms`,
      );
    }
  });

  if (answersCorsPreflight(deps.config)) {
    // Bearer tokens, not cookies, carry identity, so credentials stay off.
    app.use(
      cors({
        origin: (origin) => (allowedOrigins.has(origin) ? origin : null),
        allowMethods: ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"],
        allowHeaders: ["Authorization", "Content-Type", "If-Match", "If-None-Match"],
        exposeHeaders: ["ETag", "X-Request-Id"],
        maxAge: 600,
      }),
    );
  }

  registerHealthRoutes(app, deps);
  registerContentPageRoutes(app, deps);
  registerShortLinkRoutes(app, deps);
  registerMeRoutes(app, deps);
  registerEventRoutes(app, deps);
  registerAdminReportRoutes(app, deps);
  registerShortLinkAdminRoutes(app, deps);
  registerPageAdminRoutes(app, deps);
  registerTeamRoutes(app, deps);
  registerActivityRoutes(app, deps);
  registerStripeWebhookRoute(app, deps);
  registerCalendlyWebhookRoute(app, deps);
  registerOpenApiRoute(app, deps);

  app.notFound(
    answerMissingRoute(app.routes, { corsPreflight: answersCorsPreflight(deps.config) }),
  );

  app.onError((error, c) => {
    if (error instanceof ApiProblem) return problemResponse(c, error);
    if (error instanceof TeamLimitError) return problemResponse(c, conflict(error.message));
    if (isDatabaseUnavailable(error)) {
      // Down or hung: 503 + Retry-After takes the instance out of rotation and tells clients
      // to come back, instead of a 500 that looks like a bug.
      deps.logger.warn(
        { err: error, method: c.req.method, path: c.req.path },
        "database unavailable",
      );
      return problemResponse(c, databaseUnavailable());
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(errorBody("bad_request", error.message || "Bad request"), error.status);
    }
    // Details go to the log only; the caller gets a generic message, never a stack.
    deps.logger.error({ err: error, method: c.req.method, path: c.req.path }, "request failed");
    return c.json(errorBody("internal", "Something went wrong on our side"), 500);
  });

  return app;
}
