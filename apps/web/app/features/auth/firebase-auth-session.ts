import { authEmulatorOrigin } from "@bakery/shared/identity-service";
import { initializeApp } from "firebase/app";
import {
  type Auth,
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  type Dependencies,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  inMemoryPersistence,
  onAuthStateChanged,
  sendPasswordResetEmail,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  type User,
} from "firebase/auth";
import { ApiNetworkError, ApiRequestError } from "#app/lib/api/api-errors.ts";
import {
  forgetSignedIn,
  hasSignedInBefore,
  markSessionRejected,
  rememberAccountSetUp,
  rememberSignedIn,
  takeSessionRejected,
} from "#app/lib/sign-in-memory.ts";
import { withTimeLimit } from "#app/lib/time-limit.ts";
import { siteConfig } from "#app/site-config.ts";
import { accountLoadErrorMessage } from "./auth-error-messages.ts";
import type { AuthSession, AuthState } from "./auth-session.ts";
import {
  needsOnboarding,
  routeAfterSignIn,
  type SignInDestination,
} from "./route-after-sign-in.ts";

/**
 * The page's identity session on the Firebase JS SDK. This module is the only
 * one that imports the SDK, and it is only ever loaded with a dynamic import
 * (load-auth-session.ts), so the SDK stays out of every page's first load; the
 * pages that need it as soon as they run download it with their own code
 * (app/modules-after-boot.ts).
 *
 * When a user appears (restored at page load, or just signed in) it asks the
 * API who they are (signed-in-account.ts, loaded then) and applies routeAfterSignIn (spec §4).
 */
export async function startAuthSession(): Promise<AuthSession> {
  const auth = createAuth();
  // On /login, Google's popup gets ready while the visitor reads the form (see googlePopup).
  let popup = window.location.pathname === "/login" ? googlePopup() : undefined;
  popup?.catch(() => undefined); // said when the visitor chooses Google, not before
  const signedInBefore = hasSignedInBefore();
  let sessionEnded = takeSessionRejected();
  await auth.authStateReady();
  if (sessionEnded) await signOut(auth);
  // Signed in here and never signed out, yet the SDK restored no user: it could not
  // renew the session (its refresh was refused). The visitor is told so when a page
  // sends them to sign in again.
  let sessionExpired = signedInBefore && !sessionEnded && !auth.currentUser;
  if (sessionExpired) {
    sessionEnded = true;
    // Kept for the next page too: this page is often about to send the visitor to sign
    // in (a link behind sign-in answers 401), and by then "signed in before" is forgotten.
    markSessionRejected();
  }

  // A session restored on a page reached with Back or Forward is not sent on: Back would
  // bring the visitor to a page that forwards them again, and again. Nor on a page the visitor
  // opened from their own area (a link there to the site): it would put another copy of
  // where they came from in their history, and the page they asked for would never show. The
  // page offers the way instead. Whoever signs in from here on is sent on as usual.
  let sendOn = !reachedThroughHistory() && !openedFromMyArea();

  let state: AuthState = { kind: "signed-out", sessionEnded };
  const listeners = new Set<(state: AuthState) => void>();
  function setState(next: AuthState) {
    state = next;
    for (const listener of listeners) listener(next);
  }

  // Each account load gets a number, so a late answer for a user who has
  // since signed out (or been replaced) is dropped.
  let accountLoad = 0;
  /** undefined until the first user (or absence of one) has been handled. */
  let currentUid: string | null | undefined;

  async function loadAccount(user: User) {
    const load = ++accountLoad;
    const follow = sendOn;
    setState({ kind: "signed-in", email: user.email, account: { kind: "loading" } });
    try {
      const { fetchSignedInAccount } = await import("./signed-in-account.ts").catch(
        (cause: unknown) => {
          throw new ApiNetworkError(cause);
        },
      );
      const me = await fetchSignedInAccount();
      if (load !== accountLoad) return markAccountSettled("ignored");
      rememberAccountSetUp(!needsOnboarding(me.user.profile.status));
      const destination = routeAfterSignIn({
        status: me.user.profile.status,
        target: new URLSearchParams(window.location.search).get("target"),
        currentPath: window.location.pathname,
        siteOrigin: window.location.origin,
        myAreaUrl: siteConfig.MY_AREA_URL,
      });
      setState({
        kind: "signed-in",
        email: me.user.email ?? user.email,
        account: {
          kind: "ready",
          status: me.user.profile.status,
          role: me.user.profile.role,
          destination,
          followed: follow && destination.kind !== "stay",
        },
      });
      markAccountSettled(follow ? destination.kind : "stay");
      // replace(): Back from the destination skips the page that only passed the visitor on.
      if (follow && destination.kind !== "stay") window.location.replace(destination.url);
    } catch (error) {
      if (load !== accountLoad) return;
      if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) {
        // The API client is already taking the browser to /login.
        markSessionRejected();
        sessionEnded = true;
        await signOut(auth);
        return;
      }
      console.error("Could not load the signed-in account", error);
      setState({
        kind: "signed-in",
        email: user.email,
        account: { kind: "failed", message: accountLoadErrorMessage(error) },
      });
    }
  }

  function userChanged(user: User | null) {
    // The listener also reports the user already handled at start: only a
    // different user is news.
    if ((user?.uid ?? null) === currentUid) return;
    currentUid = user?.uid ?? null;
    if (user) {
      rememberSignedIn();
      sessionEnded = false;
      sessionExpired = false;
      void loadAccount(user);
    } else {
      accountLoad++;
      forgetSignedIn();
      setState({ kind: "signed-out", sessionEnded });
    }
  }

  // Handled now rather than on the listener's first call, so the session never
  // reports "signed out" for a user it has already restored.
  userChanged(auth.currentUser);
  sendOn = true;
  onAuthStateChanged(auth, userChanged);

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async idToken() {
      await auth.authStateReady();
      if (auth.currentUser) {
        try {
          return await auth.currentUser.getIdToken();
        } catch (error) {
          if ((error as { code?: unknown }).code === "auth/network-request-failed") throw error;
          // The SDK could not renew the token and has dropped the user.
          sessionExpired = true;
        }
      }
      // A /login this call leads to (a 401) says why the visitor must sign in again.
      if (sessionExpired) markSessionRejected();
      return "";
    },
    async signInWithPassword(email, password) {
      await signInWithEmailAndPassword(auth, email, password);
    },
    async signInWithGoogle() {
      popup ??= googlePopup();
      const popupAuth = await popup.catch((error: unknown) => {
        popup = undefined; // the next try loads Google's script again
        throw error;
      });
      const provider = new GoogleAuthProvider();
      provider.setCustomParameters({ prompt: "select_account" });
      const credential = GoogleAuthProvider.credentialFromResult(
        await signInWithPopup(popupAuth, provider),
      );
      if (!credential) throw new Error("Google's answer carried no credential");
      // The session's own sign-in, with the account Google just vouched for.
      await signInWithCredential(auth, credential);
      void signOut(popupAuth);
    },
    async sendPasswordReset(email) {
      // The email's "continue" button brings the user back here to sign in.
      await sendPasswordResetEmail(auth, email, {
        url: new URL("/login", window.location.origin).href,
      });
    },
    async signOut() {
      await signOut(auth);
    },
    retryAccount() {
      if (auth.currentUser) void loadAccount(auth.currentUser);
    },
  };
}

/**
 * Marks <html data-account-settled> with what the session did with the last `/me`
 * answer (a destination kind, or "ignored" for a user who has since left): from then
 * on no navigation of the session's own can follow. Browser tests wait for it.
 */
function markAccountSettled(outcome: SignInDestination["kind"] | "ignored") {
  document.documentElement.dataset.accountSettled = outcome;
}

/** This document was opened from a page of the customers' own area (MY_AREA_URL's site). */
function openedFromMyArea(): boolean {
  try {
    return new URL(document.referrer).origin === new URL(siteConfig.MY_AREA_URL).origin;
  } catch {
    return false; // no referrer
  }
}

/** This document was reached with Back or Forward (not restored from the back/forward cache). */
function reachedThroughHistory(): boolean {
  const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  return navigation?.type === "back_forward";
}

/** The session's identity: no Google script in its way, so email sign-in never waits for one. */
function createAuth(): Auth {
  return connectedAuth(undefined, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
  });
}

/** How long Google's script loader may take before "Continue with Google" says it didn't work. */
const GOOGLE_SCRIPT_LIMIT_MS = 15_000;
const GOOGLE_SCRIPT_URL = "https://apis.google.com/js/api.js";

/**
 * A second identity instance, only for Google's popup; the session then signs in with the
 * credential it brings back. Safari and phones block a popup opened after a wait, so the SDK
 * prepares its popup helper (Google's script and a frame) as soon as the instance exists, and
 * waits for that before it does anything else. On the session's own instance that wait held
 * email sign-in up too, without end when Google's host stalls (the SDK sets no time limit on
 * its script loader). Here it holds only this popup, which is created once Google's loader
 * has arrived, within a time limit.
 */
function googlePopup(): Promise<Auth> {
  return withTimeLimit(loadGoogleScript(), GOOGLE_SCRIPT_LIMIT_MS, "Google's sign-in script").then(
    () =>
      connectedAuth("google-popup", {
        persistence: inMemoryPersistence,
        popupRedirectResolver: browserPopupRedirectResolver,
      }),
  );
}

function loadGoogleScript(): Promise<void> {
  const ready = () => typeof (window as { gapi?: { load?: unknown } }).gapi?.load === "function";
  if (ready()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = GOOGLE_SCRIPT_URL;
    script.onload = () => (ready() ? resolve() : reject(new Error("Google's script did not load")));
    script.onerror = () => reject(new Error("Google's script did not load"));
    document.head.append(script);
  });
}

/** An identity instance of the site's project (a second, named one for the popup), on the emulator locally. */
function connectedAuth(name: string | undefined, dependencies: Dependencies): Auth {
  const app = initializeApp(
    {
      apiKey: siteConfig.FIREBASE_API_KEY,
      authDomain: siteConfig.FIREBASE_AUTH_DOMAIN,
      projectId: siteConfig.FIREBASE_PROJECT_ID,
    },
    name,
  );
  const auth = initializeAuth(app, dependencies);
  if (siteConfig.FIREBASE_AUTH_EMULATOR_HOST) {
    connectAuthEmulator(auth, authEmulatorOrigin(siteConfig.FIREBASE_AUTH_EMULATOR_HOST), {
      disableWarnings: true,
    });
  }
  return auth;
}
