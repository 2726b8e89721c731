import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

/** How a page's source may be written; the check constraints below hold the same list. */
const pageFormats = ["markdown", "html"] as const;

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Editable pages (privacy policy, terms, …). A renamed page keeps its old row as a
 * tombstone whose `renamed_to` names the live page, so old URLs answer 301. Invariant
 * kept by the admin commands: a tombstone always points straight at a live page.
 */
export const contentPages = pgTable(
  "content_pages",
  {
    handle: text("handle").primaryKey(),
    title: text("title").notNull(),
    subtitle: text("subtitle").notNull().default(""),
    /** The page as written, {{PLACEHOLDERS}} kept: what the editor opens. */
    source: text("source").notNull(),
    /** How `source` is written: pageFormats of packages/shared's admin-pages-contract.ts. */
    format: text("format", { enum: pageFormats }).notNull(),
    /** `source` rendered and sanitized on the way in, with the placeholders filled. */
    html: text("html").notNull(),
    renamedTo: text("renamed_to"),
    /**
     * A new random value on every write: the editor's If-Match. Random rather than a counter,
     * so a page deleted and made again never repeats an old revision.
     */
    revision: uuid("revision").notNull().defaultRandom(),
    ...timestamps,
  },
  (table) => [check("content_pages_format", sql`${table.format} in ('markdown', 'html')`)],
);

/** A content page as stored. */
export type ContentPageRow = typeof contentPages.$inferSelect;

/**
 * Every version of every page, appended in the transaction of the write that made it, so any
 * can be viewed and restored. A rename moves a page's revisions to its new handle. A deleted
 * page's revisions are kept, marked with `deleted_at`, and never shown as the history of a
 * later page at that handle (content-pages/content-page-queries.ts says why).
 */
export const contentPageRevisions = pgTable(
  "content_page_revisions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    handle: text("handle").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** As the activity log names who: the account's e-mail (its uid), or "CLI on <host>". */
    actor: text("actor").notNull(),
    actorUid: text("actor_uid"),
    title: text("title").notNull(),
    subtitle: text("subtitle").notNull(),
    format: text("format", { enum: pageFormats }).notNull(),
    source: text("source").notNull(),
    html: text("html").notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (table) => [
    // A page's history, newest first.
    index("content_page_revisions_handle_id").on(table.handle, table.id),
    check("content_page_revisions_format", sql`${table.format} in ('markdown', 'html')`),
  ],
);

/**
 * Short links (/to/{cat}/{id}). Like pages, a moved link keeps a tombstone row whose
 * `moved_to` is "cat/id" of the live link.
 */
export const shortLinks = pgTable(
  "short_links",
  {
    cat: text("cat").notNull(),
    id: text("id").notNull(),
    /** Same-origin path or absolute http(s) URL, checked on write and again on read. */
    target: text("target").notNull(),
    signInRequired: boolean("sign_in_required").notNull().default(false),
    movedTo: text("moved_to"),
    clicks: integer("clicks").notNull().default(0),
    /** Follows from the link's QR code (its scan marker), counted apart from clicks (0024). */
    scans: integer("scans").notNull().default(0),
    /** The last click or scan. */
    lastClickAt: timestamp("last_click_at", { withTimezone: true }),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    utmContent: text("utm_content"),
    utmTerm: text("utm_term"),
    /** From this instant the link goes to `fallback`, or, without one, says it has ended (410). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Checked like `target`, on write and on read; only used once the link has expired. */
    fallback: text("fallback"),
    /**
     * A new random value on every write (never on a click): the editor's If-Match. Random
     * rather than a counter, so a link deleted and made again never repeats an old revision.
     */
    revision: uuid("revision").notNull().defaultRandom(),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.cat, table.id] }),
    check("short_links_clicks_non_negative", sql`${table.clicks} >= 0`),
    check("short_links_scans_non_negative", sql`${table.scans} >= 0`),
  ],
);

/** One row per signed-in Firebase user, created on first sight with status "pending". */
export const profiles = pgTable(
  "profiles",
  {
    uid: text("uid").primaryKey(),
    email: text("email"),
    status: text("status").notNull().default("pending"),
    /**
     * "operator": may read the marketing dashboard. The role's only home: the API checks it
     * on every /api/admin request and the page reads it from GET /me, so taking the role
     * away takes effect at the next request, not when an ID token expires.
     */
    role: text("role"),
    ...timestamps,
  },
  (table) => [
    check(
      "profiles_status_known",
      sql`${table.status} in ('pending', 'quote', 'active', 'paused', 'cancelled')`,
    ),
    check("profiles_role_known", sql`${table.role} in ('operator')`),
  ],
);

/** Seeds already applied (by name), so the local demo seed runs once per database. */
export const seedRuns = pgTable("seed_runs", {
  name: text("name").primaryKey(),
  appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The day and campaign the landing counts are kept by (both tables below: their keys agree). */
const campaignDayColumns = () => ({
  day: date("day", { mode: "string" }).notNull(),
  source: text("source").notNull(),
  medium: text("medium").notNull(),
  campaign: text("campaign").notNull(),
});

/**
 * Visits that started from a campaign or an outside referrer, counted per UTC day and
 * (source, medium, campaign, landing path): no visitor, address or time of day is kept,
 * so the table holds counts, never people. A missing utm value is stored as "" (part of
 * the key), read back as null.
 */
export const landingCounts = pgTable(
  "landing_counts",
  {
    ...campaignDayColumns(),
    landing: text("landing").notNull(),
    count: integer("count").notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.day, table.source, table.medium, table.campaign, table.landing],
    }),
    check("landing_counts_count_positive", sql`${table.count} > 0`),
  ],
);

/**
 * The same counts without the landing page: what the dashboard's funnel sums (by campaign,
 * source or medium), kept beside the full counts so a 90-day report reads a few thousand
 * rows rather than every page's. Written in the same transaction as landing_counts.
 */
export const campaignLandingCounts = pgTable(
  "campaign_landing_counts",
  {
    ...campaignDayColumns(),
    count: integer("count").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.source, table.medium, table.campaign] }),
    check("campaign_landing_counts_count_positive", sql`${table.count} > 0`),
  ],
);

/**
 * A visit's reference (decision 0022) with the names it came with: the payment provider's
 * checkout and the scheduling provider's booking carry the reference, and the webhooks read the
 * exact names back from here. Written by the visit's landing report; kept for the retention
 * period, like the counts.
 */
export const visitReferences = pgTable(
  "visit_references",
  {
    ref: text("ref").primaryKey(),
    source: text("source").notNull(),
    medium: text("medium").notNull(),
    campaign: text("campaign").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("visit_references_created_at").on(table.createdAt)],
);

/**
 * Booked demos, one row per invitee (decision 0021): the scheduling provider's signed webhook
 * is the record, the browser's report a hint merged into the same row by the invitee's URI.
 * `invitee` is the provider's invitee URI, or `browser:<uuid>` for a browser's report that
 * named none. A row counts while `canceled_at` is null: a reschedule cancels the old invitee
 * and creates a new one that takes over its day and attribution, so it stays one booking.
 * `attributed_by` says where the names came from, so a better source replaces a weaker one
 * whatever the order of arrival: reference > provider > browser > none.
 */
export const demoBookings = pgTable(
  "demo_bookings",
  {
    invitee: text("invitee").primaryKey(),
    /** The UTC day the demo was booked. */
    day: date("day", { mode: "string" }).notNull(),
    source: text("source").notNull().default(""),
    medium: text("medium").notNull().default(""),
    campaign: text("campaign").notNull().default(""),
    attributedBy: text("attributed_by").notNull().default("none"),
    landing: text("landing"),
    /** The scheduling provider's webhook told us of this invitee. */
    confirmed: boolean("confirmed").notNull().default(false),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    /** The invitee was canceled by a reschedule (a new invitee took its place). */
    rescheduled: boolean("rescheduled").notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index("demo_bookings_day").on(table.day),
    check(
      "demo_bookings_attributed_by_known",
      sql`${table.attributedBy} in ('none', 'browser', 'provider', 'reference')`,
    ),
  ],
);

/**
 * Checkout sessions the payment provider told us of, one row per session whatever events
 * arrive and in whatever order. A session counts as a paid sign-up once `paid_at` is set
 * (completed with payment_status paid or no_payment_required, or its delayed payment
 * succeeded) and `failed_at` is not (its delayed payment failed); `day` is the UTC day it was paid.
 */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    session: text("session").primaryKey(),
    day: date("day", { mode: "string" }),
    source: text("source").notNull().default(""),
    medium: text("medium").notNull().default(""),
    campaign: text("campaign").notNull().default(""),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index("checkout_sessions_day").on(table.day)],
);

/**
 * Each source, medium and campaign name the landings have brought, with the UTC day it first
 * came: a day's new names are counted against ATTRIBUTION_NEW_NAMES_PER_DAY (decision 0023).
 */
export const attributionNames = pgTable(
  "attribution_names",
  {
    dimension: text("dimension").notNull(),
    name: text("name").notNull(),
    firstDay: date("first_day", { mode: "string" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.dimension, table.name] }),
    index("attribution_names_dimension_first_day").on(table.dimension, table.firstDay),
    check(
      "attribution_names_dimension_known",
      sql`${table.dimension} in ('source', 'medium', 'campaign')`,
    ),
  ],
);

/** Counted clicks and QR code scans of each short link per UTC day (bots excluded, like the totals). */
export const shortLinkClicksByDay = pgTable(
  "short_link_clicks_by_day",
  {
    cat: text("cat").notNull(),
    id: text("id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    clicks: integer("clicks").notNull(),
    scans: integer("scans").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.cat, table.id, table.day] }),
    foreignKey({
      columns: [table.cat, table.id],
      foreignColumns: [shortLinks.cat, shortLinks.id],
    }).onDelete("cascade"),
    // A day's row exists once the link was followed that day, by a click or a scan.
    check(
      "short_link_clicks_by_day_counted",
      sql`${table.clicks} >= 0 and ${table.scans} >= 0 and ${table.clicks} + ${table.scans} > 0`,
    ),
  ],
);

/**
 * Fixed-window request counters, shared by every API instance: one row per bucket
 * ("redirect", "events"), client address and window start. Old windows are deleted
 * by the API instances as they share their counts (apps/api/src/limits/rate-limiter.ts).
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    bucket: text("bucket").notNull(),
    client: text("client").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.bucket, table.client, table.windowStart] }),
    index("rate_limits_window_start").on(table.windowStart),
  ],
);

/**
 * The back office's activity log: one entry per change, written in the change's own
 * transaction (apps/api/src/activity/record-activity.ts), so there is never a change without
 * its entry nor an entry for a change that was rolled back. Append-only: the API has no route
 * that edits or deletes an entry. `actor` is the account's e-mail (its uid when it has none)
 * or "CLI on <host>"; `actor_uid` is the account's uid, null for the CLI. `before` and `after`
 * are the thing as it was and became, null where there was none (a creation, a deletion).
 */
export const activityEntries = pgTable(
  "activity_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorUid: text("actor_uid"),
    actor: text("actor").notNull(),
    kind: text("kind").notNull(),
    subject: text("subject").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (table) => [
    // The list filtered by kind, newest first; the latest change of one subject.
    index("activity_entries_kind_id").on(table.kind, table.id),
    index("activity_entries_subject_id").on(table.subject, table.id),
  ],
);

export const schema = {
  contentPages,
  contentPageRevisions,
  shortLinks,
  profiles,
  seedRuns,
  landingCounts,
  campaignLandingCounts,
  visitReferences,
  demoBookings,
  checkoutSessions,
  attributionNames,
  shortLinkClicksByDay,
  rateLimits,
  activityEntries,
};
