import { requestFailure } from "#app/lib/api/api-errors.ts";

/** The identity SDK's error code ("auth/…"), if the error carries one. */
function authErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

const OFFLINE =
  "We couldn't reach the sign-in service. Check your internet connection and try again.";
/** What the form says about its own fields before asking anyone. */
export const fieldMessages = {
  missingEmail: "Enter your email address.",
  invalidEmail: "Enter a valid email address, like name@bakery.com.",
  missingPassword: "Enter your password.",
  emailForReset: "Enter your email address first, then choose “Forgot password?” again.",
} as const;

const TOO_MANY =
  "Too many attempts from this device. Wait a few minutes and try again, or reset your password.";

const signInMessages: Record<string, string> = {
  // Projects with email enumeration protection answer this for both a wrong
  // password and an unknown email, so the words cover both.
  "auth/invalid-credential": "The email or password is incorrect. Check both and try again.",
  "auth/invalid-login-credentials": "The email or password is incorrect. Check both and try again.",
  "auth/wrong-password": "That password is incorrect. Try again, or choose “Forgot password?”.",
  "auth/user-not-found":
    "There's no account with this email address. Check it for typos, or book a demo to get started.",
  "auth/invalid-email": fieldMessages.invalidEmail,
  "auth/missing-email": fieldMessages.missingEmail,
  "auth/missing-password": fieldMessages.missingPassword,
  "auth/user-disabled": "This account has been turned off. Contact us to turn it back on.",
  "auth/too-many-requests": TOO_MANY,
  "auth/network-request-failed": OFFLINE,
  "auth/popup-closed-by-user":
    "The Google window was closed before sign-in finished. Try again when you're ready.",
  "auth/cancelled-popup-request":
    "The Google window was closed before sign-in finished. Try again when you're ready.",
  "auth/popup-blocked":
    "Your browser blocked the Google sign-in window. Allow pop-ups for this site and try again.",
  "auth/account-exists-with-different-credential":
    "This email already has an account that signs in another way. Sign in with your email and password.",
};

/**
 * Words for a failed sign-in, for the person at the keyboard rather than a developer. When
 * Google's sign-in fails for a reason of its own (its scripts can't be reached, say), trying
 * again may fail the same way: the words point to the other way in too.
 */
export function signInErrorMessage(error: unknown, method: "password" | "google"): string {
  const known = signInMessages[authErrorCode(error) ?? ""];
  if (known) return known;
  return method === "google"
    ? "Google sign-in didn't work this time. Try again in a moment, or sign in with your email and password."
    : "Sign-in didn't work this time. Please try again in a moment.";
}

/**
 * Words for a failed password-reset request. An unknown email is not an error
 * here: saying so would tell anyone which emails have accounts.
 */
export function passwordResetErrorMessage(error: unknown): string | null {
  switch (authErrorCode(error)) {
    case "auth/user-not-found":
      return null;
    case "auth/invalid-email":
    case "auth/missing-email":
      return fieldMessages.invalidEmail;
    case "auth/too-many-requests":
      return TOO_MANY;
    case "auth/network-request-failed":
      return OFFLINE;
    default:
      return "We couldn't send the reset email. Please try again in a moment.";
  }
}

/** Words for a failed `GET /me` right after sign-in (401/403 never get here: they leave the page). */
export function accountLoadErrorMessage(error: unknown): string {
  switch (requestFailure(error)) {
    case "timeout":
      return "You're signed in, but our server is taking too long to open your account. Please try again in a moment.";
    case "unreachable":
      return "You're signed in, but we couldn't reach our server to open your account. Check your connection and try again.";
    case "answered":
      return "You're signed in, but your account couldn't be opened just now. Please try again in a moment.";
  }
}
