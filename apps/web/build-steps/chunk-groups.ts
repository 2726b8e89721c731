import type { ModuleImport } from "./module-imports.ts";

/**
 * The client build's named chunks (vite.config.ts), each with the modules it holds: small
 * modules that, as files of their own, would each cost a page a request. vite.config.ts reads
 * this list from its source (module-imports.ts) and never imports it: Vite bundles its config
 * with everything it imports, and these imports would take the app's modules in.
 */
export const chunkGroups = {
  /**
   * The sign-in rules that /login runs before it hydrates and the identity SDK's module runs
   * before it restores a session: what to say for a sign-in error, and where a signed-in
   * visitor goes. As two files they took a round of connections of their own on a customer's
   * short link, after the SDK's module, which waits for them (docs/decisions/0019). The group
   * takes their imports along (the bundler cannot leave them out while it keeps the routes'
   * exports): the redirect-target check, which every page that loads these loads too; the API's
   * errors stay in every-page, which has them already.
   */
  "sign-in-rules": [
    () => import("../app/features/auth/auth-error-messages.ts"),
    () => import("../app/features/auth/route-after-sign-in.ts"),
  ],
  /**
   * Who the signed-in visitor is (GET /api/me), which the identity SDK's module loads only once
   * a user appears, so that /login's start-up does not evaluate the API client and its schemas
   * with the SDK. On its own it would be a file of a few hundred bytes that /login and the short
   * link's page download after the SDK (the build refuses that: SMALLEST_FILE_AFTER_BOOT), so it
   * goes with the API client it imports, which they download anyway.
   */
  "browser-api-client": [
    () => import("../app/lib/api/browser-api-client.ts"),
    () => import("../app/features/auth/signed-in-account.ts"),
  ],
  /**
   * The savings estimate that the landing and pricing pages load as they come alive, with the
   * number formatting it shares with the cake quote's summary: apart, that would be a file of a
   * few hundred bytes of its own (every-page takes only what pages load before they hydrate).
   */
  "savings-estimate": [
    () => import("../app/marketing/savings-estimate.ts"),
    () => import("../app/lib/us-number-format.ts"),
  ],
} satisfies Record<string, readonly ModuleImport[]>;
