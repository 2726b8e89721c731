import { existsSync } from "node:fs";
import path from "node:path";
import {
  ConfigError,
  chatAndEmulatorProblems,
  commaList,
  isLocalIdentityProject,
  parseEnv,
  publicConfigFields,
  siteUrlFollowsPort,
  withEmulatorHostDefault,
} from "@bakery/shared/config";
import { redirectAllowedHosts } from "@bakery/shared/redirect-target";
import { z } from "zod";

/** The monorepo root (apps/api/src → ../../..), used for defaults that live there. */
export const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");

const originList = commaList.pipe(
  z.array(
    z
      .string()
      .regex(
        /^https?:\/\/[^/\s]+$/i,
        "must be a comma list of origins like https://www.example.com",
      )
      .transform((origin) => new URL(origin).origin),
  ),
);

/** Server-only settings. Never sent to browsers. */
export const serverConfigSchema = z
  .object({
    ...publicConfigFields,
    HOST: z.string().trim().min(1).default("127.0.0.1"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    DATA_DIR: z.string().trim().min(1).default(path.join(REPO_ROOT, ".data")),
    DB_SOCKET_PORT: z.coerce.number().int().min(0).max(65535).default(5433),
    CORS_ORIGINS: originList,
    WEB_BUILD_DIR: z.string().trim().min(1).default(path.join(REPO_ROOT, "apps/web/build/client")),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    /** Readable log lines instead of JSON; unset means yes in local mode, no in production. */
    LOG_PRETTY: z.enum(["0", "1"]).optional(),
    /**
     * How many proxies (load balancers) in front of the API append to X-Forwarded-For. 0: the
     * header is ignored and the client is the connection's peer address. Any other value
     * trusts exactly that many entries from the right, so a client can't forge its address.
     */
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    RATE_LIMIT_REDIRECT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    RATE_LIMIT_EVENTS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    /** A page with a broken policy reports each violation once per load; more is a flood. */
    RATE_LIMIT_CSP_REPORTS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    /** Longest a request waits on one database call before answering 503. */
    DATABASE_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    /**
     * The signing secret of the payment provider's webhook endpoint (POST /api/webhooks/stripe).
     * Local mode has LOCAL_STRIPE_WEBHOOK_SECRET by default; unset in production, the
     * endpoint answers 503 and the provider keeps retrying until it is set.
     */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .trim()
      .regex(/^whsec_[A-Za-z0-9_]+$/, "must be the endpoint's signing secret, whsec_…")
      .optional(),
    /**
     * The signing key of the scheduling provider's webhook subscription (POST
     * /api/webhooks/calendly). Local mode has LOCAL_CALENDLY_WEBHOOK_SIGNING_KEY by default;
     * unset in production, the endpoint answers 503 and the browser's reports of bookings count.
     */
    CALENDLY_WEBHOOK_SIGNING_KEY: z
      .string()
      .trim()
      .min(16, "must be the webhook subscription's signing key (16 characters or more)")
      .optional(),
    /** Days the marketing counts (landings, bookings, checkouts, visit references) are kept. */
    ATTRIBUTION_RETENTION_DAYS: z.coerce.number().int().min(31).max(3650).default(400),
    /**
     * New source, medium or campaign names a day may bring, each: landings under names past it
     * are counted under "Other", so anonymous landings can't grow the reports without bound.
     */
    ATTRIBUTION_NEW_NAMES_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(1000),
    /** Longest an operator's report may take before it answers 503 with Retry-After. */
    REPORT_DEADLINE_MS: z.coerce.number().int().min(100).max(14_000).default(5000),
  })
  .transform(siteUrlFollowsPort);

/** Local mode's webhook signing secret: test events are signed with it (never in production). */
export const LOCAL_STRIPE_WEBHOOK_SECRET = "whsec_local_demo_only";

/** Local mode's scheduling webhook signing key: test events are signed with it (never in production). */
export const LOCAL_CALENDLY_WEBHOOK_SIGNING_KEY = "calendly_local_demo_only";

type ParsedServerEnv = z.infer<typeof serverConfigSchema>;

export type AppMode = "local" | "production";

export interface ServerConfig extends Omit<ParsedServerEnv, "LOG_PRETTY"> {
  /** Readable log lines (LOG_PRETTY, by default in local mode) instead of JSON. */
  LOG_PRETTY: boolean;
  /**
   * "local" when FIREBASE_PROJECT_ID starts with "demo-" (Firebase's own convention for
   * emulator-only projects, which can never hold real users); "production" otherwise.
   */
  mode: AppMode;
  /** Where the API is mounted on the local server: the path part of API_BASE_URL. */
  apiBasePath: string;
  /** REDIRECT_ALLOWED_HOSTS plus the site's own host and MY_AREA_URL's host. */
  redirectAllowedHosts: string[];
  /** The site's origin (from SITE_URL), which same-origin redirect paths resolve against. */
  siteOrigin: string;
  /**
   * Whether a booking the browser reported counts before the scheduling provider confirms it:
   * yes in local mode and where the provider's webhook has no signing key (production without
   * CALENDLY_WEBHOOK_SIGNING_KEY); no where the signed webhook is the record (decision 0021).
   */
  browserBookingsCount: boolean;
}

type Env = Record<string, string | undefined>;

/**
 * `purpose: "static-build"`: for writing the static site's host configurations, which
 * never open the database, so production mode doesn't need DATABASE_URL there.
 */
export function loadServerConfig(
  env: Env,
  options: { purpose?: "serve" | "static-build" } = {},
): ServerConfig {
  const parsed = parseEnv(serverConfigSchema, env);
  const mode: AppMode = isLocalIdentityProject(parsed.FIREBASE_PROJECT_ID) ? "local" : "production";
  const problems = chatAndEmulatorProblems(parsed);

  if (mode === "production" && !parsed.DATABASE_URL && options.purpose !== "static-build") {
    // Without it the data would silently go to an embedded database in a local folder.
    problems.push(
      `DATABASE_URL: required in production (FIREBASE_PROJECT_ID=${parsed.FIREBASE_PROJECT_ID}); without it the data would go to a local folder`,
    );
  }
  if (mode === "production" && parsed.STRIPE_WEBHOOK_SECRET === LOCAL_STRIPE_WEBHOOK_SECRET) {
    problems.push(
      "STRIPE_WEBHOOK_SECRET: the local demo secret is public; set the endpoint's own signing secret",
    );
  }
  if (
    mode === "production" &&
    parsed.CALENDLY_WEBHOOK_SIGNING_KEY === LOCAL_CALENDLY_WEBHOOK_SIGNING_KEY
  ) {
    problems.push(
      "CALENDLY_WEBHOOK_SIGNING_KEY: the local demo key is public; set the webhook subscription's own signing key",
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const site = new URL(parsed.SITE_URL);
  const apiBase = parsed.API_BASE_URL.startsWith("/")
    ? parsed.API_BASE_URL
    : new URL(parsed.API_BASE_URL).pathname;

  return {
    ...withEmulatorHostDefault(parsed),
    STRIPE_WEBHOOK_SECRET:
      parsed.STRIPE_WEBHOOK_SECRET ?? (mode === "local" ? LOCAL_STRIPE_WEBHOOK_SECRET : undefined),
    CALENDLY_WEBHOOK_SIGNING_KEY:
      parsed.CALENDLY_WEBHOOK_SIGNING_KEY ??
      (mode === "local" ? LOCAL_CALENDLY_WEBHOOK_SIGNING_KEY : undefined),
    browserBookingsCount: mode === "local" || !parsed.CALENDLY_WEBHOOK_SIGNING_KEY,
    LOG_PRETTY: parsed.LOG_PRETTY === undefined ? mode === "local" : parsed.LOG_PRETTY === "1",
    DATA_DIR: path.resolve(parsed.DATA_DIR),
    WEB_BUILD_DIR: path.resolve(parsed.WEB_BUILD_DIR),
    mode,
    apiBasePath: apiBase.replace(/\/+$/, ""),
    siteOrigin: site.origin,
    redirectAllowedHosts: redirectAllowedHosts(parsed),
  };
}

/**
 * Loads the repo-root .env into process.env (existing variables win). Skipped under
 * NODE_ENV=test so a developer's .env can't point test runs at their own database.
 */
export function loadDotEnv(file = path.join(REPO_ROOT, ".env")): void {
  if (process.env.NODE_ENV === "test") return;
  if (existsSync(file)) process.loadEnvFile(file);
}

/** For entry points: load and validate, or print every bad value and exit 1. */
export function loadServerConfigOrExit(env: Env = process.env): ServerConfig {
  try {
    return loadServerConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
