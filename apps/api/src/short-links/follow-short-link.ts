import { checkShortLinkTarget, type RedirectTargetCheck } from "@bakery/shared/redirect-target";
import type { ShortLinkOutcome } from "@bakery/shared/short-link-outcome";
import type { Logger } from "pino";
import type { ApiConfig } from "../api-deps.ts";
import type { RateLimiter } from "../limits/rate-limiter.ts";
import type { ShortLinkStore, StoredShortLink } from "./short-link-store.ts";

export interface FollowShortLinkDeps {
  config: Pick<
    ApiConfig,
    "siteOrigin" | "redirectAllowedHosts" | "RATE_LIMIT_REDIRECT_PER_MINUTE" | "TRUST_PROXY"
  >;
  logger: Logger;
  limiter: RateLimiter;
  shortLinks: ShortLinkStore;
}

/**
 * How a follow is counted when the link leads somewhere: a click, a scan of its QR code
 * (the address carried the scan marker, docs/decisions/0024), or nothing (a request no
 * person made, such as a link preview).
 */
export type FollowCounted = "click" | "scan" | "nothing";

/**
 * What following the short link `cat/id` leads to for `client`, counting the follow as
 * `count` says when it leads somewhere. Both the API's GET /redirect and the site's answer to /to/:cat/:id use
 * this, so they can never disagree, and the per-client `redirect` limit is counted here so
 * neither can bypass it. `isSignedIn` is asked only for links behind sign-in (public links
 * never look at the caller's identity).
 */
export async function followShortLink(
  deps: FollowShortLinkDeps,
  link: { cat: string; id: string; client: string },
  isSignedIn: () => Promise<boolean>,
  { count = "click" }: { count?: FollowCounted } = {},
): Promise<ShortLinkOutcome> {
  const { cat, id } = link;
  const limit = deps.limiter.hit(
    "redirect",
    link.client,
    deps.config.RATE_LIMIT_REDIRECT_PER_MINUTE,
  );
  if (!limit.allowed) return { kind: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };

  const stored = await deps.shortLinks.find(cat, id);
  if (!stored) return { kind: "not-found" };
  if (stored.movedTo !== null) {
    const [newCat = "", newId = ""] = stored.movedTo.split("/");
    return { kind: "moved", cat: newCat, id: newId };
  }
  if (stored.signInRequired && !(await isSignedIn())) return { kind: "sign-in-required" };
  const address = addressNow(stored);
  if (address === undefined) return { kind: "ended" };

  const check = checkedTarget(deps, stored, address);
  if (!check.ok) {
    deps.logger.warn({ cat, id, reason: check.reason }, "short link target refused on read");
    return { kind: "not-found", reason: "target-refused" };
  }
  if (count === "click") await deps.shortLinks.countClick(cat, id);
  else if (count === "scan") await deps.shortLinks.countScan(cat, id);
  return { kind: "go", to: check.url };
}

/** Where the link leads now: its target, or after its expiry its fallback (none: it has ended). */
function addressNow(stored: StoredShortLink): string | undefined {
  if (stored.expiresAt === null || Date.now() < stored.expiresAt.getTime()) return stored.target;
  return stored.fallback ?? undefined;
}

/** The allow-list's verdict on each address of a link as read, while the store keeps that read. */
const verdicts = new WeakMap<
  StoredShortLink,
  { config: FollowShortLinkDeps["config"]; checks: Map<string, RedirectTargetCheck> }
>();

/**
 * The target (or fallback) checked against the allow-list on every read from the database,
 * never trusted from when the link was written: the allow-list may have shrunk since, and a
 * link stored before short links were refused as targets must not loop. The verdict depends
 * only on the address and the configuration, so clicks on a link the store has cached reuse it.
 */
function checkedTarget(
  deps: FollowShortLinkDeps,
  stored: StoredShortLink,
  address: string,
): RedirectTargetCheck {
  let known = verdicts.get(stored);
  if (known?.config !== deps.config) {
    known = { config: deps.config, checks: new Map() };
    verdicts.set(stored, known);
  }
  let check = known.checks.get(address);
  if (!check) {
    check = checkShortLinkTarget(address, {
      siteOrigin: deps.config.siteOrigin,
      allowedHosts: deps.config.redirectAllowedHosts,
    });
    known.checks.set(address, check);
  }
  return check;
}
