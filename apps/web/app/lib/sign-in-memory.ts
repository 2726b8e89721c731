/**
 * What this browser remembers about signing in, outside the identity SDK.
 * Storage can be unavailable (private modes, blocked cookies): then nothing is
 * remembered, which only costs a returning user an SDK load or a notice.
 */

const SIGNED_IN_BEFORE_KEY = "rise:signed-in-before";
const SESSION_REJECTED_KEY = "rise:session-rejected";
/** Exported for the browser tests, which set it up as a stale memory (e2e/sign-in.spec.ts). */
export const ACCOUNT_SET_UP_KEY = "rise:account-set-up";
const STORAGE_PROBE_KEY = "rise:storage-probe";

function tryStorage<T>(use: () => T, fallback: T): T {
  try {
    return use();
  } catch {
    return fallback;
  }
}

/**
 * True once this browser has signed in and not signed out since. Pages other
 * than /login load the identity SDK only then, so anonymous visitors never
 * download it.
 */
export function hasSignedInBefore(): boolean {
  return tryStorage(() => localStorage.getItem(SIGNED_IN_BEFORE_KEY) === "1", false);
}

export function rememberSignedIn(): void {
  tryStorage(() => localStorage.setItem(SIGNED_IN_BEFORE_KEY, "1"), undefined);
}

export function forgetSignedIn(): void {
  tryStorage(() => {
    localStorage.removeItem(SIGNED_IN_BEFORE_KEY);
    localStorage.removeItem(ACCOUNT_SET_UP_KEY);
  }, undefined);
}

/**
 * True when the account this browser last read (the session's `GET /me`) was past
 * onboarding. A short link's page then asks for the link while the session asks who the
 * visitor is, instead of after (docs/decisions/0012). Rewritten by every read, forgotten
 * on sign-out.
 */
export function accountWasSetUp(): boolean {
  return tryStorage(() => localStorage.getItem(ACCOUNT_SET_UP_KEY) === "1", false);
}

export function rememberAccountSetUp(setUp: boolean): void {
  tryStorage(
    () =>
      setUp
        ? localStorage.setItem(ACCOUNT_SET_UP_KEY, "1")
        : localStorage.removeItem(ACCOUNT_SET_UP_KEY),
    undefined,
  );
}

/**
 * The API refused this browser's session (revoked, disabled, or a project
 * mismatch), or the identity service would not renew it. The browser is usually
 * on its way to /login; this mark makes that page sign out first instead of
 * asking the API again, which would loop, and say that the session has ended.
 */
export function markSessionRejected(): void {
  tryStorage(() => sessionStorage.setItem(SESSION_REJECTED_KEY, "1"), undefined);
}

/** Reads and clears the mark left by markSessionRejected. */
export function takeSessionRejected(): boolean {
  return tryStorage(() => {
    const rejected = sessionStorage.getItem(SESSION_REJECTED_KEY) === "1";
    sessionStorage.removeItem(SESSION_REJECTED_KEY);
    return rejected;
  }, false);
}

/**
 * Whether this browser lets the site keep a sign-in beyond the current page. With
 * site storage blocked the identity SDK keeps the user in memory only, so every page
 * load (a link behind sign-in, say) asks to sign in again: the login page says why.
 */
export function canKeepSignIn(): boolean {
  return tryStorage(() => {
    localStorage.setItem(STORAGE_PROBE_KEY, "1");
    localStorage.removeItem(STORAGE_PROBE_KEY);
    return true;
  }, false);
}
