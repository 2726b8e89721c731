/**
 * Where the API client gets the ID token it sends. Kept apart from the client
 * (and its response schemas) so the layout can register the source on every
 * page without pulling the client into pages that never call the API.
 */

let idTokenSource: () => Promise<string> = async () => "";

/** The sign-in feature registers how to get a fresh ID token ("" when signed out). */
export function setIdTokenSource(source: () => Promise<string>): void {
  idTokenSource = source;
}

export function currentIdToken(): Promise<string> {
  return idTokenSource();
}
