import type { Health } from "@bakery/shared/api-contract";
import type { Hono } from "hono";
import type { ApiDeps } from "../api-deps.ts";
import { withDeadline } from "../db/database-availability.ts";
import { databaseUnavailable } from "./errors.ts";

export function registerHealthRoutes(app: Hono, deps: ApiDeps): void {
  const ok: Health = { status: "ok" };

  // Liveness: the process answers. Never touches the database, so a database outage
  // doesn't get healthy instances restarted.
  app.get("/health", (c) => c.json(ok, 200));

  // Readiness: take traffic only while the database answers.
  app.get("/ready", async (c) => {
    try {
      await withDeadline(() => deps.ping(), deps.config.DATABASE_TIMEOUT_MS);
    } catch (error) {
      deps.logger.warn({ err: error }, "readiness check failed");
      throw databaseUnavailable();
    }
    return c.json(ok, 200);
  });
}
