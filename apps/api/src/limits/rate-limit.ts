import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import type { ApiConfig } from "../app.ts";
import { withDeadline } from "../db/database-availability.ts";
import type { Database } from "../db/open-database.ts";
import { countRequest, deleteExpiredWindows } from "../db/rate-limits.ts";
import { rateLimited } from "../http-errors.ts";
import { requestClient } from "./client-address.ts";

export interface RateLimitDeps {
  db: Database;
  logger: Logger;
  config: Pick<ApiConfig, "TRUST_PROXY" | "DATABASE_TIMEOUT_MS">;
}

export interface RateLimit {
  bucket: string;
  perMinute: number;
}

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** About one request in this many also deletes expired windows, so the table stays small without a cron job. */
const CLEANUP_EVERY = 100;

/**
 * Counts one request of `client` against `limit` (per one-minute window) and says whether
 * it may go on. Counted in the database so the limit holds across API instances. If the
 * database is down the count fails, and the caller answers the same 503 its own work
 * would have given.
 */
export async function countClientRequest(
  deps: RateLimitDeps,
  limit: RateLimit,
  client: string,
): Promise<RateLimitDecision> {
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
  return window.count > limit.perMinute
    ? { allowed: false, retryAfterSeconds: window.retryAfterSeconds }
    : { allowed: true };
}

/**
 * A route whose every request counts against `limit`: over it, 429 with Retry-After,
 * before the route does any work. Routes that answer over-limit requests in their own
 * way (short links) call countClientRequest themselves instead.
 */
export function rateLimit(deps: RateLimitDeps, limit: RateLimit): MiddlewareHandler {
  return async (c, next) => {
    const client = requestClient(c, deps.config.TRUST_PROXY);
    const decision = await countClientRequest(deps, limit, client);
    if (!decision.allowed) throw rateLimited(decision.retryAfterSeconds);
    await next();
  };
}
