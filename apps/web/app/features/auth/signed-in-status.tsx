import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import CircleUserRound from "lucide-react/icons/circle-user-round";
import LoaderCircle from "lucide-react/icons/loader-circle";
import { useEffect, useRef, useState } from "react";
import { buttonClasses } from "#app/ui/button-styles.ts";
import { useAuth } from "./auth-context.tsx";
import type { AccountState } from "./auth-session.ts";

const destinationWords = {
  onboarding: "Taking you to onboarding…",
  target: "Taking you back to your page…",
  "my-area-home": "Taking you to your account…",
  stay: "You're signed in.",
} as const;

/** A destination the page offers rather than follows (it was reached with Back or Forward). */
const offeredWords = {
  onboarding: "Continue to onboarding",
  target: "Back to your page",
  "my-area-home": "Go to your account",
} as const;

/**
 * The login page while a user is signed in: who, what happens next (the
 * session sends the browser on as soon as the API has answered), and a way
 * to sign out, or to retry when the API could not be reached.
 */
export function SignedInStatus({
  email,
  account,
}: {
  email: string | null;
  account: AccountState;
}) {
  const { requestSession } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  const region = useRef<HTMLDivElement>(null);

  // Signing in swaps the form for this panel: keep keyboard focus on the page.
  useEffect(() => {
    if (document.activeElement === document.body) region.current?.focus();
  }, []);

  async function signOut() {
    setSigningOut(true);
    try {
      await (await requestSession()).signOut();
    } catch (error) {
      console.error("Could not sign out", error);
      setSigningOut(false);
    }
  }

  return (
    <div ref={region} tabIndex={-1} className="flex flex-col gap-5 outline-none">
      <div className="flex items-center gap-3 rounded-2xl bg-brand-50 p-4">
        <CircleUserRound aria-hidden="true" className="size-8 shrink-0 text-brand-700" />
        <div className="min-w-0">
          <p className="text-cocoa text-sm">Signed in as</p>
          <p className="font-semibold text-ink [overflow-wrap:anywhere]">
            {email ?? "your account"}
          </p>
        </div>
      </div>

      {account.kind === "failed" ? (
        <div className="flex flex-col gap-3">
          <div
            role="alert"
            className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-3.5 text-red-900 text-sm"
          >
            <CircleAlert aria-hidden="true" className="mt-px size-5 shrink-0 text-red-700" />
            <p>{account.message}</p>
          </div>
          <button
            type="button"
            onClick={() => void requestSession().then((session) => session.retryAccount())}
            className={`${buttonClasses("primary")} w-full`}
          >
            Try again
          </button>
        </div>
      ) : account.kind === "ready" && account.destination.kind !== "stay" && !account.followed ? (
        <div className="flex flex-col gap-3">
          <p className="text-ink">You're signed in.</p>
          <a href={account.destination.url} className={`${buttonClasses("primary")} w-full`}>
            {offeredWords[account.destination.kind]}
          </a>
        </div>
      ) : (
        <p role="status" className="flex items-center gap-3 text-ink">
          <LoaderCircle
            aria-hidden="true"
            className="size-5 shrink-0 animate-spin text-brand-700 motion-reduce:animate-none"
          />
          {account.kind === "ready"
            ? destinationWords[account.destination.kind]
            : "Opening your account…"}
        </p>
      )}

      <button
        type="button"
        onClick={signOut}
        disabled={signingOut}
        className={`${buttonClasses("secondary")} w-full`}
      >
        {signingOut ? "Signing out…" : "Sign out"}
      </button>
    </div>
  );
}
