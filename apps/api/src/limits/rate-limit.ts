import type { MiddlewareHandler } from "hono";
import type { ApiConfig } from "../api-deps.ts";
import { rateLimited } from "../http/errors.ts";
import { requestClient } from "./client-address.ts";
import type { RateLimiter } from "./rate-limiter.ts";

export interface RateLimitDeps {
  limiter: RateLimiter;
  config: Pick<ApiConfig, "TRUST_PROXY">;
}

/**
 * A route whose every request counts against `perMinute` requests of `bucket` per
 * client: over it, 429 with Retry-After, before the route does any work. Short links
 * answer over-limit requests their own way, so followShortLink counts them itself.
 */
export function rateLimit(
  deps: RateLimitDeps,
  limit: { bucket: string; perMinute: number },
): MiddlewareHandler {
  return async (c, next) => {
    const client = requestClient(c, deps.config.TRUST_PROXY);
    const decision = deps.limiter.hit(limit.bucket, client, limit.perMinute);
    if (!decision.allowed) throw rateLimited(decision.retryAfterSeconds);
    await next();
  };
}
