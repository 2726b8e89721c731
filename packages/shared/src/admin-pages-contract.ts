import { z } from "./zod-without-eval.ts";

/**
 * The JSON shapes of the back office's page editor (`/api/admin/pages…`, operators only).
 * Like the short-link editor's, reads carry the page's `revision`, also sent as its ETag, and
 * a write names the revision it replaces (If-Match) or asks to create only
 * (If-None-Match: *), so two people editing one page never overwrite each other unseen: the
 * second save is answered 412 naming who changed the page and when.
 *
 * Every save keeps a revision (who, when, the page as saved); any revision can be viewed and
 * restored, which saves it again as the newest.
 */

/** How a page's source is written: Markdown, or HTML. Both are sanitized by one allow-list. */
export const pageFormats = ["markdown", "html"] as const;
export type PageFormat = (typeof pageFormats)[number];

/** Longest title, subtitle and source the editor accepts (the CLI's limits). */
export const PAGE_TITLE_MAX_LENGTH = 200;
export const PAGE_SUBTITLE_MAX_LENGTH = 300;
/** 1 MiB of source, as `rise-admin pages put` reads at most. */
export const PAGE_SOURCE_MAX_LENGTH = 1024 * 1024;

/** Most revisions the history lists (newest first). */
export const PAGE_REVISIONS_LISTED = 100;

const pageText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !/[\p{Cc}\p{Cs}]/u.test(text), "must be plain text on one line");

/**
 * `POST /admin/pages/preview` body, and the editable part of a save: the source as written,
 * with {{COMPANY_NAME}}-style placeholders, in its format.
 */
export const pageSourceSchema = z.strictObject({
  format: z.enum(pageFormats),
  source: z.string().min(1, "is empty: write the page's text").max(PAGE_SOURCE_MAX_LENGTH),
});
export type PageSource = z.infer<typeof pageSourceSchema>;

/** `POST /admin/pages/preview` 200: the HTML exactly as a save would store and serve it. */
export const pagePreviewSchema = z.object({ html: z.string() });
export type PagePreview = z.infer<typeof pagePreviewSchema>;

/** `PUT /admin/pages/{handle}` body: the whole page as it should be. */
export const pageWriteSchema = pageSourceSchema.extend({
  title: pageText(PAGE_TITLE_MAX_LENGTH).refine((title) => title.trim() !== "", "is empty"),
  subtitle: pageText(PAGE_SUBTITLE_MAX_LENGTH).default(""),
});
export type PageWrite = z.input<typeof pageWriteSchema>;

/** `POST /admin/pages/{handle}/move` body: the new handle (a slug, as the CLI checks it). */
export const pageMoveSchema = z.strictObject({ to: z.string().min(1).max(100) });
export type PageMove = z.infer<typeof pageMoveSchema>;

/** Who made a change, as the activity log names them (its `actor`). */
export const changedBySchema = z.object({
  /** The account's e-mail (its uid without one), or "CLI on <host>". */
  name: z.string(),
  /** The account's uid; null for the CLI and for changes made before pages kept history. */
  uid: z.string().nullable(),
});

/**
 * A page's editable state: what its activity entries hold as `before` and `after` (kinds
 * "page.*"). The HTML is not part of it: it follows from the source.
 */
export const pageRecordSchema = z.object({
  handle: z.string(),
  title: z.string(),
  subtitle: z.string(),
  format: z.enum(pageFormats),
  source: z.string(),
});
export type PageRecord = z.infer<typeof pageRecordSchema>;

/** `GET`/`PUT /admin/pages/{handle}` 200 (201 when created), with the revision as ETag. */
export const adminPageSchema = pageRecordSchema.extend({
  /** Where visitors read it: /privacy-policy, /page/{handle}, … */
  path: z.string(),
  /** The HTML visitors get, sanitized. */
  html: z.string(),
  /** Names this version: send it back as If-Match to replace, move or delete exactly this one. */
  revision: z.string(),
  /** ISO 8601 instant of the last change. */
  updatedAt: z.string(),
  /** Who made it; null when no one is known (a page older than the page history). */
  updatedBy: changedBySchema.nullable(),
});
export type AdminPage = z.infer<typeof adminPageSchema>;

/** One row of `GET /admin/pages`. */
export const adminPageSummarySchema = adminPageSchema.pick({
  handle: true,
  title: true,
  path: true,
  updatedAt: true,
  updatedBy: true,
});
export type AdminPageSummary = z.infer<typeof adminPageSummarySchema>;

/** `GET /admin/pages` 200: the live pages by handle, and the old handles that answer 301. */
export const adminPageListSchema = z.object({
  pages: z.array(adminPageSummarySchema),
  /** Old handles kept answering with a 301 to the page they were renamed to. */
  renamed: z.array(z.object({ handle: z.string(), to: z.string() })),
});
export type AdminPageList = z.infer<typeof adminPageListSchema>;

/** One revision as the history lists it (`GET /admin/pages/{handle}/revisions`). */
export const pageRevisionSummarySchema = z.object({
  /** Grows with every save: the revision's number in the history. */
  id: z.number().int().positive(),
  /** ISO 8601 instant it was saved. */
  at: z.string(),
  by: changedBySchema,
  title: z.string(),
});
export type PageRevisionSummary = z.infer<typeof pageRevisionSummarySchema>;

/** `GET /admin/pages/{handle}/revisions` 200: newest first, at most PAGE_REVISIONS_LISTED. */
export const pageRevisionListSchema = z.object({
  revisions: z.array(pageRevisionSummarySchema).max(PAGE_REVISIONS_LISTED),
});
export type PageRevisionList = z.infer<typeof pageRevisionListSchema>;

/** `GET /admin/pages/{handle}/revisions/{id}` 200: the page as it was saved then. */
export const pageRevisionSchema = pageRevisionSummarySchema.extend({
  subtitle: z.string(),
  format: z.enum(pageFormats),
  source: z.string(),
  /** The HTML that revision served, sanitized. */
  html: z.string(),
});
export type PageRevision = z.infer<typeof pageRevisionSchema>;
