import { type ActivityEntry, activityPageSchema } from "@bakery/shared/admin-activity-contract";
import { expect } from "vitest";
import type { z } from "zod";
import { expectApiError } from "./expect-api-error.ts";
import { ann, baker } from "./operator-accounts.ts";

export interface CallOptions {
  /** Whose ID token to send; null: none (signed out). Default: ann's. */
  token?: string | null;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
}

export type Call = (method: string, path: string, options?: CallOptions) => Promise<Response>;

/** Calls the API of the test server at `url` as the back office in the browser does. */
export function backOfficeClient(url: () => string) {
  const call: Call = (method, path, options = {}) => {
    const { token = ann, body, headers = {} } = options;
    return fetch(`${url()}${path}`, {
      method,
      redirect: "manual",
      headers: {
        ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  };
  return {
    call,
    /** The activity log's newest entries (of `kind`, older than the entry `before`), as operators read it. */
    activity: async (kind?: string, before?: number): Promise<ActivityEntry[]> => {
      const query = new URLSearchParams();
      if (kind !== undefined) query.set("kind", kind);
      if (before !== undefined) query.set("before", String(before));
      const response = await call("GET", `/admin/activity${query.size > 0 ? `?${query}` : ""}`);
      expect(response.status).toBe(200);
      return activityPageSchema.parse(await response.json()).entries;
    },
  };
}

/** Reads what an editor's answer carries, checked against `schema`, with its revision as ETag. */
export function revisionedAnswer<Thing extends { revision: string }>(schema: z.ZodType<Thing>) {
  return async (response: Response, status = 200): Promise<Thing> => {
    expect(response.status, await response.clone().text()).toBe(status);
    const thing = schema.parse(await response.json());
    expect(response.headers.get("etag")).toBe(`"${thing.revision}"`);
    return thing;
  };
}

/** Each of `routes` answers 401 signed out and 403 to a signed-in baker who is no operator. */
export async function expectOperatorsOnly(
  call: Call,
  routes: Array<[method: string, path: string, options: CallOptions]>,
): Promise<void> {
  for (const [method, path, options] of routes) {
    await expectApiError(
      await call(method, path, { ...options, token: null }),
      401,
      "unauthorized",
    );
    await expectApiError(await call(method, path, { ...options, token: baker }), 403, "forbidden");
  }
}
