import type { UserRole } from "@bakery/shared/api-contract";
import type { SignInDestination } from "./route-after-sign-in.ts";

/** The signed-in user's profile, as `GET /me` told it. */
export type AccountState =
  | { kind: "loading" }
  /**
   * Known. When `followed`, the browser is already on its way to `destination`; a
   * destination other than "stay" that is not followed (a page reached with Back or
   * Forward) is offered as a link instead. `role` ("operator" for the team's dashboard)
   * is the database's, read at this page load.
   */
  | {
      kind: "ready";
      status: string;
      role: UserRole | null;
      destination: SignInDestination;
      followed: boolean;
    }
  | { kind: "failed"; message: string };

export type AuthState =
  /** `sessionEnded`: the API refused the last session, so the user was signed out. */
  | { kind: "signed-out"; sessionEnded: boolean }
  | { kind: "signed-in"; email: string | null; account: AccountState };

/**
 * The identity session of this page, as the UI sees it. The implementation
 * (firebase-auth-session.ts) is loaded on demand; this contract is all the
 * rest of the app depends on.
 */
export interface AuthSession {
  getState(): AuthState;
  /** Calls `listener` with every later state; returns the unsubscribe function. */
  subscribe(listener: (state: AuthState) => void): () => void;
  /** A fresh ID token for the API, or "" when signed out. */
  idToken(): Promise<string>;
  signInWithPassword(email: string, password: string): Promise<void>;
  signInWithGoogle(): Promise<void>;
  sendPasswordReset(email: string): Promise<void>;
  signOut(): Promise<void>;
  /** Asks the API for the account again after a failure. */
  retryAccount(): void;
}
