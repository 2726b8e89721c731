import { funnelQuerySchema, linksQuerySchema } from "@bakery/shared/admin-contract";
import type { Hono, MiddlewareHandler } from "hono";
import type { ApiDeps } from "../api-deps.ts";
import { requireOperator } from "../auth/require-operator.ts";
import { DatabaseTimeoutError, withDeadline } from "../db/database-availability.ts";
import { reportDeadlinePassed } from "../http/errors.ts";
import { parseOrBadRequest } from "../http/validation.ts";
import { linksReport } from "../short-links/links-report.ts";
import { funnelReport } from "./funnel-report.ts";

/**
 * The marketing dashboard's reports (`/admin/*`), for operators only, each request within
 * REPORT_DEADLINE_MS (sign-in check included): past it, 503 with Retry-After (decision 0023).
 */
export function registerAdminReportRoutes(app: Hono, deps: ApiDeps): void {
  // The deadline covers the reports only: a write (the link editor's) must never answer 503
  // while its transaction may still commit.
  app.use("/admin/funnel", reportDeadline(deps));
  app.use("/admin/links", reportDeadline(deps));
  app.use("/admin/*", requireOperator(deps));

  app.get("/admin/funnel", async (c) => {
    const range = parseOrBadRequest(funnelQuerySchema, c.req.query());
    const report = await funnelReport(deps.db, range, {
      browserBookingsCount: deps.config.browserBookingsCount,
    });
    return c.json(report, 200);
  });

  app.get("/admin/links", async (c) => {
    const range = parseOrBadRequest(linksQuerySchema, c.req.query());
    return c.json(await linksReport(deps.db, range), 200);
  });
}

/**
 * Ends the request with 503 once REPORT_DEADLINE_MS has passed. The work left behind is
 * abandoned (its result ignored), as the database deadline does for a single call.
 */
function reportDeadline(deps: ApiDeps): MiddlewareHandler {
  const deadlineMs = deps.config.REPORT_DEADLINE_MS;
  return async (c, next) => {
    try {
      await withDeadline(() => next(), deadlineMs);
    } catch (error) {
      // Errors of the handlers after this one are answered by onError before next() returns,
      // so a timeout caught here is this deadline's own.
      if (!(error instanceof DatabaseTimeoutError)) throw error;
      deps.logger.warn({ path: c.req.path, deadlineMs }, "report deadline passed");
      throw reportDeadlinePassed(deadlineMs);
    }
  };
}
