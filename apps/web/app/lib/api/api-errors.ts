// The API client's errors, apart from the client and its schemas (zod), so a page can
// tell them apart (e.g. the sign-in form's messages) without loading the client.

/** Any answer other than a 2xx, with the API's stable code when it gave one. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  /**
   * The client has already sent the browser elsewhere (to sign in, or to a moved
   * thing's new place): the caller has nothing left to show.
   */
  readonly leavingPage: boolean;
  constructor(status: number, code: string, message: string, leavingPage = false) {
    super(message);
    this.name = "ApiRequestError";
    this.status = status;
    this.code = code;
    this.leavingPage = leavingPage;
  }
}

/**
 * Why a request failed, for the words a page says about it: no answer in time, no answer
 * at all (offline, DNS, server down), or an answer that was not a success.
 */
export function requestFailure(error: unknown): "timeout" | "unreachable" | "answered" {
  if (!(error instanceof ApiNetworkError)) return "answered";
  return error.timedOut ? "timeout" : "unreachable";
}

/** The request never got an answer (offline, DNS, server down, or no answer in time). */
export class ApiNetworkError extends Error {
  /** True when the server took longer than the client's timeout. */
  readonly timedOut: boolean;
  constructor(cause: unknown) {
    const timedOut = cause instanceof DOMException && cause.name === "TimeoutError";
    super(timedOut ? "The server took too long to answer" : "The server could not be reached", {
      cause,
    });
    this.name = "ApiNetworkError";
    this.timedOut = timedOut;
  }
}
