import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "@bakery/shared/api-contract";
import { UsageError } from "./cli-errors.ts";

/** Same rule as the API's path check, so anything the CLI writes is reachable. */
export function slugArg(name: string, value: string): string {
  if (value.length === 0 || value.length > SLUG_MAX_LENGTH || !SLUG_PATTERN.test(value)) {
    throw new UsageError(
      `${name} "${value}" must be 1-${SLUG_MAX_LENGTH} letters, digits, "-" or "_", starting with a letter or digit`,
    );
  }
  return value.toLowerCase();
}

/** A one-line text field (title, subtitle): no control characters, bounded length. */
export function textArg(name: string, value: string, max: number): string {
  const trimmed = value.trim();
  if (trimmed.length === 0) throw new UsageError(`${name} must not be empty`);
  if (trimmed.length > max) throw new UsageError(`${name} must be at most ${max} characters`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) {
    throw new UsageError(`${name} must not contain control characters or line breaks`);
  }
  return trimmed;
}

const SINCE_PATTERN = /^(\d{1,5})([dh])$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A report's start: a duration back from `now` ("30d", "12h") or a calendar date
 * ("2026-01-01", midnight UTC). Not in the future, at most ten years back.
 */
export function sinceArg(name: string, value: string, now: Date): Date {
  const duration = SINCE_PATTERN.exec(value);
  let since: Date | undefined;
  if (duration) {
    const hours = Number(duration[1]) * (duration[2] === "d" ? 24 : 1);
    if (hours === 0) throw new UsageError(`${name} "${value}" must be at least 1h`);
    since = new Date(now.getTime() - hours * 3_600_000);
  } else if (DATE_PATTERN.test(value)) {
    const parsed = new Date(`${value}T00:00:00Z`);
    // Date() rolls 2026-02-30 over to March; a real date reads back the same.
    if (!Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value)) since = parsed;
  }
  if (!since) {
    throw new UsageError(
      `${name} "${value}" must be a number of days or hours (30d, 12h) or a date (2026-01-01)`,
    );
  }
  if (since.getTime() > now.getTime()) throw new UsageError(`${name} "${value}" is in the future`);
  if (now.getTime() - since.getTime() > 3653 * 86_400_000) {
    throw new UsageError(`${name} "${value}" is more than ten years back`);
  }
  return since;
}
