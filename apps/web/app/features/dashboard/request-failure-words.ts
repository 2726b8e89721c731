import { ApiNetworkError, ApiRequestError } from "#app/lib/api/api-client.ts";

/**
 * Words for a back-office request that failed, for the person who asked: the API's own
 * message when it answered, else what went wrong on the way. Shared by the editors, so every
 * screen says the same thing about the same failure.
 */
export function requestFailureWords(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message;
  if (error instanceof ApiNetworkError) {
    return error.timedOut
      ? "The server took too long to answer. Try again."
      : "We couldn't reach the server. Check your connection and try again.";
  }
  return "Something went wrong on this page. Try again.";
}
