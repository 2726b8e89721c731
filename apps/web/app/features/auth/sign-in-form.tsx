import { CircleAlert, Eye, EyeOff, LoaderCircle, MailCheck } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { buttonClasses } from "../../ui/button-styles.ts";
import { useAuth } from "./auth-context.tsx";
import {
  fieldMessages,
  passwordResetErrorMessage,
  signInErrorMessage,
} from "./auth-error-messages.ts";
import type { AuthSession } from "./auth-session.ts";
import { GoogleLogo } from "./google-logo.tsx";

type Action = "password" | "google" | "reset";

type Feedback =
  | { kind: "error"; message: string; field?: "email" | "password" }
  | { kind: "notice"; message: string };

const inputClass =
  "h-12 w-full rounded-xl border border-brand-200 bg-white px-4 text-base text-ink shadow-xs placeholder:text-cocoa/60 hover:border-brand-300 focus-visible:border-brand-500 aria-[invalid=true]:border-red-600";

const SESSION_ENDED = "Your session has ended. Please sign in again.";
const LOAD_FAILED = "Sign-in couldn't load. Check your internet connection, then try again.";

type SignInFormProps = {
  /** The API refused the last session: say why the user has to sign in again. */
  sessionEnded: boolean;
  /** Put the cursor in the email field (after a sign-out on this page). */
  focusOnMount: boolean;
};

/**
 * Email and password sign-in, password reset and Google sign-in. Success needs
 * no handling here: the session reports the new user and the login page moves
 * on. Until hydration the buttons stay disabled, so an early Enter can't
 * submit the form natively and put the password in the address bar.
 */
export function SignInForm({ sessionEnded, focusOnMount }: SignInFormProps) {
  const { requestSession } = useAuth();
  const [hydrated, setHydrated] = useState(false);
  const [busy, setBusy] = useState<Action | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [passwordVisible, setPasswordVisible] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const feedbackRegion = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setHydrated(true);
    if (focusOnMount) emailInput.current?.focus();
  }, [focusOnMount]);

  useEffect(() => {
    if (feedback?.kind === "error") feedbackRegion.current?.focus();
  }, [feedback]);

  const fail = (message: string, field?: "email" | "password") =>
    setFeedback({ kind: "error", message, field });

  /** The email field's value, or null after saying what is wrong with it. */
  function checkedEmail(missingMessage: string): string | null {
    const input = emailInput.current;
    if (!input || input.value.trim() === "") {
      fail(missingMessage, "email");
      return null;
    }
    if (input.validity.typeMismatch) {
      fail(fieldMessages.invalidEmail, "email");
      return null;
    }
    return input.value.trim();
  }

  /**
   * Runs one action with the busy state and error handling all actions share.
   * On success the busy state stays: a sign-in ends when the page moves on.
   */
  async function run(
    action: Action,
    attempt: (session: AuthSession) => Promise<void>,
    explain: (error: unknown) => Feedback,
  ): Promise<boolean> {
    setBusy(action);
    setFeedback(null);
    let session: AuthSession;
    try {
      session = await requestSession();
    } catch {
      setBusy(null);
      fail(LOAD_FAILED);
      return false;
    }
    try {
      await attempt(session);
      return true;
    } catch (error) {
      setBusy(null);
      setFeedback(explain(error));
      return false;
    }
  }

  async function signInWithPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = checkedEmail(fieldMessages.missingEmail);
    if (email === null) return;
    const password = passwordInput.current?.value ?? "";
    if (password === "") return fail(fieldMessages.missingPassword, "password");
    await run(
      "password",
      (session) => session.signInWithPassword(email, password),
      (error) => ({ kind: "error", message: signInErrorMessage(error) }),
    );
  }

  async function signInWithGoogle() {
    await run(
      "google",
      (session) => session.signInWithGoogle(),
      (error) => ({ kind: "error", message: signInErrorMessage(error) }),
    );
  }

  async function sendPasswordReset() {
    const email = checkedEmail(fieldMessages.emailForReset);
    if (email === null) return;
    const sent: Feedback = {
      kind: "notice",
      message: `If an account uses ${email}, we've sent it a link to reset the password. Check your inbox (and spam folder).`,
    };
    const done = await run(
      "reset",
      (session) => session.sendPasswordReset(email),
      (error) => {
        const message = passwordResetErrorMessage(error);
        return message === null ? sent : { kind: "error", message };
      },
    );
    if (done) {
      setBusy(null);
      setFeedback(sent);
    }
  }

  const disabled = !hydrated || busy !== null;
  const notice =
    feedback?.kind === "notice"
      ? feedback.message
      : sessionEnded && !feedback
        ? SESSION_ENDED
        : null;
  const invalid = (field: "email" | "password") =>
    feedback?.kind === "error" && feedback.field === field;

  return (
    <div className="flex flex-col gap-5">
      {feedback?.kind === "error" && (
        <div
          ref={feedbackRegion}
          id="sign-in-error"
          role="alert"
          tabIndex={-1}
          className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-3.5 text-red-900 text-sm outline-none"
        >
          <CircleAlert aria-hidden="true" className="mt-px size-5 shrink-0 text-red-700" />
          <p>{feedback.message}</p>
        </div>
      )}
      {notice && (
        <div
          role="status"
          className="flex items-start gap-3 rounded-xl border border-brand-200 bg-brand-50 p-3.5 text-brand-950 text-sm"
        >
          <MailCheck aria-hidden="true" className="mt-px size-5 shrink-0 text-brand-700" />
          <p>{notice}</p>
        </div>
      )}

      <form
        noValidate
        onSubmit={signInWithPassword}
        aria-busy={busy !== null}
        className="flex flex-col gap-4"
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor="sign-in-email" className="font-medium text-ink text-sm">
            Email
          </label>
          <input
            ref={emailInput}
            id="sign-in-email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            aria-invalid={invalid("email")}
            aria-describedby={invalid("email") ? "sign-in-error" : undefined}
            className={inputClass}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="sign-in-password" className="font-medium text-ink text-sm">
            Password
          </label>
          <div className="relative">
            <input
              ref={passwordInput}
              id="sign-in-password"
              name="password"
              type={passwordVisible ? "text" : "password"}
              autoComplete="current-password"
              required
              aria-invalid={invalid("password")}
              aria-describedby={invalid("password") ? "sign-in-error" : undefined}
              className={`${inputClass} pr-12`}
            />
            <button
              type="button"
              onClick={() => setPasswordVisible((visible) => !visible)}
              aria-pressed={passwordVisible}
              aria-label="Show password"
              aria-controls="sign-in-password"
              className="absolute inset-y-1 right-1 flex w-10 items-center justify-center rounded-lg text-cocoa hover:bg-brand-50 hover:text-brand-800"
            >
              {passwordVisible ? (
                <EyeOff aria-hidden="true" className="size-5" />
              ) : (
                <Eye aria-hidden="true" className="size-5" />
              )}
            </button>
          </div>
          <button
            type="button"
            onClick={sendPasswordReset}
            disabled={disabled}
            className="self-end rounded font-semibold text-brand-700 text-sm underline-offset-4 hover:text-brand-800 hover:underline disabled:cursor-not-allowed disabled:opacity-60"
          >
            {busy === "reset" ? "Sending reset email…" : "Forgot password?"}
          </button>
        </div>
        <button type="submit" disabled={disabled} className={`${buttonClasses("primary")} w-full`}>
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
        disabled={disabled}
        className={`${buttonClasses("secondary")} w-full`}
      >
        {busy === "google" ? <Spinner /> : <GoogleLogo className="size-5" />}
        {busy === "google" ? "Waiting for Google…" : "Continue with Google"}
      </button>
    </div>
  );
}

function Spinner() {
  return (
    <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
  );
}
