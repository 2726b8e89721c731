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
