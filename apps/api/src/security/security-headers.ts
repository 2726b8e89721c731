import { authEmulatorOrigin, FIREBASE_IDENTITY_ENDPOINTS } from "@bakery/shared/identity-service";
import type { MiddlewareHandler } from "hono";
import type { ServerConfig } from "../config.ts";

/**
 * The security headers of every response of the local server, site and API, built
 * from the server configuration (which carries the same public values the site was
 * built with). docs/security.md says which threat each header answers.
 *
 * The site's Content-Security-Policy allows scripts from this origin, the prerendered
 * pages' inline scripts by hash (written at build time, see
 * apps/web/build-steps/inline-script-hashes.ts) and only the third parties the site
 * loads on demand: the payment provider's pricing table, Google's sign-in helper,
 * the configured chat widget, and frames for the scheduling page, payment table,
 * video and sign-in. The API answers JSON only, so its policy allows nothing at all.
 */

export type SecurityHeadersConfig = Pick<
  ServerConfig,
  | "mode"
  | "siteOrigin"
  | "apiBasePath"
  | "API_BASE_URL"
  | "SCHEDULING_URL"
  | "VIDEO_URL"
  | "MEDIA_BASE_URL"
  | "LOGO_URL"
  | "CHAT_PROVIDER"
  | "FIREBASE_AUTH_DOMAIN"
  | "FIREBASE_AUTH_EMULATOR_HOST"
>;

/** The payment provider's script and frame host (the pricing table on /signup). */
const PAYMENT_HOST = "https://js.stripe.com";
/** Google's script loader: the Firebase SDK uses it for the sign-in popup's helper frame. */
const GOOGLE_API_LOADER = "https://apis.google.com";

type Directive = "script" | "style" | "img" | "font" | "connect" | "frame";

/**
 * What each chat widget loads, from the providers' CSP guides (Crisp: "Crisp Domain
 * Names"; Intercom: "Using Intercom with Content Security Policy", US hosting).
 */
const CHAT_SOURCES: Record<"crisp" | "intercom", Partial<Record<Directive, string[]>>> = {
  crisp: {
    script: ["https://client.crisp.chat"],
    style: ["https://client.crisp.chat"],
    font: ["https://client.crisp.chat"],
    img: ["https://client.crisp.chat", "https://image.crisp.chat"],
    connect: [
      "https://client.crisp.chat",
      "https://storage.crisp.chat",
      "wss://client.relay.crisp.chat",
    ],
  },
  intercom: {
    script: ["https://widget.intercom.io", "https://js.intercomcdn.com"],
    font: ["https://js.intercomcdn.com"],
    img: [
      "https://js.intercomcdn.com",
      "https://static.intercomassets.com",
      "https://uploads.intercomcdn.com",
    ],
    connect: [
      "https://api-iam.intercom.io",
      "https://api-ping.intercom.io",
      "https://nexus-websocket-a.intercom.io",
      "https://nexus-websocket-b.intercom.io",
      "wss://nexus-websocket-a.intercom.io",
      "wss://nexus-websocket-b.intercom.io",
      "https://uploads.intercomcdn.com",
    ],
  },
};

/** A CSP hash source as written at build time; anything else in the file is ignored. */
const HASH_SOURCE = /^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/;

/** The origin of an absolute http(s) URL, or undefined for a path like "/media". */
function absoluteOrigin(value: string): string | undefined {
  if (!/^https?:\/\//i.test(value)) return undefined;
  return new URL(value).origin;
}

const list = (...sources: Array<string | undefined | false>): string =>
  [...new Set(sources.filter((source): source is string => Boolean(source)))].join(" ");

/**
 * The site's policy. `scriptHashes` are the build's inline-script hashes ("sha256-…");
 * without them the prerendered pages cannot boot, which is the safe way to fail.
 */
export function siteContentSecurityPolicy(
  config: SecurityHeadersConfig,
  scriptHashes: readonly string[],
): string {
  const self = config.siteOrigin;
  const chat = config.CHAT_PROVIDER === "none" ? {} : CHAT_SOURCES[config.CHAT_PROVIDER];
  const apiOrigin = absoluteOrigin(config.API_BASE_URL);
  // The emulator serves the SDK's calls and its helper frame in local mode only.
  const emulator =
    config.mode === "local" && config.FIREBASE_AUTH_EMULATOR_HOST
      ? authEmulatorOrigin(config.FIREBASE_AUTH_EMULATOR_HOST)
      : undefined;
  const hashes = scriptHashes.filter((hash) => HASH_SOURCE.test(hash)).map((hash) => `'${hash}'`);

  const directives: Array<[string, string]> = [
    ["default-src", "'self'"],
    [
      "script-src",
      list("'self'", ...hashes, PAYMENT_HOST, GOOGLE_API_LOADER, ...(chat.script ?? [])),
    ],
    ["style-src", list("'self'", ...(chat.style ?? []))],
    [
      "img-src",
      list(
        "'self'",
        "data:",
        absoluteOrigin(config.MEDIA_BASE_URL),
        absoluteOrigin(config.LOGO_URL),
        ...(chat.img ?? []),
      ),
    ],
    ["font-src", list("'self'", ...(chat.font ?? []))],
    [
      "connect-src",
      list(
        "'self'",
        apiOrigin !== self && apiOrigin,
        ...FIREBASE_IDENTITY_ENDPOINTS,
        emulator,
        ...(chat.connect ?? []),
      ),
    ],
    [
      "frame-src",
      list(
        new URL(config.SCHEDULING_URL).origin,
        PAYMENT_HOST,
        new URL(config.VIDEO_URL).origin,
        `https://${config.FIREBASE_AUTH_DOMAIN}`,
        emulator,
      ),
    ],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
    ["report-uri", cspReportUrl(config)],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join("; ");
}

/** Where browsers send violation reports (POST {API}/csp-report, see csp-report.ts). */
function cspReportUrl(config: SecurityHeadersConfig): string {
  const api = /^https?:\/\//i.test(config.API_BASE_URL)
    ? config.API_BASE_URL.replace(/\/+$/, "")
    : config.apiBasePath;
  return `${api}/csp-report`;
}

/** The API answers JSON only: nothing in it may load, run or be framed. */
export const API_CONTENT_SECURITY_POLICY =
  "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Powerful features the site never uses are off for it and for every frame it embeds. */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  `payment=(self "${PAYMENT_HOST}")`,
  "serial=()",
  "usb=()",
].join(", ");

/**
 * Content types of the files a page loads into itself: scripts, styles, fonts. A policy
 * governs the document (or worker) it arrives with, never a script or style a page loads, so
 * these carry the API's short allow-nothing policy rather than the site's: every header is
 * still on every response, and a first visit that loads a dozen such files downloads ~16 KB
 * less (the site's policy, with its script hashes, is ~1.5 KB). Anything that can be opened
 * as a page (HTML, SVG, JSON, text) keeps the site's policy.
 */
const SUBRESOURCE_TYPE = /^(?:text\/javascript|application\/javascript|text\/css|font\/)/i;

export function isSubresourceType(contentType: string | null | undefined): boolean {
  return SUBRESOURCE_TYPE.test(contentType ?? "");
}

/** Every header for one response: `forApi` picks the API's policy over the site's. */
export function securityHeaders(
  config: SecurityHeadersConfig,
  options: { forApi: boolean; scriptHashes: readonly string[] },
): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": options.forApi
      ? API_CONTENT_SECURITY_POLICY
      : siteContentSecurityPolicy(config, options.scriptHashes),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    // For browsers without frame-ancestors.
    "X-Frame-Options": "DENY",
    // Keeps other sites' windows away from ours, but lets the sign-in popup report back.
    "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
  };
  // Locally the site is plain http on localhost: a pinned HSTS entry there would break it.
  if (config.mode === "production") {
    headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  }
  return headers;
}

/**
 * Sets the headers on every response passing through, including redirects, 404s and
 * errors; a site script, style or font gets the API's policy (isSubresourceType).
 * `scriptHashes` is asked per site response, so a rebuild while the server runs is picked
 * up; the header lists are built once (the API's) or once per build (the site's), not per
 * request.
 */
export function securityHeadersMiddleware(
  config: SecurityHeadersConfig,
  scriptHashes: () => Promise<readonly string[]>,
): MiddlewareHandler {
  const apiPrefix = `${config.apiBasePath}/`;
  const apiHeaders = Object.entries(securityHeaders(config, { forApi: true, scriptHashes: [] }));
  let site: { hashes: readonly string[]; headers: Array<[string, string]> } | undefined;
  const siteHeaders = (hashes: readonly string[]) => {
    if (site?.hashes !== hashes) {
      site = {
        hashes,
        headers: Object.entries(securityHeaders(config, { forApi: false, scriptHashes: hashes })),
      };
    }
    return site.headers;
  };

  return async (c, next) => {
    const forApi = config.apiBasePath !== "" && `${c.req.path}/`.startsWith(apiPrefix);
    const headers = forApi ? apiHeaders : siteHeaders(await scriptHashes());
    // Before the handler: a response made through the context (c.json, c.body, c.redirect)
    // is then born with them. Setting headers on a finished response makes Hono rebuild it
    // as a stream, which cost the API about a third of its throughput.
    for (const [name, value] of headers) c.header(name, value);
    await next();
    const answer = c.res.headers;
    if (!forApi && isSubresourceType(answer.get("Content-Type"))) {
      for (const [name, value] of apiHeaders) answer.set(name, value);
    } else if (!answer.has("Content-Security-Policy")) {
      // A handler that returned a Response of its own skipped them.
      for (const [name, value] of headers) c.header(name, value);
    }
  };
}
