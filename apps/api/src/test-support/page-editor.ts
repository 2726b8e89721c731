import { type ActivityEntry, activityPageSchema } from "@bakery/shared/admin-activity-contract";
import { type AdminPage, adminPageSchema } from "@bakery/shared/admin-pages-contract";
import { expect } from "vitest";
import type { DatabaseHandle } from "../db/open-database.ts";
import { profiles } from "../db/schema.ts";
import { fakeToken } from "./test-server.ts";

/** Two operators and a signed-in baker who is not one, as the page editor's tests use them. */
export const ann = fakeToken("op-1", "ann@example.com");
export const bob = fakeToken("op-2", "bob@example.com");
export const baker = fakeToken("baker-1");

export const seedPageEditors = (handle: DatabaseHandle) =>
  handle.db.insert(profiles).values([
    { uid: "op-1", email: "ann@example.com", status: "active", role: "operator" },
    { uid: "op-2", email: "bob@example.com", status: "active", role: "operator" },
    { uid: "baker-1", email: "baker-1@example.com", status: "active" },
  ]);

export interface CallOptions {
  /** Whose ID token to send; null: none (signed out). Default: ann's. */
  token?: string | null;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** Calls the API of the test server at `url` as the page editor in the browser does. */
export function pageEditorClient(url: () => string) {
  const call = (method: string, path: string, options: CallOptions = {}) => {
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
    put: (handle: string, body: unknown, headers: Record<string, string> = {}, token = ann) =>
      call("PUT", `/admin/pages/${handle}`, { body, headers, token }),
    /** The page a response carries, checked against the contract, with its revision as ETag. */
    pageOf: async (response: Response, status = 200): Promise<AdminPage> => {
      expect(response.status, await response.clone().text()).toBe(status);
      const page = adminPageSchema.parse(await response.json());
      expect(response.headers.get("etag")).toBe(`"${page.revision}"`);
      return page;
    },
    /** The activity log's newest entries (of `kind`), as operators read it. */
    activity: async (kind?: string): Promise<ActivityEntry[]> => {
      const response = await call("GET", `/admin/activity${kind ? `?kind=${kind}` : ""}`);
      expect(response.status).toBe(200);
      return activityPageSchema.parse(await response.json()).entries;
    },
  };
}
