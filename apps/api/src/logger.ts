import pino, { type Logger } from "pino";

/** JSON logs on stdout (one line per event), the format log collectors expect. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: "bakery-api" } });
}

/** For tests: a logger that drops everything. */
export const silentLogger: Logger = pino({ level: "silent" });
