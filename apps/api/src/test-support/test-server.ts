import type { AddressInfo } from "node:net";
import type { ApiConfig, ApiDeps } from "../api-deps.ts";
import { createApi } from "../app.ts";
import {
  type IdTokenVerifier,
  InvalidTokenError,
  type VerifiedUser,
} from "../auth/verify-id-token.ts";
import type { DatabaseHandle } from "../db/open-database.ts";
import { moveShortLink, putShortLink } from "../db/short-links.ts";
import { listenHttp } from "../http-server.ts";
import { createRateLimiter } from "../limits/rate-limiter.ts";
import { createShortLinkStore } from "../links/short-link-store.ts";
import { silentLogger } from "../logger.ts";

export const testConfig: ApiConfig = {
  siteOrigin: "https://www.example.com",
  redirectAllowedHosts: ["www.example.com", "my.example.com", "calendly.com"],
  CORS_ORIGINS: ["https://admin.example.com"],
  TRUST_PROXY: 0,
  RATE_LIMIT_REDIRECT_PER_MINUTE: 120,
  RATE_LIMIT_EVENTS_PER_MINUTE: 20,
  DATABASE_TIMEOUT_MS: 1000,
  STRIPE_WEBHOOK_SECRET: "whsec_test_secret",
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
  port: number;
  /** Writes what the instance keeps in memory for a while (clicks, rate-limit counts) now. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Serves createApi over real HTTP on 127.0.0.1 with an OS-chosen port, with the server's real limits. */
export async function startTestServer(
  handle: DatabaseHandle,
  overrides: Partial<ApiDeps> = {},
): Promise<TestServer> {
  const db = overrides.db ?? handle.db;
  const config = overrides.config ?? testConfig;
  const limiter = overrides.limiter ?? createRateLimiter({ db, logger: silentLogger, config });
  // Tests change links between requests and read click counts right after a request.
  const shortLinks =
    overrides.shortLinks ??
    createShortLinkStore({ db, logger: silentLogger, config, cacheMs: 0, flushEveryMs: 0 });
  const app = createApi({
    db,
    ping: handle.ping,
    verifier: fakeVerifier,
    limiter,
    shortLinks,
    config,
    logger: silentLogger,
    // Tests change pages between requests and expect to see it at once.
    contentPageCacheMs: 0,
    ...overrides,
  });
  const http = await listenHttp(app, { hostname: "127.0.0.1", port: 0 });
  const { port } = http.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    flush: async () => {
      await shortLinks.flush();
      await limiter.sync();
    },
    close: async () => {
      await http.close();
      // Like main.ts: the last counts go to the database after the last request.
      if (!overrides.shortLinks) await shortLinks.close();
      if (!overrides.limiter) await limiter.close();
    },
  };
}

/**
 * Rate limits count per wall-clock minute; a test that needs N requests in one window
 * waits out the last few seconds of a minute rather than straddle two windows.
 */
export async function waitForFreshRateLimitWindow(needSeconds = 15): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needSeconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 250));
}

/**
 * The short links the API and site tests start from: a public link, one elsewhere on
 * the allow-list, one behind sign-in, and one moved (promo/old → promo/new).
 */
export async function putTestShortLinks(handle: DatabaseHandle): Promise<void> {
  const links = [
    { cat: "promo", id: "spring", target: "/book-demo?utm_source=sms", signInRequired: false },
    {
      cat: "partner",
      id: "calendar",
      target: "https://calendly.com/rise/demo",
      signInRequired: false,
    },
    {
      cat: "account",
      id: "billing",
      target: "https://my.example.com/billing",
      signInRequired: true,
    },
    { cat: "promo", id: "old", target: "/pricing", signInRequired: false },
  ];
  for (const link of links) await putShortLink(handle.db, link);
  await moveShortLink(handle.db, { cat: "promo", id: "old" }, { cat: "promo", id: "new" });
}
