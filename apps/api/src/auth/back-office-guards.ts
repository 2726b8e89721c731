import type { ApiDeps } from "../api-deps.ts";
import { databaseDeadline } from "../db/database-availability.ts";
import { rateLimit } from "../limits/rate-limit.ts";
import { requireOperator } from "./require-operator.ts";

/**
 * Writes per minute per client: far more than a person saving in the back office makes, few
 * enough that a script gone wrong (or a stolen session) can't churn the links, pages or team.
 */
export const ADMIN_WRITES_PER_MINUTE = 60;

/**
 * What every back-office route set (links, pages, team) guards its routes with: the database's
 * deadline, operators only, and the writes' per-client budget. The budget is one bucket, so
 * an operator's writes count together wherever they go.
 */
export function backOfficeGuards(deps: ApiDeps) {
  return {
    query: databaseDeadline(deps.config.DATABASE_TIMEOUT_MS),
    operatorOnly: requireOperator(deps),
    writeLimit: rateLimit(deps, { bucket: "admin-writes", perMinute: ADMIN_WRITES_PER_MINUTE }),
  };
}
