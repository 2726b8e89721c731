import { legalPagePaths } from "@bakery/shared/content-page-address";
import { sameOriginPath } from "@bakery/shared/redirect-target";
import { myAreaHome } from "#app/lib/my-area-home.ts";

export { myAreaHome };

export type SignInDestination =
  /** Profiles still being set up finish onboarding on the my-area host first. */
  | { kind: "onboarding"; url: string }
  /** The page the visitor was sent to sign in from (a checked same-origin path). */
  | { kind: "target"; url: string }
  | { kind: "my-area-home"; url: string }
  | { kind: "stay" };

export type SignInContext = {
  /** One of profileStatuses, or one added since this build: routed by rules 2–4. */
  status: string;
  /** The `target` query parameter of the current page, if any. */
  target: string | null;
  /** The current page's path, without query. */
  currentPath: string;
  siteOrigin: string;
  myAreaUrl: string;
};

/** Spec §4 rule 1: a profile still being set up (pending, quote) goes to onboarding first. */
export function needsOnboarding(status: string): boolean {
  return status === "pending" || status === "quote";
}

/**
 * Where a signed-in user goes once their profile is known (spec §4). A target
 * is followed only when it is a path on this site: anything else (another
 * host, "//evil", "javascript:") is treated as tampering and leads home.
 *
 * The legal pages are never taken away from a profile still being set up (rule 1): onboarding
 * may ask them to accept the terms, and a page that forwarded them back to onboarding would
 * leave them no way to read them (docs/decisions/0012).
 */
export function routeAfterSignIn(context: SignInContext): SignInDestination {
  const home = myAreaHome(context.myAreaUrl);
  const path = context.currentPath.replace(/(.)\/+$/, "$1");
  if (needsOnboarding(context.status)) {
    return legalPagePaths.includes(path)
      ? { kind: "stay" }
      : { kind: "onboarding", url: `${home}onboarding` };
  }
  if (context.target) {
    const url = sameOriginPath(context.target, context.siteOrigin);
    return url !== undefined ? { kind: "target", url } : { kind: "my-area-home", url: home };
  }
  if (path === "/" || path === "/login") {
    return { kind: "my-area-home", url: home };
  }
  return { kind: "stay" };
}
