import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";
import pinoPretty from "pino-pretty";

/** The request being answered, so every line logged while answering it can name it. */
const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `work` as part of the request `requestId`: its log lines carry that id. */
export function runInRequest<T>(requestId: string, work: () => T): T {
  return requestContext.run({ requestId }, work);
}

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

/**
 * JSON logs on stdout (one line per event), the format log collectors expect; with
 * `pretty`, one readable, coloured line per event for a person at a terminal. Lines
 * logged while answering a request carry its `requestId`, wherever in the code they are.
 */
export function createLogger(
  level: string,
  options: { pretty?: boolean; destination?: pino.DestinationStream } = {},
): Logger {
  const settings = {
    level,
    base: { service: "bakery-api" },
    mixin: () => requestContext.getStore() ?? {},
  };
  if (!options.pretty) return pino(settings, options.destination);
  return pino(
    settings,
    pinoPretty({
      ignore: "pid,hostname,service",
      translateTime: "SYS:HH:MM:ss",
      destination: options.destination,
    }),
  );
}

/** For tests: a logger that drops everything. */
export const silentLogger: Logger = pino({ level: "silent" });
