import type { ApiError } from "@bakery/shared/api-contract";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** Thrown from handlers; onError turns it into `{error: {code, message}}`. */
export class ApiProblem extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  /** Extra response headers, e.g. Retry-After on 429 and 503. */
  readonly headers: Record<string, string>;
  constructor(
    status: ContentfulStatusCode,
    code: string,
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiProblem";
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

export const badRequest = (message: string) => new ApiProblem(400, "bad_request", message);
export const unauthorized = (message = "Sign-in required") =>
  new ApiProblem(401, "unauthorized", message);
export const forbidden = (message: string) => new ApiProblem(403, "forbidden", message);
export const notFound = (message = "Not found") => new ApiProblem(404, "not_found", message);
/** `use`: the methods to suggest in words; `allow`: every method the address accepts. */
export const methodNotAllowed = (
  method: string,
  use: readonly string[],
  allow: readonly string[],
) =>
  new ApiProblem(
    405,
    "method_not_allowed",
    `This address doesn't accept ${method}; use ${use.join(" or ")}`,
    { Allow: allow.join(", ") },
  );
/** Something that has ended for good (an expired short link without a fallback). */
export const gone = (message: string) => new ApiProblem(410, "gone", message);
/** The write would undo what is there now (e.g. create over an existing link without If-Match). */
export const conflict = (message: string) => new ApiProblem(409, "conflict", message);
/** The version the editor saw is no longer the one stored (If-Match, If-None-Match). */
export const preconditionFailed = (message: string) =>
  new ApiProblem(412, "precondition_failed", message);
/** A write that must name the version it changes (If-Match) and didn't. */
export const preconditionRequired = (message: string) =>
  new ApiProblem(428, "precondition_required", message);
/** Well-formed, but what it asks for can't be stored (a destination off the allow-list). */
export const unprocessableContent = (message: string) =>
  new ApiProblem(422, "unprocessable_content", message);
export const payloadTooLarge = (maxBytes: number) =>
  new ApiProblem(413, "payload_too_large", `The request body must be at most ${maxBytes} bytes`);
export const rateLimited = (retryAfterSeconds: number) =>
  new ApiProblem(
    429,
    "rate_limited",
    `Too many requests; try again in ${retryAfterSeconds} seconds`,
    { "Retry-After": String(retryAfterSeconds) },
  );

/** How long clients should wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const databaseUnavailable = () =>
  new ApiProblem(
    503,
    "service_unavailable",
    "The service is temporarily unavailable; try again shortly",
    { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
  );

/**
 * A report (`/admin/*`) that was not ready within its deadline (REPORT_DEADLINE_MS): the
 * request ends rather than holding the operator, and a database connection, any longer.
 */
export const reportDeadlinePassed = (deadlineMs: number) =>
  new ApiProblem(
    503,
    "service_unavailable",
    `The report was not ready within ${deadlineMs / 1000} seconds; try again in a moment, or ask for a shorter range`,
    { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
  );

export function errorBody(code: string, message: string): ApiError {
  return { error: { code, message } };
}

export function problemResponse(c: Context, problem: ApiProblem): Response {
  if (problem.status === 401) c.header("WWW-Authenticate", 'Bearer realm="api"');
  for (const [name, value] of Object.entries(problem.headers)) c.header(name, value);
  return c.json(errorBody(problem.code, problem.message), problem.status);
}
