import { shortLinkShellPath } from "./public-routes.ts";

/**
 * Lazy modules of the app that a page needs as soon as it has started, by the page's path, each
 * named by importing it, so that a moved or renamed module is a compile error; the imports never
 * run: the build reads their paths from this file (build-steps/after-boot-modules.ts). The build
 * asks for them with the page's own modules at its first paint, after them and at the same low
 * priority (build-steps/boot-module-loader.ts, docs/decisions/0010), so they arrive with the app
 * instead of one request latency and download after it has started, and take no connection the
 * app's own files are waiting for. They are only downloaded: the page imports them when it needs
 * them, as before. Each comes with what it imports and what it loads itself (the identity
 * session, the signed-in visitor's account lookup: signed-in-account.ts, once a user appears).
 */
export const modulesAfterBoot: Readonly<Record<string, readonly (() => Promise<unknown>)[]>> = {
  // Signing in needs the identity SDK: a visitor whose password manager fills the form at once
  // would otherwise wait for it after the form has come alive.
  "/login": [() => import("./features/auth/firebase-auth-session.ts")],
  // A link behind sign-in is resolved with a signed-in visitor's session. An anonymous
  // visitor's public link has usually gone to its target before this page's first paint.
  [shortLinkShellPath]: [() => import("./features/auth/firebase-auth-session.ts")],
};
