/**
 * The visitor's attribution record (spec §3, §4) and its first-party cookie: one home for the
 * rules, so the browser's capture (apps/web lib/attribution), our server (apps/api
 * site/serve-site.ts) and an edge function (docs/deploy.md) clean, keep and read the same record.
 * Pure and dependency-free: it is bundled into the pages' small inline scripts.
 */

/**
 * Source (utms), medium (utmm), campaign (utmc), when they were saved (ts, ms) and the visit's
 * reference (ref): a random id the API maps back to the exact names, so a provider that carries
 * only the reference (the checkout, the booking) credits them exactly. A record saved before
 * references existed has none.
 */
export type AttributionRecord = {
  utms: string;
  utmm: string;
  utmc: string;
  ts: number;
  ref?: string | undefined;
};

/** 30 days (spec §9): after that a record no longer counts. */
export const attributionLifetimeMs = 2_592_000_000;

/**
 * The longest source, medium or campaign kept, in characters: longer ones are cut, as the major
 * analytics tools do, so what one anonymous visit can write stays small.
 */
export const attributionValueMaxLength = 100;

/** A visit's reference: 128 random bits, base64url without padding (22 characters). */
export const visitReferencePattern = /^[A-Za-z0-9_-]{22}$/;

/** A new visit reference from the platform's cryptographic random source. */
export function newVisitReference(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function isVisitReference(value: unknown): value is string {
  return typeof value === "string" && visitReferencePattern.test(value);
}

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
 * Control (Cc) and format (Cf) characters: line breaks to smuggle into a header or a log, NUL
 * that PostgreSQL refuses, terminal escapes, and invisible bidi overrides that make one name
 * read as another; and half of a surrogate pair (Cs), which is no character at all.
 */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}]/u;
const UNPRINTABLE_EVERYWHERE = /[\p{Cc}\p{Cf}\p{Cs}]/gu;

/** Whether `value` holds a character no attribution value may hold (see cleanAttributionValue). */
export function hasUnprintableCharacter(value: string): boolean {
  return UNPRINTABLE.test(value);
}

/**
 * A source, medium or campaign as kept, the one rule for the capture, the cookie, the API's
 * events and webhooks: Unicode NFC (one spelling for "café"), without control or format
 * characters, trimmed, at most attributionValueMaxLength characters (cut, never refused).
 */
export function cleanAttributionValue(value: string | null | undefined): string {
  const printable = (value ?? "").normalize("NFC").replace(UNPRINTABLE_EVERYWHERE, "").trim();
  return Array.from(printable).slice(0, attributionValueMaxLength).join("").trim();
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
      ref: newVisitReference(),
    };
  }
  const referrerHost = referrerHostname(landing.referrer);
  if (!referrerHost || referrerHost === hostname || landing.hasLiveRecord()) return undefined;
  return {
    utms: cleanAttributionValue(referrerHost),
    utmm: "",
    utmc: "",
    ts: landing.now,
    ref: newVisitReference(),
  };
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
 * `utms=<source>&utmm=<medium>&utmc=<campaign>&ref=<reference>&ts=<ms>` (no ref for a record
 * saved before references existed).
 */
export function serializeAttributionCookieValue(record: AttributionRecord): string | undefined {
  const fields = new URLSearchParams({
    utms: cleanAttributionValue(record.utms),
    utmm: cleanAttributionValue(record.utmm),
    utmc: cleanAttributionValue(record.utmc),
  });
  if (isVisitReference(record.ref)) fields.set("ref", record.ref);
  fields.set("ts", String(Math.trunc(record.ts)));
  const value = fields.toString();
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
  const ref = fields.get("ref");
  const record: AttributionRecord = {
    utms: fields.get("utms") ?? "",
    utmm: fields.get("utmm") ?? "",
    utmc: fields.get("utmc") ?? "",
    ts: Number(ts),
    ...(ref === null ? {} : { ref }),
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
