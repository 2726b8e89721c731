import { z } from "./zod-without-eval.ts";

/**
 * The JSON shapes of the back office's short-link editor (`/api/admin/links/{cat}/{id}`,
 * operators only). Reads carry the link's `revision`, also sent as its ETag; a write names the
 * revision it replaces (If-Match) or asks to create only (If-None-Match: *), so two people
 * editing one link never overwrite each other unseen.
 */

/** Longest destination or fallback address the editor accepts. */
export const LINK_ADDRESS_MAX_LENGTH = 2000;

/** Longest campaign value (the analytics keep 100 characters of each). */
export const CAMPAIGN_VALUE_MAX_LENGTH = 100;

/**
 * The characters a campaign value of a short link may hold: URL-safe without escaping, so the
 * address sent is the one the team typed. Checked by the API (prepare-link-target.ts, for the
 * CLI too) and by the editor as the person types.
 */
export const CAMPAIGN_VALUE_PATTERN = /^[A-Za-z0-9._~-]{1,100}$/;

const campaignValue = z.string().min(1).max(CAMPAIGN_VALUE_MAX_LENGTH);

/**
 * The fields of Google's Campaign URL Builder, added to the destination as utm_source,
 * utm_medium, utm_campaign, utm_content and utm_term. Which characters each may hold is the
 * CLI's rule, checked by the API with the destination (so the two can't disagree).
 */
export const campaignFieldsSchema = z.strictObject({
  /** Campaign source: where the visitor comes from (sms, newsletter, flyer). */
  source: campaignValue,
  /** Campaign medium: how (text, email, print). */
  medium: campaignValue,
  /** Campaign name (spring-sale). */
  campaign: campaignValue,
  /** Campaign content: tells apart links of one campaign (top-banner). */
  content: campaignValue.nullish(),
  /** Campaign term: the paid keyword. */
  term: campaignValue.nullish(),
});
export type CampaignFields = z.infer<typeof campaignFieldsSchema>;

const linkAddress = z.string().min(1).max(LINK_ADDRESS_MAX_LENGTH);

/**
 * `PUT /admin/links/{cat}/{id}` body: the whole link as it should be (what is left out is
 * cleared). `destination` is a path on this site or an address on an allowed host, never
 * another short link; campaign fields only for destinations on this site. `fallback` is
 * where the link goes once `expiresAt` has passed; without one, the ended link answers 410.
 */
export const shortLinkWriteSchema = z
  .strictObject({
    destination: linkAddress,
    utm: campaignFieldsSchema.nullish(),
    expiresAt: z.iso
      .datetime({
        offset: true,
        error: "must be a date and time with its offset, e.g. 2026-06-30T23:59:00+02:00",
      })
      .nullish(),
    fallback: linkAddress.nullish(),
    signInRequired: z.boolean().default(false),
  })
  .refine((link) => !link.fallback || link.expiresAt, {
    message: "is only used once the link has expired: set expiresAt too, or leave it out",
    path: ["fallback"],
  });
export type ShortLinkWrite = z.input<typeof shortLinkWriteSchema>;

/** A link's campaign fields as stored: null where unset (the CLI may set only some). */
export const storedCampaignFieldsSchema = z.object({
  source: z.string().nullable(),
  medium: z.string().nullable(),
  campaign: z.string().nullable(),
  content: z.string().nullable(),
  term: z.string().nullable(),
});

/**
 * A link's editable state: what its activity entries hold as `before` and `after` (kinds
 * "link.*"), and the core of the editor's view.
 */
export const shortLinkRecordSchema = z.object({
  /** "cat/id". */
  link: z.string(),
  /** The destination without the campaign fields. */
  destination: z.string(),
  utm: storedCampaignFieldsSchema,
  /** Where a visitor is sent: the destination with the campaign fields added. */
  target: z.string(),
  signInRequired: z.boolean(),
  /** ISO 8601 instant the link ends, or null. */
  expiresAt: z.string().nullable(),
  fallback: z.string().nullable(),
});
export type ShortLinkRecord = z.infer<typeof shortLinkRecordSchema>;

/** `GET`/`PUT /admin/links/{cat}/{id}` 200 (201 when created), with the revision as ETag. */
export const adminShortLinkSchema = shortLinkRecordSchema.extend({
  cat: z.string(),
  id: z.string(),
  /** The full address to share (https://…/to/cat/id). */
  shortLink: z.string(),
  /** Clicks ever counted (bots excluded). */
  clicks: z.number().int().nonnegative(),
  /** Names this version: send it back as If-Match to replace or delete exactly this one. */
  revision: z.string(),
  /** ISO 8601 instant of the last change. */
  updatedAt: z.string(),
});
export type AdminShortLink = z.infer<typeof adminShortLinkSchema>;
