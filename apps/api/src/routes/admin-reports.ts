import { funnelQuerySchema, linksQuerySchema } from "@bakery/shared/admin-contract";
import type { Hono } from "hono";
import type { ApiDeps } from "../api-deps.ts";
import { requireOperator } from "../auth/require-operator.ts";
import { databaseDeadline } from "../db/database-availability.ts";
import { funnelReport } from "../db/funnel-report.ts";
import { linksReport } from "../db/links-report.ts";
import { parseOrBadRequest } from "../validation.ts";

/** The marketing dashboard's reports (`/admin/*`), for operators only. */
export function registerAdminReportRoutes(app: Hono, deps: ApiDeps): void {
  const query = databaseDeadline(deps.config.DATABASE_TIMEOUT_MS);
  app.use("/admin/*", requireOperator(deps));

  app.get("/admin/funnel", async (c) => {
    const range = parseOrBadRequest(funnelQuerySchema, c.req.query());
    return c.json(await query(funnelReport(deps.db, range)), 200);
  });

  app.get("/admin/links", async (c) => {
    const range = parseOrBadRequest(linksQuerySchema, c.req.query());
    return c.json(await query(linksReport(deps.db, range)), 200);
  });
}
