/**
 * An editor's conditions on a write (RFC 9110 §13.1), as the back office's editors send them:
 * every read carries the thing's revision as its ETag, and a write names the revision it
 * replaces (If-Match) or asks to create only (If-None-Match: *).
 */

/**
 * `ifMatch`: the revisions a write may replace ("*": any that exists); `ifNoneMatch`: the
 * revisions it must not ("*": create only). Undefined when the header was not sent.
 */
export interface Preconditions {
  ifMatch: string[] | undefined;
  ifNoneMatch: string[] | undefined;
}

/** No condition at all: what a write without either header asks. */
export const NO_PRECONDITIONS: Preconditions = { ifMatch: undefined, ifNoneMatch: undefined };

/** A revision as its ETag. */
export const etagOf = (revision: string) => `"${revision}"`;

/**
 * The revisions a header names. Taken quoted (the ETag) or bare (the body's `revision`), so an
 * editor can send either; a weak tag (W/…) never matches, as If-Match compares strongly.
 */
function revisionsIn(header: string | undefined): string[] | undefined {
  if (header === undefined) return undefined;
  return header
    .split(",")
    .map((tag) => tag.trim())
    .filter((tag) => tag !== "" && !tag.startsWith("W/"))
    .map((tag) => tag.replace(/^"(.*)"$/, "$1"));
}

export function preconditionsOf(header: (name: string) => string | undefined): Preconditions {
  return {
    ifMatch: revisionsIn(header("If-Match")),
    ifNoneMatch: revisionsIn(header("If-None-Match")),
  };
}

/** Whether `revisions` (a header's) name `revision`: itself, or "*". */
export const namesRevision = (revisions: string[], revision: string) =>
  revisions.some((tag) => tag === "*" || tag === revision);
