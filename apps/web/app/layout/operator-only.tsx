import { type ReactNode, useEffect, useState } from "react";
import { useAuth } from "#app/features/auth/auth-context.tsx";
import { myAreaHome } from "#app/features/auth/route-after-sign-in.ts";
import { FailureWithRetry, LoadingMessage } from "#app/features/dashboard/status-messages.tsx";
import { siteConfig } from "#app/site-config.ts";
import { LongWaitWayOn } from "#app/ui/after-long-wait.tsx";
import { buttonClasses } from "#app/ui/button-styles.ts";

type Access =
  | { kind: "checking" }
  | { kind: "operator" }
  | { kind: "not-operator" }
  /** `retry` asks once more for what failed: the identity SDK, or the account. */
  | { kind: "failed"; message: string; retry: () => void };

/**
 * Who may see the team's pages (/dashboard, /dashboard/activity): a signed-out visitor is
 * sent to sign in and back; a signed-in one is shown `children` only when `GET /me` (which
 * the session asks at every page load) says they are an operator, so a role taken away in
 * the database counts from the next load. Everyone else gets a plain message, and what they show is
 * never asked for. The API checks the role again on every request: this only spares
 * people a page of errors.
 */
export function OperatorOnly({ children }: { children: ReactNode }) {
  const { state, requestSession } = useAuth();
  const [sessionFailed, setSessionFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const signedOut = state?.kind === "signed-out";

  useEffect(() => {
    void attempt;
    setSessionFailed(false);
    // The identity SDK loads here even for a browser that has never signed in: this page
    // is nothing without it.
    requestSession().catch((error: unknown) => {
      console.error("Could not load sign-in", error);
      setSessionFailed(true);
    });
  }, [requestSession, attempt]);

  useEffect(() => {
    if (!signedOut) return;
    const here = window.location.pathname + window.location.search;
    // replace(): Back from the login page does not land on a page that sends it on again.
    window.location.replace(`/login?target=${encodeURIComponent(here)}`);
  }, [signedOut]);

  let access: Access = { kind: "checking" };
  if (sessionFailed) {
    access = {
      kind: "failed",
      message: "We couldn't check your sign-in. Check your connection and try again.",
      retry: () => setAttempt((count) => count + 1),
    };
  } else if (state?.kind === "signed-in" && state.account.kind === "failed") {
    access = {
      kind: "failed",
      message: state.account.message,
      retry: () => void requestSession().then((session) => session.retryAccount()),
    };
  } else if (state?.kind === "signed-in" && state.account.kind === "ready") {
    access = { kind: state.account.role === "operator" ? "operator" : "not-operator" };
  }

  if (access.kind === "operator") return children;
  if (access.kind === "not-operator") {
    return (
      <div className="rounded-2xl bg-white p-6 shadow-card">
        <p className="font-semibold text-ink text-lg">
          This page is for the {siteConfig.PRODUCT_NAME} team.
        </p>
        <p className="mt-2 text-cocoa">
          It shows how our own marketing is doing. Your bakery's account is in your area.
        </p>
        {/* A full-page link: the account lives on the my-area host. */}
        <a href={myAreaHome(siteConfig.MY_AREA_URL)} className={`mt-4 ${buttonClasses("primary")}`}>
          Go to your account
        </a>
      </div>
    );
  }
  if (access.kind === "failed") {
    return <FailureWithRetry onRetry={access.retry}>{access.message}</FailureWithRetry>;
  }
  // The identity service can take up to half a minute to give up: past 12 s, a word and a way on.
  return (
    <div className="relative min-h-80">
      <LoadingMessage>Checking your sign-in…</LoadingMessage>
      <div className="pt-4">
        <LongWaitWayOn />
      </div>
    </div>
  );
}
