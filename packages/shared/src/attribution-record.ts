/**
 * The visitor's attribution record (spec §3, §4) and its first-party cookie: one home for the
 * rules, so the browser's capture (apps/web lib/attribution), our server (apps/api
 * site/serve-site.ts) and an edge function (docs/deploy.md) clean, keep and read the same record.
 * Pure and dependency-free: it is bundled into the pages' small inline scripts.
 */

/** Source (utms), medium (utmm), campaign (utmc) and when they were saved (ts, ms). */
export type AttributionRecord = { utms: string; utmm: string; utmc: string; ts: number };

/** 30 days (spec §9): after that a record no longer counts. */
export const attributionLifetimeMs = 2_592_000_000;

/** The longest source, medium or campaign kept: enough for any real tag, bounded for storage and URLs. */
export const attributionValueMaxLength = 200;

/** The cookie's name: the same short key as the record's storage (spec §3). */
export const attributionCookieName = "utm";

/**
 * The longest cookie value written or read. Real tags are short ASCII; a value near the
 * browsers' 4 KB per-cookie limit would be dropped by them anyway, so none is written.
 */
export const attributionCookieMaxLength = 2_000;

/** A clock behind the server's by up to a day still reads a fresh cookie as live. */
const clockSkewMs = 86_400_000;

/**
 * A source, medium or campaign as kept: trimmed, without control characters (no line breaks
 * to smuggle into a header or a log), at most attributionValueMaxLength UTF-16 units (what the
 * API's conversion contract counts), never ending in half of a character.
 */
export function cleanAttributionValue(value: string | null | undefined): string {
  const capped = (value ?? "")
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, attributionValueMaxLength);
  return capped.replace(/[\uD800-\uDBFF]$/, "").trim();
}

export function isLiveAttribution(record: AttributionRecord | undefined, now: number): boolean {
  return (
    record !== undefined &&
    now - record.ts < attributionLifetimeMs &&
    record.ts <= now + clockSkewMs
  );
}

/**
 * What a landing saves (spec §4): a URL with utm_source saves its source, medium and campaign;
 * otherwise a referrer from another host is saved as the source, but only when no live record
 * exists. Undefined when the landing saves nothing.
 */
export function attributionFromLanding(landing: {
  url: URL;
  referrer: string | null | undefined;
  now: number;
  hasLiveRecord: () => boolean;
}): AttributionRecord | undefined {
  const { searchParams, hostname } = landing.url;
  if (searchParams.has("utm_source")) {
    return {
      utms: cleanAttributionValue(searchParams.get("utm_source")),
      utmm: cleanAttributionValue(searchParams.get("utm_medium")),
      utmc: cleanAttributionValue(searchParams.get("utm_campaign")),
      ts: landing.now,
    };
  }
  const referrerHost = referrerHostname(landing.referrer);
  if (!referrerHost || referrerHost === hostname || landing.hasLiveRecord()) return undefined;
  return { utms: cleanAttributionValue(referrerHost), utmm: "", utmc: "", ts: landing.now };
}

function referrerHostname(referrer: string | null | undefined): string {
  if (!referrer) return "";
  try {
    return new URL(referrer).hostname;
  } catch {
    return "";
  }
}

/**
 * The cookie's value, the record's own fields form-encoded (cookie-safe):
 * `utms=<source>&utmm=<medium>&utmc=<campaign>&ts=<ms>`.
 */
export function serializeAttributionCookieValue(record: AttributionRecord): string | undefined {
  const value = new URLSearchParams({
    utms: cleanAttributionValue(record.utms),
    utmm: cleanAttributionValue(record.utmm),
    utmc: cleanAttributionValue(record.utmc),
    ts: String(Math.trunc(record.ts)),
  }).toString();
  return value.length <= attributionCookieMaxLength ? value : undefined;
}

/**
 * The record in a cookie value, or undefined. Only a value this module would have written
 * counts: anything else (another shape, extra or repeated fields, a field too long, control
 * characters, another encoding, a time that is not a whole number) is ignored whole.
 */
export function parseAttributionCookieValue(value: string): AttributionRecord | undefined {
  if (value.length > attributionCookieMaxLength) return undefined;
  const fields = new URLSearchParams(value);
  const ts = fields.get("ts") ?? "";
  if (!/^\d{1,15}$/.test(ts)) return undefined;
  const record: AttributionRecord = {
    utms: fields.get("utms") ?? "",
    utmm: fields.get("utmm") ?? "",
    utmc: fields.get("utmc") ?? "",
    ts: Number(ts),
  };
  return serializeAttributionCookieValue(record) === value ? record : undefined;
}

/** The first live, well-formed record among a Cookie header's (or document.cookie's) pairs. */
export function readAttributionCookie(
  cookies: string | null | undefined,
  now: number,
): AttributionRecord | undefined {
  for (const pair of (cookies ?? "").split(";")) {
    const separator = pair.indexOf("=");
    if (separator < 0 || pair.slice(0, separator).trim() !== attributionCookieName) continue;
    const record = parseAttributionCookieValue(pair.slice(separator + 1).trim());
    if (isLiveAttribution(record, now)) return record;
  }
  return undefined;
}

/** The Set-Cookie header that keeps a record for 30 days; undefined when it is too long to keep. */
export function attributionSetCookie(
  record: AttributionRecord,
  options: { secure: boolean },
): string | undefined {
  const value = serializeAttributionCookieValue(record);
  if (value === undefined) return undefined;
  const maxAge = attributionLifetimeMs / 1000;
  return `${attributionCookieName}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax${options.secure ? "; Secure" : ""}`;
}

/**
 * The Set-Cookie header a server (or an edge function) answers a page request with, or
 * undefined. Server-set cookies are not cut to 7 days by Safari the way script-written storage
 * is. The server sees only the cookie, so the cookie is the live record it checks.
 */
export function attributionCookieForPage(request: {
  url: string;
  referrer: string | null | undefined;
  cookies: string | null | undefined;
  now: number;
}): string | undefined {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return undefined;
  }
  const record = attributionFromLanding({
    url,
    referrer: request.referrer,
    now: request.now,
    hasLiveRecord: () => readAttributionCookie(request.cookies, request.now) !== undefined,
  });
  return record && attributionSetCookie(record, { secure: url.protocol === "https:" });
}
