import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { type ApiConfig, type ApiDeps, createApi } from "../app.ts";
import {
  type IdTokenVerifier,
  InvalidTokenError,
  type VerifiedUser,
} from "../auth/verify-id-token.ts";
import { type DatabaseHandle, openDatabase } from "../db/open-database.ts";
import { silentLogger } from "../logger.ts";

/** The database backends the integration suite runs against. */
export function testBackends(): Array<{ name: string; open: () => Promise<DatabaseHandle> }> {
  const backends = [{ name: "pglite", open: () => openDatabase({ dataDir: "memory" }) }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) backends.push({ name: "postgres", open: () => openDatabase({ url, poolSize: 4 }) });
  return backends;
}

export async function clearTables(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`truncate content_pages, short_links, profiles, seed_runs`);
}

export const testConfig: ApiConfig = {
  siteOrigin: "https://www.example.com",
  redirectAllowedHosts: ["www.example.com", "my.example.com", "calendly.com"],
  CORS_ORIGINS: ["https://admin.example.com"],
};

/** A JWT-shaped fake token for `uid`; the fake verifier accepts only these. */
export function fakeToken(uid: string, email = `${uid}@example.com`): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "fake" })}.${part({ uid, email })}.ok`;
}

/** Accepts tokens made by fakeToken; anything else is an invalid token. */
export const fakeVerifier: IdTokenVerifier & { calls: number } = {
  calls: 0,
  async verify(token) {
    fakeVerifier.calls += 1;
    const [, payload, signature] = token.split(".");
    if (signature !== "ok" || !payload) throw new InvalidTokenError("not a fake token");
    return JSON.parse(Buffer.from(payload, "base64url").toString()) as VerifiedUser;
  },
};

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

/** Serves createApi over real HTTP on 127.0.0.1 with an OS-chosen port. */
export async function startTestServer(
  handle: DatabaseHandle,
  overrides: Partial<ApiDeps> = {},
): Promise<TestServer> {
  const app = createApi({
    db: handle.db,
    ping: handle.ping,
    verifier: fakeVerifier,
    config: testConfig,
    logger: silentLogger,
    ...overrides,
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
