import type { ApiError } from "@bakery/shared/api-contract";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** Thrown from handlers; onError turns it into `{error: {code, message}}`. */
export class ApiProblem extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  constructor(status: ContentfulStatusCode, code: string, message: string) {
    super(message);
    this.name = "ApiProblem";
    this.status = status;
    this.code = code;
  }
}

export const badRequest = (message: string) => new ApiProblem(400, "bad_request", message);
export const unauthorized = (message = "Sign-in required") =>
  new ApiProblem(401, "unauthorized", message);
export const notFound = (message = "Not found") => new ApiProblem(404, "not_found", message);

export function errorBody(code: string, message: string): ApiError {
  return { error: { code, message } };
}

export function problemResponse(c: Context, problem: ApiProblem): Response {
  if (problem.status === 401) c.header("WWW-Authenticate", 'Bearer realm="api"');
  return c.json(errorBody(problem.code, problem.message), problem.status);
}
