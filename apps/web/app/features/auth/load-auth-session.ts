import { hasSignedInBefore } from "#app/lib/sign-in-memory.ts";
import { withTimeLimit } from "#app/lib/time-limit.ts";
import type { AuthSession, AuthState } from "./auth-session.ts";

let session: Promise<AuthSession> | undefined;

/**
 * The identity SDK not downloaded by then has failed: the sign-in form says sign-in couldn't
 * load, a page waiting on it goes on without it. A module download has no limit of its own.
 */
const loadLimitMs = 20_000;

/**
 * Loads the identity SDK and starts this page's session, once. Callers decide
 * when: /login always, other pages only for a browser that has signed in
 * before, so an anonymous visitor's pages never fetch the SDK.
 */
export function loadAuthSession(): Promise<AuthSession> {
  // Only the download is limited: a module that arrives late has done nothing, while a
  // session started late would be a second one. The SDK limits its own requests.
  session ??= withTimeLimit(import("./firebase-auth-session.ts"), loadLimitMs, "Sign-in")
    // Started in a task of its own: evaluating the SDK's module and starting it in one go
    // is one task longer than a tap should wait on a slow phone, on /login just as the form
    // comes alive.
    .then(nextTask)
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

/**
 * Whether the restored session is taking a signed-in visitor elsewhere (spec §4:
 * pending and quote profiles to onboarding), once the API has said who they are.
 * A page that would send the visitor somewhere itself asks this first, so one rule,
 * routeAfterSignIn, decides (docs/decisions/0012). False for anonymous browsers
 * at once, and when the session or the account could not be loaded.
 */
export async function sessionIsLeavingPage(): Promise<boolean> {
  if (!session && !hasSignedInBefore()) return false;
  // Without the identity SDK (its download failed) there is no session to defer to.
  const loaded = await loadAuthSession().catch(() => undefined);
  if (!loaded) return false;
  return new Promise((resolve) => {
    const settle = (state: AuthState): boolean => {
      if (state.kind === "signed-in" && state.account.kind === "loading") return false;
      // Followed, not only known: a page reached with Back is not sent on, and must then do its
      // own job rather than wait for a departure that never comes.
      resolve(
        state.kind === "signed-in" && state.account.kind === "ready" && state.account.followed,
      );
      return true;
    };
    if (settle(loaded.getState())) return;
    const unsubscribe = loaded.subscribe((state) => {
      if (settle(state)) unsubscribe();
    });
  });
}

/** Resolves with `value` in a later task, so that the browser may handle input in between. */
function nextTask<T>(value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value)));
}
