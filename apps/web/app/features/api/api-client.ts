import { apiErrorSchema, movedResultSchema } from "@bakery/shared/api-contract";
import { checkRedirectTarget } from "@bakery/shared/redirect-target";
import type { z } from "zod";
import { ApiNetworkError, ApiRequestError } from "./api-errors.ts";

export { ApiNetworkError, ApiRequestError } from "./api-errors.ts";

export type ApiClientDeps = {
  baseUrl: string;
  /** The current ID token, or "" when signed out. */
  getIdToken: () => Promise<string>;
  /** Where the browser is now: origin, and path with query. */
  location: () => { origin: string; pathAndQuery: string };
  /** Full-page navigation. */
  navigate: (url: string) => void;
  fetch: typeof fetch;
};

/**
 * The one way the site talks to the API (spec §7, §8): every call carries
 * `Authorization: Bearer <token>` (empty when signed out); 401/403 send the
 * browser to sign in and back; 301 sends it to the body's location after the
 * location is checked. Both still throw, so callers stop what they were doing.
 */
export function createApiClient(deps: ApiClientDeps) {
  async function request<Schema extends z.ZodType>(
    method: "GET" | "POST",
    path: string,
    body: unknown,
    schema: Schema,
  ): Promise<z.infer<Schema>> {
    const token = await deps.getIdToken().catch(() => "");
    const headers: Record<string, string> = {
      Authorization: `Bearer ${token}`,
      Accept: "application/json",
    };
    if (method === "POST") headers["Content-Type"] = "application/json";
    let response: Response;
    try {
      response = await deps.fetch(`${deps.baseUrl.replace(/\/$/, "")}${path}`, {
        method,
        headers,
        body: method === "POST" ? JSON.stringify(body) : undefined,
        redirect: "error",
      });
    } catch (error) {
      throw new ApiNetworkError(error);
    }
    const answer: unknown = await response.json().catch(() => undefined);

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

    const here = deps.location();
    if (response.status === 401 || response.status === 403) {
      deps.navigate(`/login?target=${encodeURIComponent(here.pathAndQuery)}`);
    } else if (response.status === 301) {
      const moved = movedResultSchema.safeParse(answer);
      const checked = moved.success
        ? checkRedirectTarget(moved.data.location, { siteOrigin: here.origin, allowedHosts: [] })
        : undefined;
      if (checked?.ok) deps.navigate(checked.url);
    }
    const error = apiErrorSchema.safeParse(answer);
    throw error.success
      ? new ApiRequestError(response.status, error.data.error.code, error.data.error.message)
      : new ApiRequestError(
          response.status,
          `http_${response.status}`,
          response.statusText || "Request failed",
        );
  }

  return {
    /** GET `path`; the answer is checked against `schema`. */
    get: <Schema extends z.ZodType>(path: string, schema: Schema) =>
      request("GET", path, undefined, schema),
    /** POST `body` as JSON to `path`; the answer is checked against `schema`. */
    post: <Schema extends z.ZodType>(path: string, body: unknown, schema: Schema) =>
      request("POST", path, body, schema),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
