import LoaderCircle from "lucide-react/icons/loader-circle";
import { useEffect, useRef, useState } from "react";
import { AfterLongWait, ReloadLink } from "#app/ui/after-long-wait.tsx";
import { buttonClasses } from "#app/ui/button-styles.ts";
import { GoogleLogo } from "./google-logo.tsx";
import { SignInMessages } from "./sign-in-feedback.tsx";
import { EmailField, PasswordField } from "./sign-in-fields.tsx";
import { useSignInActions } from "./use-sign-in-actions.ts";

const SESSION_ENDED = "Your session has ended. Please sign in again.";

type SignInFormProps = {
  /** The API refused the last session: say why the user has to sign in again. */
  sessionEnded: boolean;
  /** Put the cursor in the email field (after a sign-out on this page). */
  focusOnMount: boolean;
};

/**
 * Email and password sign-in, password reset and Google sign-in. Until hydration the
 * buttons stay disabled, so an early Enter can't submit the form natively and put the
 * password in the address bar.
 */
export function SignInForm({ sessionEnded, focusOnMount }: SignInFormProps) {
  const [hydrated, setHydrated] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const errorRegion = useRef<HTMLDivElement>(null);
  const { busy, feedback, signInWithPassword, signInWithGoogle, sendPasswordReset } =
    useSignInActions({ email: emailInput, password: passwordInput });

  useEffect(() => {
    setHydrated(true);
    if (focusOnMount) emailInput.current?.focus();
  }, [focusOnMount]);

  useEffect(() => {
    if (feedback?.kind === "error") errorRegion.current?.focus();
  }, [feedback]);

  // Busy, the buttons keep the keyboard's focus (aria-disabled, not disabled) and the actions
  // ignore them; before hydration they are disabled outright, so nothing submits natively.
  const unavailable = {
    disabled: !hydrated,
    "aria-disabled": busy !== null || undefined,
  };
  const error = feedback?.kind === "error" ? feedback : null;
  const notice =
    feedback?.kind === "notice"
      ? feedback.message
      : sessionEnded && !feedback
        ? SESSION_ENDED
        : null;

  return (
    <div className="flex flex-col gap-5">
      <SignInMessages error={error?.message ?? null} notice={notice} errorRef={errorRegion} />
      {hydrated ? null : <NotReadyYet />}

      <form
        noValidate
        onSubmit={signInWithPassword}
        aria-busy={busy !== null}
        className="flex flex-col gap-4"
      >
        <EmailField inputRef={emailInput} invalid={error?.field === "email"} />
        <PasswordField
          inputRef={passwordInput}
          invalid={error?.field === "password"}
          canToggle={hydrated}
        >
          <button
            type="button"
            onClick={sendPasswordReset}
            {...unavailable}
            className={`self-end rounded font-semibold text-brand-700 text-sm underline-offset-4 hover:text-brand-800 hover:underline disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
          >
            {busy === "reset" ? "Sending reset email…" : "Forgot password?"}
          </button>
        </PasswordField>
        <button type="submit" {...unavailable} className={`${buttonClasses("primary")} w-full`}>
          {busy === "password" && <Spinner />}
          {busy === "password" ? "Signing in…" : "Sign in"}
        </button>
      </form>

      <div className="flex items-center gap-3 text-cocoa text-sm">
        <span aria-hidden="true" className="h-px flex-1 bg-brand-100" />
        or
        <span aria-hidden="true" className="h-px flex-1 bg-brand-100" />
      </div>

      <button
        type="button"
        onClick={signInWithGoogle}
        {...unavailable}
        className={`${buttonClasses("secondary")} w-full`}
      >
        {busy === "google" ? <Spinner /> : <GoogleLogo className="size-5" />}
        {busy === "google" ? "Waiting for Google…" : "Continue with Google"}
      </button>
    </div>
  );
}

const noteClass = "rounded-xl border border-amber-200 bg-amber-50 p-3.5 text-amber-950 text-sm";

/**
 * Why the buttons are still grey, where that would otherwise never be said: JavaScript is
 * off (CSS alone decides), or the app's code has taken far too long to arrive.
 */
function NotReadyYet() {
  return (
    <>
      <p className={`hidden noscript:block ${noteClass}`}>
        Signing in needs JavaScript, which is turned off in this browser. Turn it on and reload the
        page.
      </p>
      <AfterLongWait>
        <p className={noteClass}>
          Sign-in is taking longer than it should to get ready; the connection may be slow. Keep
          waiting, or{" "}
          <ReloadLink className="font-semibold underline underline-offset-4">
            reload the page
          </ReloadLink>
          .
        </p>
      </AfterLongWait>
    </>
  );
}

function Spinner() {
  return (
    <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
  );
}
