import type { PublicConfig } from "./config.ts";

/**
 * Decides whether a short link may send a visitor to `target`.
 *
 * Used by the API when a link is written and again when it is read, and by the
 * browser before it navigates, so it is pure and uses only web-standard APIs.
 *
 * Allowed: a same-origin path ("/book-demo?x=1"), or an absolute http(s) URL whose
 * host is the site's own or literally on the allow-list. Everything else is refused,
 * including the classic open-redirect tricks: protocol-relative "//evil", backslash
 * variants that browsers treat as slashes, "https:evil" (no slashes), userinfo
 * ("https://good@evil"), percent-encoded (even double-encoded) separators, padding/control characters,
 * non-ASCII hosts (IDN look-alikes) and trailing-dot hosts.
 */

export interface RedirectTargetPolicy {
  /** The site's origin, e.g. "https://www.example.com". Same-origin paths resolve against it. */
  siteOrigin: string;
  /** Extra hosts (host or host:port, lowercase) that absolute targets may point at. */
  allowedHosts: readonly string[];
}

export type RedirectTargetCheck =
  | { ok: true; url: string; sameOrigin: boolean }
  | { ok: false; reason: string };

/**
 * Every host a redirect may lead to: the site's own, the my-area host and the configured list.
 * Here rather than with the configuration's schema, so the page that resolves a short link while
 * it is parsed can check a target without the schema library.
 */
export function redirectAllowedHosts(
  config: Pick<PublicConfig, "SITE_URL" | "MY_AREA_URL" | "REDIRECT_ALLOWED_HOSTS">,
): string[] {
  const hosts = [
    new URL(config.SITE_URL).host,
    new URL(config.MY_AREA_URL).host,
    ...config.REDIRECT_ALLOWED_HOSTS,
  ];
  return [...new Set(hosts.map((host) => host.toLowerCase()))];
}

export const MAX_REDIRECT_TARGET_LENGTH = 2048;

/** How many times a target is percent-decoded while looking for a hidden "//" (a careless client may decode repeatedly). */
export const MAX_DECODE_ROUNDS = 5;

const refuse = (reason: string): RedirectTargetCheck => ({ ok: false, reason });

export function checkRedirectTarget(
  target: string,
  policy: RedirectTargetPolicy,
): RedirectTargetCheck {
  if (typeof target !== "string" || target.length === 0) return refuse("empty target");
  if (target.length > MAX_REDIRECT_TARGET_LENGTH) return refuse("target too long");
  // Printable ASCII only: rules out whitespace/control padding (which URL parsers
  // silently strip) and non-ASCII hosts that could imitate an allowed one.
  if (!/^[\x21-\x7e]+$/.test(target)) {
    return refuse("target contains whitespace, control or non-ASCII characters");
  }
  // Browsers treat "\" like "/" in special URLs, so "/\evil" becomes "//evil".
  if (target.includes("\\") || /%5c/i.test(target)) return refuse("target contains a backslash");

  let site: URL;
  try {
    site = new URL(policy.siteOrigin);
  } catch {
    return refuse("site origin is not a valid URL");
  }

  if (target.startsWith("/")) {
    if (target.startsWith("//")) return refuse("protocol-relative targets are not allowed");
    // "/%2F%2Fevil", "/%252F%252Fevil" (double-encoded) and "/%09/evil" are harmless
    // to us, but a client that decodes before navigating would go to evil.
    if (decodedForms(target).some(startsLikeAnotherHost)) {
      return refuse("target path decodes to a protocol-relative URL");
    }
    let url: URL;
    try {
      url = new URL(target, site.origin);
    } catch {
      return refuse("target is not a valid path");
    }
    if (url.origin !== site.origin) return refuse("target path leaves the site");
    const path = `${url.pathname}${url.search}${url.hash}`;
    // Dot segments collapse: "/.//evil" and "/a/..//evil" normalize to "//evil".
    if ([path, ...decodedForms(path)].some(startsLikeAnotherHost)) {
      return refuse("target path normalizes to a protocol-relative URL");
    }
    return { ok: true, url: path, sameOrigin: true };
  }

  const scheme = /^(https?):\/\//i.exec(target);
  if (!scheme) return refuse("only http(s) URLs and same-origin paths are allowed");
  const rest = target.slice(scheme[0].length);
  const authority = rest.split(/[/?#]/, 1)[0] ?? "";
  if (authority === "") return refuse("target has no host");
  if (authority.includes("@")) return refuse("target must not contain user info");
  if (authority.includes("%")) return refuse("target host must not be percent-encoded");

  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return refuse("target is not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return refuse("only http(s) URLs are allowed");
  }
  if (url.username !== "" || url.password !== "")
    return refuse("target must not contain user info");
  if (url.hostname.endsWith(".")) return refuse("target host must not end with a dot");

  const host = url.host.toLowerCase();
  if (url.origin === site.origin) return { ok: true, url: url.href, sameOrigin: true };
  const allowed = policy.allowedHosts.map((h) => h.trim().toLowerCase()).filter(Boolean);
  if (!allowed.includes(host)) return refuse(`host ${host} is not on the allow-list`);
  return { ok: true, url: url.href, sameOrigin: false };
}

/**
 * Where a short link may send a visitor: what checkRedirectTarget accepts, except an address
 * under the site's /to/ (another short link, itself, or one of the links' own pages).
 * Following a link to a link counts a click and asks again, so a link to itself (or two
 * to each other) bounces the browser until it gives up and spends the visitor's `redirect`
 * limit in one tap. Checked when a link is written and again on every read, so a link
 * stored before this rule is refused rather than followed.
 */
export function checkShortLinkTarget(
  target: string,
  policy: RedirectTargetPolicy,
): RedirectTargetCheck {
  const check = checkRedirectTarget(target, policy);
  if (check.ok && isShortLinkAddress(check.url, policy.siteOrigin)) {
    return refuse(
      "a short link can't lead to a short link (an address under /to/): use the address that link leads to instead",
    );
  }
  return check;
}

/**
 * The target as a place on the site itself (a checked path, or an absolute URL on
 * `siteOrigin`), or undefined for anything that would leave it: for redirects the
 * browser follows after sign-in or when the API says a page moved.
 */
export function sameOriginPath(target: string, siteOrigin: string): string | undefined {
  const checked = checkRedirectTarget(target, { siteOrigin, allowedHosts: [] });
  return checked.ok && checked.sameOrigin ? checked.url : undefined;
}

/** `value` percent-decoded once, twice, … until it stops changing (at most MAX_DECODE_ROUNDS). */
function decodedForms(value: string): string[] {
  const forms: string[] = [];
  let current = value;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      break;
    }
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms;
}

/** URL parsers drop tabs and newlines anywhere and read "\" as "/" in http(s) URLs. */
function startsLikeAnotherHost(path: string): boolean {
  return /^[/\\]{2}/.test(path.replace(/[\t\n\r]/g, ""));
}

/**
 * Whether a checked target is on the site's host (in any scheme: the site's host is always
 * on the allow-list) under /to/. Judged on the path as the browser or a careless client
 * could read it (percent-decoded, dot segments collapsed) and ignoring case, because the
 * app's router matches /TO/ as well.
 */
function isShortLinkAddress(checkedUrl: string, siteOrigin: string): boolean {
  const site = new URL(siteOrigin);
  const url = new URL(checkedUrl, site.origin);
  if (url.host !== site.host) return false;
  return [url.pathname, ...decodedForms(url.pathname)].some((path) => {
    let normalised: string;
    try {
      normalised = new URL(path, site.origin).pathname;
    } catch {
      normalised = path;
    }
    return /^\/to(\/|$)/i.test(normalised);
  });
}
