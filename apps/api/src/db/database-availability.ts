/**
 * Telling "the database is down or hung" apart from bugs, so the API can answer 503 with
 * Retry-After (the load balancer and the browser retry) instead of 500 or a hang.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** A database call that did not answer within its deadline. */
export class DatabaseTimeoutError extends Error {
  constructor(ms: number) {
    super(`the database did not answer within ${ms} ms`);
    this.name = "DatabaseTimeoutError";
  }
}

/** Socket errors and postgres.js's own connection error codes. */
const CONNECTION_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
]);

/**
 * SQLSTATEs that mean "the server can't serve you right now" rather than "your query is
 * wrong": class 08 (connection exception), shutdown and start-up (57P01-57P03), and too
 * many connections (53300).
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith("08") || ["57P01", "57P02", "57P03", "53300"].includes(code);
}

/** True when `error` (or anything in its `cause` chain, e.g. inside Drizzle's DrizzleQueryError) says the database can't be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof DatabaseTimeoutError) return true;
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (
      typeof code === "string" &&
      (CONNECTION_ERROR_CODES.has(code) || isUnavailableSqlState(code))
    ) {
      return true;
    }
    // The embedded database after close() (only during shutdown).
    if (message === "PGlite is closed") return true;
    current = cause;
  }
  return false;
}

/** The deadline of the database call running in this async context, once withDeadline set one. */
interface Deadline {
  ms: number;
  passed: boolean;
}

const deadlines = new AsyncLocalStorage<Deadline>();

/** What becomes of a transaction still running when its deadline passes. */
export type LateWrites =
  /** The default: it rolls back when its work is done, since the caller answered "not done". */
  | "rolled back"
  /** It commits whenever the database gets to it: for writes nobody sends again (a beacon). */
  | "kept";

/**
 * Waits at most `ms` for a database call. On timeout the call is abandoned and
 * DatabaseTimeoutError is thrown: a hung database makes requests answer 503 quickly instead of
 * piling up until the client gives up. By default an abandoned call's transactions then roll
 * back rather than commit late (open-database.ts), so a write answered 503 did not happen,
 * unless the deadline passed while its COMMIT was already on its way. `work` is started here,
 * inside the deadline's async context, which is how its transactions know the deadline.
 */
export async function withDeadline<T>(
  work: () => PromiseLike<T>,
  ms: number,
  lateWrites: LateWrites = "rolled back",
): Promise<T> {
  const deadline: Deadline = { ms, passed: false };
  // Started before the timer: work that throws at once leaves no timer to reject unheard.
  const running = lateWrites === "kept" ? deadlines.exit(work) : deadlines.run(deadline, work);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      deadline.passed = true;
      reject(new DatabaseTimeoutError(ms));
    }, ms);
  });
  try {
    return await Promise.race([running, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The deadline of the withDeadline call the caller runs in (the innermost), read when it is
 * asked: throws DatabaseTimeoutError once that deadline has passed. Without one, never throws.
 */
export function callersDeadline(): { throwIfPassed(): void } {
  const deadline = deadlines.getStore();
  return {
    throwIfPassed: () => {
      if (deadline?.passed) throw new DatabaseTimeoutError(deadline.ms);
    },
  };
}

/** `withDeadline` with the timeout filled in, for a route's database calls. */
export function databaseDeadline(
  ms: number,
  lateWrites: LateWrites = "rolled back",
): <T>(work: () => PromiseLike<T>) => Promise<T> {
  return (work) => withDeadline(work, ms, lateWrites);
}
