import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Logger } from "pino";
import type { ServerConfig } from "../config.ts";
import { ApiProblem, errorBody, problemResponse } from "../http/errors.ts";
import { rateLimit } from "../limits/rate-limit.ts";
import type { RateLimiter } from "../limits/rate-limiter.ts";

/**
 * POST {API}/csp-report: browsers report Content-Security-Policy violations here
 * (the policy's report-uri). Each report becomes one warning in the log, so a
 * policy that breaks a page in production shows up without a user telling us.
 * Anyone can post, so each client may send only RATE_LIMIT_CSP_REPORTS_PER_MINUTE
 * reports (429 beyond, so nobody can flood the log), the body is small and capped,
 * and only a few fields, shortened, reach the log.
 */

export const MAX_CSP_REPORT_BYTES = 8 * 1024;
const MAX_FIELD_LENGTH = 300;

// report-uri sends {"csp-report": {...}} with kebab-case names; the Reporting API
// sends [{type: "csp-violation", body: {...}}] with camelCase ones.
const FIELDS: Record<string, string> = {
  "document-uri": "documentUrl",
  documentURL: "documentUrl",
  "effective-directive": "directive",
  effectiveDirective: "directive",
  "violated-directive": "directive",
  "blocked-uri": "blockedUrl",
  blockedURL: "blockedUrl",
  "source-file": "sourceFile",
  sourceFile: "sourceFile",
  "line-number": "line",
  lineNumber: "line",
  "script-sample": "sample",
  sample: "sample",
  disposition: "disposition",
};

/** The fields worth logging from one report, or undefined if it isn't one. */
export function summarizeCspReport(payload: unknown): Record<string, string> | undefined {
  const first = Array.isArray(payload) ? payload[0] : payload;
  if (first === null || typeof first !== "object") return undefined;
  const record = first as Record<string, unknown>;
  const body = record["csp-report"] ?? record.body;
  if (body === null || typeof body !== "object") return undefined;
  const summary: Record<string, string> = {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    const field = FIELDS[name];
    if (!field || summary[field] !== undefined) continue;
    if (typeof value !== "string" && typeof value !== "number") continue;
    summary[field] = String(value).slice(0, MAX_FIELD_LENGTH);
  }
  return Object.keys(summary).length > 0 ? summary : undefined;
}

export interface CspReportDeps {
  logger: Pick<Logger, "warn">;
  limiter: RateLimiter;
  config: Pick<ServerConfig, "TRUST_PROXY" | "RATE_LIMIT_CSP_REPORTS_PER_MINUTE">;
}

export function cspReportRoute(deps: CspReportDeps): Hono {
  const app = new Hono();
  // The 429 of the rate limit, answered like the API's own.
  app.onError((error, c) => {
    if (error instanceof ApiProblem) return problemResponse(c, error);
    throw error;
  });
  app.post(
    "/",
    rateLimit(deps, {
      bucket: "csp-reports",
      perMinute: deps.config.RATE_LIMIT_CSP_REPORTS_PER_MINUTE,
    }),
    bodyLimit({
      maxSize: MAX_CSP_REPORT_BYTES,
      onError: (c) => c.json(errorBody("payload_too_large", "Report too large"), 413),
    }),
    async (c) => {
      let payload: unknown;
      try {
        payload = JSON.parse(await c.req.text());
      } catch {
        return c.json(errorBody("bad_request", "Expected a JSON CSP report"), 400);
      }
      const summary = summarizeCspReport(payload);
      if (!summary) return c.json(errorBody("bad_request", "Expected a JSON CSP report"), 400);
      deps.logger.warn({ csp: summary }, "Content-Security-Policy violation reported");
      return c.body(null, 204);
    },
  );
  return app;
}
