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
  const popup = window.location.pathname === "/login" ? googlePopup() : undefined;
  popup?.catch(() => undefined); // said when the visitor chooses Google, not before
  return new FirebaseAuthSession(auth, popup, await restoreSession(auth));
}

/** How the last session of this browser ended, as the page starts. */
interface Restored {
  /** It was refused or ended: a page that sends the visitor to sign in says so. */
  sessionEnded: boolean;
  /** Signed in here and never signed out, yet not restored: the SDK could not renew it. */
  sessionExpired: boolean;
}

/** Waits for the SDK to restore the user, and notes how the last session ended. */
async function restoreSession(auth: Auth): Promise<Restored> {
  const signedInBefore = hasSignedInBefore();
  const rejected = takeSessionRejected();
  await auth.authStateReady();
  if (rejected) await signOut(auth);
  const sessionExpired = signedInBefore && !rejected && !auth.currentUser;
  // Kept for the next page too: this page is often about to send the visitor to sign
  // in (a link behind sign-in answers 401), and by then "signed in before" is forgotten.
  if (sessionExpired) markSessionRejected();
  return { sessionEnded: rejected || sessionExpired, sessionExpired };
}

/** The session's state and what changes it: the SDK's user, the API's account, the visitor. */
class FirebaseAuthSession implements AuthSession {
  readonly #auth: Auth;
  #popup: Promise<Auth> | undefined;
  #sessionEnded: boolean;
  #sessionExpired: boolean;
  #state: AuthState;
  readonly #listeners = new Set<(state: AuthState) => void>();
  /**
   * Each account load gets a number, so a late answer for a user who has since signed out (or
   * been replaced) is dropped.
   */
  #accountLoad = 0;
  /** undefined until the first user (or absence of one) has been handled. */
  #currentUid: string | null | undefined;
  /**
   * A session restored on a page reached with Back or Forward is not sent on: Back would bring
   * the visitor to a page that forwards them again, and again. Nor on a page the visitor opened
   * from their own area (a link there to the site): it would put another copy of where they
   * came from in their history, and the page they asked for would never show. The page offers
   * the way instead. Whoever signs in from here on is sent on as usual.
   */
  #sendOn = !reachedThroughHistory() && !openedFromMyArea();

  constructor(auth: Auth, popup: Promise<Auth> | undefined, restored: Restored) {
    this.#auth = auth;
    this.#popup = popup;
    this.#sessionEnded = restored.sessionEnded;
    this.#sessionExpired = restored.sessionExpired;
    this.#state = { kind: "signed-out", sessionEnded: this.#sessionEnded };
    // Handled now rather than on the listener's first call, so the session never reports
    // "signed out" for a user it has already restored.
    this.#userChanged(auth.currentUser);
    this.#sendOn = true;
    onAuthStateChanged(auth, (user) => this.#userChanged(user));
  }

  #setState(next: AuthState) {
    this.#state = next;
    for (const listener of this.#listeners) listener(next);
  }

  #userChanged(user: User | null) {
    // The listener also reports the user already handled at start: only a different user is news.
    if ((user?.uid ?? null) === this.#currentUid) return;
    this.#currentUid = user?.uid ?? null;
    if (user) {
      rememberSignedIn();
      this.#sessionEnded = false;
      this.#sessionExpired = false;
      void this.#loadAccount(user);
    } else {
      this.#accountLoad++;
      forgetSignedIn();
      this.#setState({ kind: "signed-out", sessionEnded: this.#sessionEnded });
    }
  }

  /** Asks the API who `user` is, then sends them on where routeAfterSignIn says (spec §4). */
  async #loadAccount(user: User) {
    const load = ++this.#accountLoad;
    const follow = this.#sendOn;
    this.#setState({ kind: "signed-in", email: user.email, account: { kind: "loading" } });
    try {
      const { fetchSignedInAccount } = await import("./signed-in-account.ts").catch(
        (cause: unknown) => {
          throw new ApiNetworkError(cause);
        },
      );
      const me = await fetchSignedInAccount();
      if (load !== this.#accountLoad) return markAccountSettled("ignored");
      rememberAccountSetUp(!needsOnboarding(me.user.profile.status));
      const destination = routeAfterSignIn({
        status: me.user.profile.status,
        target: new URLSearchParams(window.location.search).get("target"),
        currentPath: window.location.pathname,
        siteOrigin: window.location.origin,
        myAreaUrl: siteConfig.MY_AREA_URL,
      });
      const followed = follow && destination.kind !== "stay";
      const { status, role } = me.user.profile;
      this.#setState({
        kind: "signed-in",
        email: me.user.email ?? user.email,
        account: { kind: "ready", status, role, destination, followed },
      });
      markAccountSettled(follow ? destination.kind : "stay");
      // replace(): Back from the destination skips the page that only passed the visitor on.
      if (followed) window.location.replace(destination.url);
    } catch (error) {
      if (load === this.#accountLoad) await this.#accountFailed(user, error);
    }
  }

  async #accountFailed(user: User, error: unknown) {
    if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) {
      // The API client is already taking the browser to /login.
      markSessionRejected();
      this.#sessionEnded = true;
      await signOut(this.#auth);
      return;
    }
    console.error("Could not load the signed-in account", error);
    this.#setState({
      kind: "signed-in",
      email: user.email,
      account: { kind: "failed", message: accountLoadErrorMessage(error) },
    });
  }

  getState(): AuthState {
    return this.#state;
  }

  subscribe(listener: (state: AuthState) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async idToken(): Promise<string> {
    await this.#auth.authStateReady();
    if (this.#auth.currentUser) {
      try {
        return await this.#auth.currentUser.getIdToken();
      } catch (error) {
        if ((error as { code?: unknown }).code === "auth/network-request-failed") throw error;
        // The SDK could not renew the token and has dropped the user.
        this.#sessionExpired = true;
      }
    }
    // A /login this call leads to (a 401) says why the visitor must sign in again.
    if (this.#sessionExpired) markSessionRejected();
    return "";
  }

  async signInWithPassword(email: string, password: string): Promise<void> {
    await signInWithEmailAndPassword(this.#auth, email, password);
  }

  async signInWithGoogle(): Promise<void> {
    this.#popup ??= googlePopup();
    const popupAuth = await this.#popup.catch((error: unknown) => {
      this.#popup = undefined; // the next try loads Google's script again
      throw error;
    });
    const provider = new GoogleAuthProvider();
    provider.setCustomParameters({ prompt: "select_account" });
    const credential = GoogleAuthProvider.credentialFromResult(
      await signInWithPopup(popupAuth, provider),
    );
    if (!credential) throw new Error("Google's answer carried no credential");
    // The session's own sign-in, with the account Google just vouched for.
    await signInWithCredential(this.#auth, credential);
    void signOut(popupAuth);
  }

  async sendPasswordReset(email: string): Promise<void> {
    // The email's "continue" button brings the user back here to sign in.
    await sendPasswordResetEmail(this.#auth, email, {
      url: new URL("/login", window.location.origin).href,
    });
  }

  async signOut(): Promise<void> {
    await signOut(this.#auth);
  }

  retryAccount(): void {
    if (this.#auth.currentUser) void this.#loadAccount(this.#auth.currentUser);
  }
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
