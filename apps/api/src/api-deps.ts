import type { Logger } from "pino";
import type { IdentityAccounts } from "./auth/identity-accounts.ts";
import type { IdTokenVerifier } from "./auth/verify-id-token.ts";
import type { ServerConfig } from "./config.ts";
import type { ContentPageStore } from "./content-pages/content-page-store.ts";
import type { Database } from "./db/open-database.ts";
import type { RateLimiter } from "./limits/rate-limiter.ts";
import type { ShortLinkStore } from "./short-links/short-link-store.ts";

// The API's inputs live apart from app.ts, which composes the routes: routes and stores
// import these types from here, so nothing imports the module that imports it.

/** The settings the API itself reads (a subset of ServerConfig, easy to build in tests). */
export type ApiConfig = Pick<
  ServerConfig,
  | "siteOrigin"
  | "redirectAllowedHosts"
  | "CORS_ORIGINS"
  | "TRUST_PROXY"
  | "RATE_LIMIT_REDIRECT_PER_MINUTE"
  | "RATE_LIMIT_EVENTS_PER_MINUTE"
  | "DATABASE_TIMEOUT_MS"
  | "STRIPE_WEBHOOK_SECRET"
  | "CALENDLY_WEBHOOK_SIGNING_KEY"
  | "browserBookingsCount"
  | "ATTRIBUTION_NEW_NAMES_PER_DAY"
  | "REPORT_DEADLINE_MS"
  // The placeholders a page's source may use (placeholdersFromConfig), for the page editor.
  | "COMPANY_NAME"
  | "COMPANY_ADDRESS"
  | "CONTACT_EMAIL"
  | "PRODUCT_NAME"
  | "SITE_URL"
>;

export interface ApiDeps {
  db: Database;
  /** Readiness probe: rejects when the database can't be reached. */
  ping: () => Promise<void>;
  verifier: IdTokenVerifier;
  /** The identity service's accounts, for giving the operator role by e-mail (the team screen). */
  identity: IdentityAccounts;
  /** Per-client limits, shared with the site's /to redirect and the CSP report route. */
  limiter: RateLimiter;
  /** Short-link reads and click counts, shared with the site's /to redirect. */
  shortLinks: ShortLinkStore;
  /** Content-page reads, shared with the site's answer at /page/:handle. */
  contentPages: ContentPageStore;
  config: ApiConfig;
  logger: Logger;
  /** Where the API is mounted, for the servers entry of GET /openapi.json (default "/api"). */
  apiBasePath?: string;
}
