import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "@bakery/shared/api-contract";
import { badRequest } from "./http/errors.ts";

/**
 * Checks a path segment (page handle, link category or id) before it reaches the
 * database: at most 64 URL-safe characters. Slugs are case-insensitive, stored lowercase.
 */
export function parseSlug(name: string, value: string | undefined): string {
  if (value === undefined || value.length === 0) throw badRequest(`${name} is required`);
  if (value.length > SLUG_MAX_LENGTH) {
    throw badRequest(`${name} must be at most ${SLUG_MAX_LENGTH} characters`);
  }
  if (!SLUG_PATTERN.test(value)) {
    throw badRequest(`${name} may contain only letters, digits, "-" and "_"`);
  }
  return value.toLowerCase();
}
