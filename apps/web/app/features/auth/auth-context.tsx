import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { hasSignedInBefore } from "#app/lib/sign-in-memory.ts";
import type { AuthSession, AuthState } from "./auth-session.ts";
import { loadAuthSession } from "./load-auth-session.ts";

type AuthContextValue = {
  /** null while the session is not loaded: always so in prerendered HTML and for anonymous visitors. */
  state: AuthState | null;
  /** Loads the session if it isn't yet, and follows its state from then on. */
  requestSession: () => Promise<AuthSession>;
};

const AuthContext = createContext<AuthContextValue>({
  state: null,
  requestSession: loadAuthSession,
});

/**
 * Shares the page's sign-in state with the layout and the login page. It
 * loads the session by itself only for a browser that has signed in before;
 * everyone else gets the SDK only when a page asks (the login page does).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<AuthSession | null>(null);
  const [state, setState] = useState<AuthState | null>(null);

  // Safe to call any number of times: the session loads once.
  const requestSession = useCallback(async () => {
    const loaded = await loadAuthSession();
    setSession(loaded);
    return loaded;
  }, []);

  useEffect(() => {
    if (!hasSignedInBefore()) return;
    requestSession().catch((error: unknown) => console.error("Could not restore sign-in", error));
  }, [requestSession]);

  useEffect(() => {
    if (!session) return;
    setState(session.getState());
    return session.subscribe(setState);
  }, [session]);

  const value = useMemo(() => ({ state, requestSession }), [state, requestSession]);
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  return useContext(AuthContext);
}

export type SignedInUser = {
  email: string | null;
  /** null until the API has answered. */
  status: string | null;
  signOut: () => Promise<void>;
};

/** The signed-in user, or null when there is none (or it isn't known yet). */
export function useSignedInUser(): SignedInUser | null {
  const { state } = useAuth();
  return useMemo(() => {
    if (state?.kind !== "signed-in") return null;
    return {
      email: state.email,
      status: state.account.kind === "ready" ? state.account.status : null,
      signOut: async () => (await loadAuthSession()).signOut(),
    };
  }, [state]);
}
