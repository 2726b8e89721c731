import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { currentRequestId, runInRequest } from "../logger.ts";

export const REQUEST_ID_HEADER = "X-Request-Id";

/**
 * A caller's (or load balancer's) id is kept so one request can be followed across
 * systems, but only when it is short and plain: it goes into every log line and header.
 */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * Gives every request an id, answers it in X-Request-Id and puts it in every log line
 * written while the request is answered. Mounted both around the whole server and on
 * the API itself (which tests and serverless hosts run alone); the outer one wins.
 */
export function requestIdMiddleware(): MiddlewareHandler {
  return async (c, next) => {
    if (currentRequestId() !== undefined) return next();
    const incoming = c.req.header(REQUEST_ID_HEADER);
    const requestId = incoming && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    // Before the handler, so the response is born with it (see securityHeadersMiddleware).
    c.header(REQUEST_ID_HEADER, requestId);
    await runInRequest(requestId, next);
    // A response made without the context (CORS preflight) skipped the header above.
    if (!c.res.headers.has(REQUEST_ID_HEADER)) c.header(REQUEST_ID_HEADER, requestId);
  };
}
