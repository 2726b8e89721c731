import {
  cleanAttributionValue,
  hasUnprintableCharacter,
  visitReferencePattern,
} from "./attribution-record.ts";
import { z } from "./zod-without-eval.ts";

/**
 * The JSON shapes the API answers with. The API builds its responses from these
 * types and the browser parses responses with these schemas, so a change to either
 * side shows up as a type error on the other.
 */

/** Page handles, link categories and link ids: short URL-safe slugs. */
export const SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
export const SLUG_MAX_LENGTH = 64;
export const slugSchema = z.string().max(SLUG_MAX_LENGTH).regex(SLUG_PATTERN);

/** `GET /p/{handle}` 200: content is sanitized HTML, safe to insert as-is (still sanitized again in the browser). */
export const contentPageSchema = z.object({
  title: z.string(),
  subtitle: z.string(),
  content: z.string(),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

/** `GET /redirect/{cat}/{id}` 200: where to send the visitor (a same-origin path or an allowed URL). */
export const redirectResultSchema = z.object({ to: z.string() });
export type RedirectResult = z.infer<typeof redirectResultSchema>;

/**
 * 301 from `/p/{handle}` or `/redirect/{cat}/{id}`: the SITE path that now shows the
 * thing (e.g. "/page/new-handle", "/privacy-policy", "/to/cat/id"). Sent as a JSON
 * body with no Location header, so fetch() does not follow it.
 */
export const movedResultSchema = z.object({ location: z.string() });
export type MovedResult = z.infer<typeof movedResultSchema>;

export const profileStatuses = ["pending", "quote", "active", "paused", "cancelled"] as const;
export const profileStatusSchema = z.enum(profileStatuses);
export type ProfileStatus = z.infer<typeof profileStatusSchema>;

/** Whether `status` is one of the statuses this build knows. */
export function isKnownProfileStatus(status: string): status is ProfileStatus {
  return (profileStatuses as readonly string[]).includes(status);
}

/** The roles an account can have (the profiles column's CHECK has the same list); "operator" reads the marketing dashboard. */
export const userRoles = ["operator"] as const;
export const userRoleSchema = z.enum(userRoles);
export type UserRole = z.infer<typeof userRoleSchema>;

/**
 * `GET /me` 200. `email` is null for accounts without one (e.g. phone sign-in).
 * `status` is one of profileStatuses today, but the platform may add statuses before
 * every browser has the new build: the site accepts any and routes one it doesn't
 * know like a status with no special rule (spec §4 rules 2–4). `role` is null for
 * everyone but the team; a role added after this build reads as null, since none of
 * what it would open is in this build.
 */
export const meSchema = z.object({
  user: z.object({
    uid: z.string(),
    email: z.string().nullable(),
    profile: z.object({
      status: z.string().min(1).max(64),
      role: userRoleSchema.nullable().catch(null),
    }),
  }),
});
export type Me = z.infer<typeof meSchema>;

/** Error codes the API uses (other codes may be added; treat unknown ones like "internal"). */
export const apiErrorCodes = [
  "bad_request",
  "unauthorized",
  "forbidden",
  "not_found",
  "gone",
  "conflict",
  "precondition_failed",
  "precondition_required",
  "unprocessable_content",
  "method_not_allowed",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited",
  "service_unavailable",
  "internal",
] as const;

/** Every 4xx/5xx answer. `code` is stable and machine-readable; `message` is for humans. */
export const apiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Longest landing path a conversion may carry. */
export const LANDING_PATH_MAX_LENGTH = 300;

/**
 * A source, medium or campaign: refused with a control or format character in it, otherwise
 * kept as cleanAttributionValue keeps it (NFC, trimmed, cut to 100 characters), the one rule of
 * the capture, the cookie and the webhooks.
 */
const attributionValueSchema = z
  .string()
  .refine((value) => !hasUnprintableCharacter(value), "must not contain control characters")
  .transform(cleanAttributionValue);

/** A visit's reference (attribution-record.ts): 22 URL-safe characters. */
export const visitReferenceSchema = z
  .string()
  .regex(visitReferencePattern, "must be a visit reference of 22 URL-safe characters");

/**
 * The scheduling provider's address of one invitee (one person's booking), which its embed's
 * message and its webhook both carry: the key that makes the browser's report and the
 * provider's record one booking.
 */
export const INVITEE_URI_PATTERN =
  /^https:\/\/api\.calendly\.com\/scheduled_events\/[A-Za-z0-9-]{1,64}\/invitees\/[A-Za-z0-9-]{1,64}$/;
export const inviteeUriSchema = z
  .string()
  .regex(INVITEE_URI_PATTERN, "must be the scheduling provider's invitee address");

/** A path on this site as `location.pathname` gives it: printable ASCII, not protocol-relative. */
export const landingPathSchema = z
  .string()
  .max(LANDING_PATH_MAX_LENGTH)
  .regex(/^\/(?![/\\])[\x21-\x7e]*$/, "must be a path on this site starting with /");

/**
 * `POST /events` body: a conversion the browser saw (a booked demo), with the visit's
 * attribution (spec §3: utms, utmm, utmc), its reference and landing page, and the invitee the
 * scheduling page's message named. A hint: the scheduling provider's webhook is the record, and
 * both name the same invitee (decision 0021). Strict: unknown fields are refused, so a typo
 * never silently drops data.
 */
export const conversionEventSchema = z.strictObject({
  type: z.literal("demo_booked"),
  invitee: inviteeUriSchema.optional(),
  ref: visitReferenceSchema.optional(),
  attribution: z
    .strictObject({
      utms: attributionValueSchema,
      utmm: attributionValueSchema,
      utmc: attributionValueSchema,
    })
    .nullable(),
  landing: landingPathSchema.nullable(),
});
export type ConversionEvent = z.infer<typeof conversionEventSchema>;

/**
 * `POST /events` body: a visit that started from a campaign or an outside referrer, sent
 * once per visit. Only the source, the visit's reference and the first page: the API counts it
 * per day, keeps the reference with its names for the retention period, and nothing about the
 * visitor.
 */
export const landingEventSchema = z.strictObject({
  type: z.literal("landing"),
  /** The visit's reference, kept with its names so the providers' webhooks can credit them. */
  ref: visitReferenceSchema.optional(),
  attribution: z.strictObject({
    utms: attributionValueSchema.pipe(z.string().min(1, "must name the source")),
    utmm: attributionValueSchema,
    utmc: attributionValueSchema,
  }),
  landing: landingPathSchema,
});
export type LandingEvent = z.infer<typeof landingEventSchema>;

/** Every body `POST /events` accepts, told apart by `type`. */
export const siteEventSchema = z.discriminatedUnion("type", [
  conversionEventSchema,
  landingEventSchema,
]);
export type SiteEvent = z.infer<typeof siteEventSchema>;

/** `POST /events` 202: stored. */
export const conversionAcceptedSchema = z.object({ accepted: z.literal(true) });
export type ConversionAccepted = z.infer<typeof conversionAcceptedSchema>;

/** `GET /health` and `GET /ready` 200. */
export const healthSchema = z.object({ status: z.literal("ok") });
export type Health = z.infer<typeof healthSchema>;

/**
 * The site's page for a content page that doesn't exist: plain HTML with no app, which the
 * local server answers with 404 at the page's address (/page/:handle) when the database has
 * no such page, so the visitor reads it at the first paint. Outside /page/, so no handle can
 * name it.
 */
export const pageNotFoundPath = "/page-not-found";

/** The site path of the short link `cat`/`id`. */
export function sitePathForLink(cat: string, id: string): string {
  return `/to/${encodeURIComponent(cat)}/${encodeURIComponent(id)}`;
}
