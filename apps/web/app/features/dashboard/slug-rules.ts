import { SLUG_MAX_LENGTH, slugSchema } from "@bakery/shared/api-contract";

/**
 * What is wrong with a slug (a short link's category or id, a page's handle), in words, or
 * undefined when the API's slug rules accept it. `whenEmpty` says what the slug is for.
 */
export function slugRulesProblem(value: string, whenEmpty: string): string | undefined {
  if (value === "") return whenEmpty;
  if (value.length > SLUG_MAX_LENGTH) return `Use at most ${SLUG_MAX_LENGTH} characters`;
  if (!slugSchema.safeParse(value).success) {
    return 'Start with a letter or digit; then use only letters, digits, "-" and "_"';
  }
  return undefined;
}
