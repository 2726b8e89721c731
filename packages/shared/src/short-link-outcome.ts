/**
 * Where following a short link leads. The API decides it (GET /redirect and the local
 * server's /to redirect); the site's link page reaches the outcomes a visitor can land
 * on there ("go", "ended" and "not-found") from the API's answer, checking the target again.
 */
export type ShortLinkOutcome =
  /** The click was counted; send the visitor to `to` (checked against the allow-list). */
  | { kind: "go"; to: string }
  /** The link was moved: its new place is `cat/id`. Nothing counted. */
  | { kind: "moved"; cat: string; id: string }
  /** The link exists but only signed-in visitors may follow it. Nothing counted. */
  | { kind: "sign-in-required" }
  /** The link has expired and has no fallback (410): it has ended. Nothing counted. */
  | { kind: "ended" }
  /** No such link, or its target is not (or no longer) allowed. Nothing counted. */
  | { kind: "not-found"; reason?: "target-refused" }
  /** The client followed too many links this minute. Nothing looked up, nothing counted. */
  | { kind: "rate-limited"; retryAfterSeconds: number };

/**
 * The site's page for a link that cannot be followed, by reason: plain HTML with no app
 * (every control on it works without JavaScript), which the local server answers with
 * 404 (410 for an ended link) at the link's own address when a browser opens it (docs/decisions/0006), and which
 * the app shows in its own words when it learns the same from the API.
 */
export const shortLinkProblemPaths = {
  unknown: "/to/not-found",
  "target-refused": "/to/cannot-open",
  ended: "/to/ended",
} as const;

/** Why a short link cannot be followed: the key of its problem page (shortLinkProblemPaths). */
export type ShortLinkProblemReason = keyof typeof shortLinkProblemPaths;

/** The problem page for a "not-found" outcome. */
export function shortLinkProblemPath(outcome: Extract<ShortLinkOutcome, { kind: "not-found" }>) {
  return shortLinkProblemPaths[outcome.reason ?? "unknown"];
}
