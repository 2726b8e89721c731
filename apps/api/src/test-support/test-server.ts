import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SPA_FALLBACK_FILE } from "@bakery/shared/build-files";
import type { Hono } from "hono";
import { onTestFinished } from "vitest";
import type { ApiConfig, ApiDeps } from "../api-deps.ts";
import { createApi } from "../app.ts";
import { type IdentityAccounts, IdentityLookupFailed } from "../auth/identity-accounts.ts";
import {
  type IdTokenVerifier,
  InvalidTokenError,
  type VerifiedUser,
} from "../auth/verify-id-token.ts";
import { loadServerConfig, type ServerConfig } from "../config.ts";
import { createContentPageStore } from "../content-pages/content-page-store.ts";
import type { DatabaseHandle } from "../db/open-database.ts";
import { listenHttp } from "../http/server.ts";
import { createRateLimiter } from "../limits/rate-limiter.ts";
import { createLocalApp } from "../local-app.ts";
import { silentLogger } from "../logger.ts";
import { moveShortLink, putShortLink } from "../short-links/short-link-queries.ts";
import { createShortLinkStore } from "../short-links/short-link-store.ts";

export const testConfig: ApiConfig = {
  siteOrigin: "https://www.example.com",
  redirectAllowedHosts: ["www.example.com", "my.example.com", "calendly.com"],
  CORS_ORIGINS: ["https://admin.example.com"],
  TRUST_PROXY: 0,
  RATE_LIMIT_REDIRECT_PER_MINUTE: 120,
  RATE_LIMIT_EVENTS_PER_MINUTE: 20,
  DATABASE_TIMEOUT_MS: 1000,
  STRIPE_WEBHOOK_SECRET: "whsec_test_secret",
  CALENDLY_WEBHOOK_SIGNING_KEY: "calendly_test_signing_key",
  // As in production with the key set: the provider's webhook is the record of bookings.
  browserBookingsCount: false,
  ATTRIBUTION_NEW_NAMES_PER_DAY: 1000,
  REPORT_DEADLINE_MS: 5000,
  COMPANY_NAME: "Test Bakery Co.",
  COMPANY_ADDRESS: "1 Test Street, Testville",
  CONTACT_EMAIL: "hello@example.com",
  PRODUCT_NAME: "Rise",
  SITE_URL: "https://www.example.com",
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

/** No identity service: every lookup fails as if it couldn't be reached. Tests of the team give one. */
const unreachable = () =>
  Promise.reject(
    new IdentityLookupFailed("unreachable", "no identity service", {
      cause: new Error("this test server has no identity service"),
    }),
  );
export const noIdentityService: IdentityAccounts = { find: unreachable, invite: unreachable };

export interface TestServer {
  url: string;
  port: number;
  /** The app it serves. */
  app: Hono;
  /** Writes what the instance keeps in memory for a while (clicks, rate-limit counts) now. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Serves createApi over real HTTP on 127.0.0.1 with an OS-chosen port, with the server's real limits. */
export function startTestServer(
  handle: DatabaseHandle,
  overrides: Partial<ApiDeps> = {},
): Promise<TestServer> {
  return serveForTest(handle, overrides, createApi);
}

export interface LocalTestServerOptions extends Partial<Omit<ApiDeps, "config">> {
  /** Over the local configuration and testConfig. */
  config?: Partial<ServerConfig>;
  /** What the site answers for every page: the build's SPA fallback. */
  sitePage: string;
  /** More prerendered pages by site path ("/to/not-found"), written as path/index.html. */
  otherPages?: Record<string, string>;
  /** Files at the top of the build folder (CONTENT_PAGE_TEMPLATE_FILE), by name. */
  buildFiles?: Record<string, string>;
}

/**
 * Serves the local server's routing (createLocalApp: the API under /api, the /to redirect,
 * the site) like startTestServer, over a small site build made for the test.
 */
export async function startLocalTestServer(
  handle: DatabaseHandle,
  {
    sitePage,
    otherPages = {},
    buildFiles = {},
    config: configOverrides,
    ...overrides
  }: LocalTestServerOptions,
): Promise<TestServer> {
  const siteRoot = mkdtempSync(path.join(tmpdir(), "local-test-site-"));
  writeFileSync(path.join(siteRoot, SPA_FALLBACK_FILE), sitePage);
  for (const [pagePath, html] of Object.entries(otherPages)) {
    mkdirSync(path.join(siteRoot, pagePath), { recursive: true });
    writeFileSync(path.join(siteRoot, pagePath, "index.html"), html);
  }
  for (const [name, text] of Object.entries(buildFiles)) {
    writeFileSync(path.join(siteRoot, name), text);
  }
  const config: ServerConfig = {
    ...loadServerConfig({}),
    ...testConfig,
    ...configOverrides,
    WEB_BUILD_DIR: siteRoot,
  };
  try {
    const server = await serveForTest(handle, { ...overrides, config }, (deps) =>
      createLocalApp({ ...deps, config }),
    );
    return {
      ...server,
      close: async () => {
        await server.close();
        rmSync(siteRoot, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(siteRoot, { recursive: true, force: true });
    throw error;
  }
}

async function serveForTest(
  handle: DatabaseHandle,
  overrides: Partial<ApiDeps>,
  compose: (deps: ApiDeps) => Hono,
): Promise<TestServer> {
  const db = overrides.db ?? handle.db;
  const config = overrides.config ?? testConfig;
  const limiter =
    overrides.limiter ??
    createRateLimiter({ db, logger: silentLogger, config, now: rateLimitClock });
  // Tests change links between requests and read click counts right after a request.
  const shortLinks =
    overrides.shortLinks ??
    createShortLinkStore({ db, logger: silentLogger, config, cacheMs: 0, flushEveryMs: 0 });
  const app = compose({
    db,
    ping: handle.ping,
    verifier: fakeVerifier,
    identity: noIdentityService,
    limiter,
    shortLinks,
    // Tests change pages between requests and expect to see it at once.
    contentPages: createContentPageStore({ db, config, cacheMs: 0 }),
    config,
    logger: silentLogger,
    ...overrides,
  });
  const http = await listenHttp(app, { hostname: "127.0.0.1", port: 0 });
  const { port } = http.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    app,
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

let rateLimitClockStoppedAt: number | undefined;

/** The clock the test servers' rate limiters read: the wall clock, unless a test stopped it. */
export const rateLimitClock = (): number => rateLimitClockStoppedAt ?? Date.now();

/**
 * Rate limits count per wall-clock minute. A test that needs N requests in one window
 * stops its limiters' clock until it ends, so its requests never straddle two windows
 * however slow the machine is.
 */
export function stopRateLimitClock(): void {
  rateLimitClockStoppedAt = Date.now();
  onTestFinished(() => {
    rateLimitClockStoppedAt = undefined;
  });
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
