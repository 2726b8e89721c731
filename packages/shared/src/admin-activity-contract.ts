import { z } from "./zod-without-eval.ts";

/**
 * The back office's activity log (`GET /api/admin/activity`, operators only): every change
 * made from the browser or the CLI, who made it, when, and the thing before and after.
 * Entries are only ever added; no route edits or deletes one.
 */

/** What a change was. The log may hold kinds a later build adds: show those as they are. */
export const activityKinds = [
  "link.created",
  "link.updated",
  "link.deleted",
  "link.moved",
  "page.created",
  "page.updated",
  "page.restored",
  "page.renamed",
  "page.deleted",
  "operator.invited",
  "operator.granted",
  "operator.revoked",
] as const;
export type ActivityKind = (typeof activityKinds)[number];

/** Most entries one page of the list holds. */
export const ACTIVITY_PAGE_SIZE = 50;

/** `GET /admin/activity?kind&before` query: entries older than the entry `before`, of `kind`. */
export const activityQuerySchema = z.object({
  kind: z.enum(activityKinds).optional(),
  before: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, "must be an entry's id, a whole number")
    .transform(Number)
    .optional(),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const activityEntrySchema = z.object({
  /** Grows with every entry: the list's order and its page marker. */
  id: z.number().int().positive(),
  /** ISO 8601 instant of the change. */
  at: z.string(),
  /**
   * Who made it: `name` is the account's e-mail (its uid without one) or "CLI on <host>";
   * `uid` is the account's, null for the CLI.
   */
  actor: z.object({ uid: z.string().nullable(), name: z.string() }),
  kind: z.string(),
  /**
   * What changed: "promo/spring" for a link, the handle for a page, the account's e-mail (its
   * uid without one) for the operator role.
   */
  subject: z.string(),
  /**
   * The thing as it was, or null when it was made by this change (links: ShortLinkRecord;
   * pages: PageRecord; the operator role: TeamRecord).
   */
  before: z.record(z.string(), z.unknown()).nullable(),
  /** The thing as it became, or null when this change deleted it. */
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** `GET /admin/activity` 200: newest first; `nextBefore` asks for the page after, null at the end. */
export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema).max(ACTIVITY_PAGE_SIZE),
  nextBefore: z.number().int().positive().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;
