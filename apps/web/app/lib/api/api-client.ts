import { apiErrorSchema, movedResultSchema } from "@bakery/shared/api-contract";
import { sameOriginPath } from "@bakery/shared/redirect-target";
import type { z } from "zod";
import { API_TIMEOUT_MS, apiAddress } from "./api-address.ts";
import { ApiNetworkError, ApiRequestError } from "./api-errors.ts";

export { ApiNetworkError, ApiRequestError } from "./api-errors.ts";

type Method = "GET" | "POST" | "PUT" | "DELETE";

/**
 * The version a write is made on (RFC 9110 §13.1): If-Match names the revision it replaces,
 * If-None-Match: * creates only, so two people editing one thing never overwrite each other.
 */
export type Conditions = { "If-Match"?: string; "If-None-Match"?: "*" };

export type ApiClientDeps = {
  baseUrl: string;
  /** The current ID token, or "" when signed out. */
  getIdToken: () => Promise<string>;
  /** Where the browser is now: origin, and path with query. */
  location: () => { origin: string; pathAndQuery: string };
  /**
   * Full-page navigation that continues the visitor's flow (to sign in, to a moved
   * thing): it replaces the current history entry, so Back skips the hop.
   */
  navigate: (url: string) => void;
  fetch: typeof fetch;
  /** Milliseconds each request may take, the answer's body included; API_TIMEOUT_MS by default. */
  timeoutMs?: number;
};

/** One call: sent (or `started` already), its answer checked against `schema`, its failure said. */
async function request<Schema extends z.ZodType>(
  deps: ApiClientDeps,
  method: Method,
  path: string,
  body: unknown,
  schema: Schema,
  started?: Promise<Response>,
  conditions: Conditions = {},
): Promise<z.infer<Schema>> {
  const here = deps.location();
  const signInAgain = `/login?target=${encodeURIComponent(here.pathAndQuery)}`;
  let response: Response;
  let answer: unknown;
  try {
    response = await (started ?? send(deps, method, path, body, conditions));
    answer = await response.json().catch((error: unknown) => {
      // A body cut off by the timeout is no answer; any other unreadable body is a bad one.
      if (error instanceof DOMException && error.name === "TimeoutError") throw error;
      return undefined;
    });
  } catch (error) {
    throw new ApiNetworkError(error);
  }

  if (response.ok) {
    const parsed = schema.safeParse(answer);
    if (!parsed.success)
      throw new ApiRequestError(
        response.status,
        "bad_response",
        "Unexpected answer from the server",
      );
    return parsed.data;
  }

  let leavingPage = false;
  if (response.status === 401 || response.status === 403) {
    deps.navigate(signInAgain);
    leavingPage = true;
  } else if (response.status === 301) {
    const moved = movedResultSchema.safeParse(answer);
    const movedTo = moved.success ? sameOriginPath(moved.data.location, here.origin) : undefined;
    if (movedTo !== undefined) {
      deps.navigate(movedTo);
      leavingPage = true;
    }
  }
  const error = apiErrorSchema.safeParse(answer);
  throw error.success
    ? new ApiRequestError(
        response.status,
        error.data.error.code,
        error.data.error.message,
        leavingPage,
      )
    : new ApiRequestError(
        response.status,
        `http_${response.status}`,
        response.statusText || "Request failed",
        leavingPage,
      );
}

async function send(
  deps: ApiClientDeps,
  method: Method,
  path: string,
  body: unknown,
  conditions: Conditions,
): Promise<Response> {
  // No token (the identity SDK failed to load): the call goes out signed out.
  const token = await deps.getIdToken().catch(() => "");
  const headers: Record<string, string> = {
    Authorization: `Bearer ${token}`,
    Accept: "application/json",
    ...conditions,
  };
  const withBody = method === "POST" || method === "PUT";
  if (withBody) headers["Content-Type"] = "application/json";
  return deps.fetch(apiAddress(deps.baseUrl, path), {
    method,
    headers,
    body: withBody ? JSON.stringify(body) : undefined,
    redirect: "error",
    signal: AbortSignal.timeout(deps.timeoutMs ?? API_TIMEOUT_MS),
  });
}

/**
 * The one way the site talks to the API (spec §7, §8): every call carries
 * `Authorization: Bearer <token>` (empty when signed out); 401/403 send the
 * browser to sign in and back; 301 sends it to the body's location after the
 * location is checked. Both still throw, so callers stop what they were doing.
 * Every request ends: one that gets no answer in time fails as ApiNetworkError.
 */
export function createApiClient(deps: ApiClientDeps) {
  return {
    /**
     * GET `path`; the answer is checked against `schema`. `started`: this very request, already
     * sent (signed out, with its own time limit) before the app ran; its answer or failure is
     * handled as if this call had sent it.
     */
    get: <Schema extends z.ZodType>(path: string, schema: Schema, started?: Promise<Response>) =>
      request(deps, "GET", path, undefined, schema, started),
    /**
     * POST `body` as JSON to `path`, on `conditions` when the action changes one version of
     * something (a page's move or restore); the answer is checked against `schema`.
     */
    post: <Schema extends z.ZodType>(
      path: string,
      body: unknown,
      schema: Schema,
      conditions: Conditions = {},
    ) => request(deps, "POST", path, body, schema, undefined, conditions),
    /** PUT `body` as JSON to `path` on `conditions` (If-Match, If-None-Match); checked as get's. */
    put: <Schema extends z.ZodType>(
      path: string,
      body: unknown,
      schema: Schema,
      conditions: Conditions,
    ) => request(deps, "PUT", path, body, schema, undefined, conditions),
    /**
     * DELETE `path` on `conditions`; resolves when the API answers with success. The caller
     * gives the schema of a 204's body (z.undefined()), so zod's runtime stays out of the pages
     * that only read.
     */
    delete: <Schema extends z.ZodType>(path: string, schema: Schema, conditions: Conditions) =>
      request(deps, "DELETE", path, undefined, schema, undefined, conditions),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
