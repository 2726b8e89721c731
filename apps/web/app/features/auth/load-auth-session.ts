import type { AuthSession } from "./auth-session.ts";
import { hasSignedInBefore } from "./sign-in-memory.ts";

let session: Promise<AuthSession> | undefined;

/**
 * Loads the identity SDK and starts this page's session, once. Callers decide
 * when: /login always, other pages only for a browser that has signed in
 * before, so an anonymous visitor's pages never fetch the SDK.
 */
export function loadAuthSession(): Promise<AuthSession> {
  session ??= import("./firebase-auth-session.ts")
    .then((module) => module.startAuthSession())
    .catch((error: unknown) => {
      // Let a later call try again (e.g. the chunk failed to download offline).
      session = undefined;
      throw error;
    });
  return session;
}

/**
 * The API client's ID-token source. A browser that has signed in before waits
 * for its session to be restored, so a page's first API call (a short link
 * behind sign-in, say) goes out signed in rather than bouncing to /login.
 */
export async function idTokenForApi(): Promise<string> {
  if (!session && !hasSignedInBefore()) return "";
  return (await loadAuthSession()).idToken();
}
