// The API client's errors, apart from the client and its schemas (zod), so a page can
// tell them apart (e.g. the sign-in form's messages) without loading the client.

/** Any answer other than a 2xx, with the API's stable code when it gave one. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = "ApiRequestError";
    this.status = status;
    this.code = code;
  }
}

/** The request never got an answer (offline, DNS, server down). */
export class ApiNetworkError extends Error {
  constructor(cause: unknown) {
    super("The server could not be reached", { cause });
    this.name = "ApiNetworkError";
  }
}
