/**
 * What a phone's text app or a sentence can stick to the end of an address: punctuation,
 * closing brackets and quotes. None of it can be in a slug (letters, digits, "-", "_"),
 * so stripping it never turns one address into another's.
 */
const TRAILING_JUNK = /[.,;:!?'"”’»)\]}>]+$/u;

/** `slug` without what a sentence stuck to its end ("spring." → "spring"). */
export function withoutTrailingJunk(slug: string): string {
  return slug.replace(TRAILING_JUNK, "");
}
