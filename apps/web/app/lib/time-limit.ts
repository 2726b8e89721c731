/** What a wait given a time limit rejects with once the limit has passed. */
export class TimeLimitError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} took longer than ${ms / 1000} s`);
    this.name = "TimeLimitError";
  }
}

/**
 * `work`, or a TimeLimitError once `ms` have passed without it settling, so a wait on
 * something the browser itself never times out (a script or module download on a stalled
 * connection) always ends. The work goes on; what it brings late is left unused here.
 */
export function withTimeLimit<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimeLimitError(what, ms)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}
