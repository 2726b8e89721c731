import type { Context } from "hono";
import { ApiProblem, badRequest } from "./errors.ts";

/**
 * The request's JSON body, unchecked: 415 when it is not sent as JSON, 400 when it doesn't
 * parse. `what` names it in the 415's message ("the link").
 */
export async function jsonBody(c: Context, what: string): Promise<unknown> {
  if (!/^application\/json\s*(;|$)/i.test(c.req.header("Content-Type") ?? "")) {
    throw new ApiProblem(415, "unsupported_media_type", `Send ${what} as application/json`);
  }
  return c.req.json().catch(() => {
    throw badRequest("The body is not valid JSON");
  });
}
