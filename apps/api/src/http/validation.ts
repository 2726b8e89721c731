import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "@bakery/shared/api-contract";
import { inPlainWords } from "@bakery/shared/validation-messages";
import type { z } from "zod";
import { type ApiProblem, badRequest, unprocessableContent } from "./errors.ts";

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

/**
 * `value` parsed with `schema`, or a 400 naming the first problem the way the schema words
 * it ("to: the range must be at most 366 days") or else in plain words ("attribution.utms:
 * must be at most 200 characters"), so the caller can fix the request.
 */
export function parseOrBadRequest<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
): z.infer<Schema> {
  return parseOr(schema, value, badRequest);
}

/**
 * parseOrBadRequest answering 422 instead: for a form's body, where a value the person typed
 * (a campaign name, an expiry) is wrong rather than the request itself.
 */
export function parseOrUnprocessable<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
): z.infer<Schema> {
  return parseOr(schema, value, unprocessableContent);
}

function parseOr<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  problem: (message: string) => ApiProblem,
): z.infer<Schema> {
  const parsed = schema.safeParse(value, { error: inPlainWords });
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const where = issue?.path.join(".") || "body";
  throw problem(`${where}: ${issue?.message ?? "invalid"}`);
}
