import { describe, expect, it } from "vitest";
import { ApiNetworkError, ApiRequestError } from "#app/lib/api/api-errors.ts";
import {
  accountLoadErrorMessage,
  passwordResetErrorMessage,
  signInErrorMessage,
} from "./auth-error-messages.ts";

/** What the SDK throws: a FirebaseError with a code. */
const authError = (code: string) =>
  Object.assign(new Error(`Firebase: Error (${code}).`), { code });

describe("signInErrorMessage", () => {
  it.each([
    ["auth/invalid-credential", /email or password is incorrect/],
    ["auth/wrong-password", /password is incorrect/],
    ["auth/user-not-found", /no account with this email/],
    ["auth/too-many-requests", /Too many attempts/],
    ["auth/network-request-failed", /internet connection/],
    ["auth/popup-closed-by-user", /Google window was closed/],
    ["auth/popup-blocked", /Allow pop-ups/],
    ["auth/invalid-email", /valid email address/],
    ["auth/missing-password", /Enter your password/],
    ["auth/user-disabled", /turned off/],
  ])("explains %s in words", (code, words) => {
    const message = signInErrorMessage(authError(code), "password");
    expect(message).toMatch(words);
    expect(message).not.toContain("auth/");
    expect(message).not.toContain("Firebase");
  });

  it("has a calm fallback for anything else, which points a failed Google sign-in to the form", () => {
    for (const error of [authError("auth/internal-error"), new Error("boom"), undefined, "x"]) {
      expect(signInErrorMessage(error, "password")).toBe(
        "Sign-in didn't work this time. Please try again in a moment.",
      );
      expect(signInErrorMessage(error, "google")).toBe(
        "Google sign-in didn't work this time. Try again in a moment, or sign in with your email and password.",
      );
    }
  });
});

describe("passwordResetErrorMessage", () => {
  it("does not reveal whether an email has an account", () => {
    expect(passwordResetErrorMessage(authError("auth/user-not-found"))).toBeNull();
  });

  it.each([
    ["auth/invalid-email", /valid email address/],
    ["auth/too-many-requests", /Too many attempts/],
    ["auth/network-request-failed", /internet connection/],
    ["auth/internal-error", /couldn't send the reset email/],
  ])("explains %s in words", (code, words) => {
    expect(passwordResetErrorMessage(authError(code))).toMatch(words);
  });
});

describe("accountLoadErrorMessage", () => {
  it("tells an offline failure from a server failure", () => {
    expect(accountLoadErrorMessage(new ApiNetworkError(new TypeError("Failed to fetch")))).toMatch(
      /couldn't reach our server/,
    );
    expect(accountLoadErrorMessage(new ApiRequestError(500, "internal", "Oops"))).toMatch(
      /couldn't be opened just now/,
    );
  });

  it("says the server is taking too long when it did not answer in time", () => {
    const timeout = new DOMException("signal timed out", "TimeoutError");
    expect(accountLoadErrorMessage(new ApiNetworkError(timeout))).toMatch(/taking too long/);
  });
});
