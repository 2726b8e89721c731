import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import type { ApiConfig } from "../app.ts";
import { withDeadline } from "../db/database-availability.ts";
import type { Database } from "../db/open-database.ts";
import { countRequest, deleteExpiredWindows } from "../db/rate-limits.ts";
import { rateLimited } from "../http-errors.ts";
import { clientAddress, peerAddress } from "./client-address.ts";

export interface RateLimitDeps {
  db: Database;
  logger: Logger;
  config: Pick<ApiConfig, "TRUST_PROXY" | "DATABASE_TIMEOUT_MS">;
}

/** About one request in this many also deletes expired windows, so the table stays small without a cron job. */
const CLEANUP_EVERY = 100;

/**
 * Limits each client to `perMinute` requests of `bucket` per one-minute window, counted in
 * the database so the limit holds across API instances. Over the limit: 429 with
 * Retry-After, before the route does any work. If the database is down the count fails,
 * and the request gets the same 503 the route itself would have given.
 */
export function rateLimit(
  deps: RateLimitDeps,
  limit: { bucket: string; perMinute: number },
): MiddlewareHandler {
  return async (c, next) => {
    const client = clientAddress(
      peerAddress(c),
      c.req.header("X-Forwarded-For"),
      deps.config.TRUST_PROXY,
    );
    const window = await withDeadline(
      countRequest(deps.db, limit.bucket, client),
      deps.config.DATABASE_TIMEOUT_MS,
    );
    if (Math.random() * CLEANUP_EVERY < 1) {
      // Off the request's path: nobody waits for it, and a failure only delays the clean-up.
      deleteExpiredWindows(deps.db).catch((error: unknown) => {
        deps.logger.warn({ err: error }, "could not delete expired rate-limit windows");
      });
    }
    if (window.count > limit.perMinute) throw rateLimited(window.retryAfterSeconds);
    await next();
  };
}
