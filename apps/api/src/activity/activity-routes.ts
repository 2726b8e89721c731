import { activityQuerySchema } from "@bakery/shared/admin-activity-contract";
import type { Hono } from "hono";
import type { ApiDeps } from "../api-deps.ts";
import { requireOperator } from "../auth/require-operator.ts";
import { databaseDeadline } from "../db/database-availability.ts";
import { parseOrBadRequest } from "../http/validation.ts";
import { listActivity } from "./read-activity.ts";

/**
 * The activity log for operators, newest first, a page at a time. Read only, on purpose: there
 * is no route that edits or deletes an entry, so the log says what happened whoever asks.
 */
export function registerActivityRoutes(app: Hono, deps: ApiDeps): void {
  const query = databaseDeadline(deps.config.DATABASE_TIMEOUT_MS);
  app.get("/admin/activity", requireOperator(deps), async (c) => {
    const page = parseOrBadRequest(activityQuerySchema, c.req.query());
    return c.json(await query(() => listActivity(deps.db, page)), 200);
  });
}
