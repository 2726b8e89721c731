import { type FormEvent, type RefObject, useState } from "react";
import { withTimeLimit } from "#app/lib/time-limit.ts";
import { useAuth } from "./auth-context.tsx";
import {
  fieldMessages,
  passwordResetErrorMessage,
  signInErrorMessage,
} from "./auth-error-messages.ts";
import type { AuthSession } from "./auth-session.ts";
import type { SignInFeedback } from "./sign-in-feedback.tsx";

export type SignInAction = "password" | "google" | "reset";

const LOAD_FAILED = "Sign-in couldn't load. Check your internet connection, then try again.";

/**
 * How long an action waits for the identity session to be ready: its code may stall on the
 * way (a download the browser itself never times out). The session keeps starting: trying
 * again waits for the same one.
 */
const sessionWaitLimitMs = 20_000;

/**
 * The form's three actions (password sign-in, Google sign-in, password reset), with the
 * one action under way and what the form should say. Success needs no handling here: the
 * session reports the new user and the login page moves on.
 */
export function useSignInActions(fields: {
  email: RefObject<HTMLInputElement | null>;
  password: RefObject<HTMLInputElement | null>;
}) {
  const { requestSession } = useAuth();
  const [busy, setBusy] = useState<SignInAction | null>(null);
  const [feedback, setFeedback] = useState<SignInFeedback | null>(null);

  const fail = (message: string, field?: "email" | "password") =>
    setFeedback({ kind: "error", message, field });

  /** The email field's value, or null after saying what is wrong with it. */
  function checkedEmail(missingMessage: string): string | null {
    const input = fields.email.current;
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
    action: SignInAction,
    attempt: (session: AuthSession) => Promise<void>,
    explain: (error: unknown) => SignInFeedback,
  ): Promise<boolean> {
    setBusy(action);
    setFeedback(null);
    let session: AuthSession;
    try {
      session = await withTimeLimit(requestSession(), sessionWaitLimitMs, "Sign-in");
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

  // While one action is under way the buttons stay focusable (aria-disabled): pressing one
  // again, or Enter in a field, starts nothing.
  async function signInWithPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const email = checkedEmail(fieldMessages.missingEmail);
    if (email === null) return;
    const password = fields.password.current?.value ?? "";
    if (password === "") return fail(fieldMessages.missingPassword, "password");
    await run(
      "password",
      (session) => session.signInWithPassword(email, password),
      (error) => ({ kind: "error", message: signInErrorMessage(error, "password") }),
    );
  }

  async function signInWithGoogle() {
    if (busy) return;
    await run(
      "google",
      (session) => session.signInWithGoogle(),
      (error) => ({ kind: "error", message: signInErrorMessage(error, "google") }),
    );
  }

  async function sendPasswordReset() {
    if (busy) return;
    const email = checkedEmail(fieldMessages.emailForReset);
    if (email === null) return;
    const sent: SignInFeedback = {
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

  return { busy, feedback, signInWithPassword, signInWithGoogle, sendPasswordReset };
}
