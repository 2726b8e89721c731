import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Editable pages (privacy policy, terms, …). A renamed page keeps its old row as a
 * tombstone whose `renamed_to` names the live page, so old URLs answer 301. Invariant
 * kept by the admin commands: a tombstone always points straight at a live page.
 */
export const contentPages = pgTable("content_pages", {
  handle: text("handle").primaryKey(),
  title: text("title").notNull(),
  subtitle: text("subtitle").notNull().default(""),
  /** Already sanitized on the way in. */
  html: text("html").notNull(),
  renamedTo: text("renamed_to"),
  ...timestamps,
});

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
    lastClickAt: timestamp("last_click_at", { withTimezone: true }),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.cat, table.id] }),
    check("short_links_clicks_non_negative", sql`${table.clicks} >= 0`),
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

/**
 * Conversions the browser reported (POST /events), with the visit's attribution, for
 * `npx rise-admin report attribution`. Empty utm values are stored as NULL.
 */
export const conversionEvents = pgTable(
  "conversion_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    type: text("type").notNull(),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    landing: text("landing"),
    /** The payment provider's event id for conversions it reported, so a replay adds nothing. */
    stripeEventId: text("stripe_event_id").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("conversion_events_type_created_at").on(table.type, table.createdAt),
    check(
      "conversion_events_type_known",
      sql`${table.type} in ('demo_booked', 'checkout_completed')`,
    ),
  ],
);

/**
 * Visits that started from a campaign or an outside referrer, counted per UTC day and
 * (source, medium, campaign, landing path): no visitor, address or time of day is kept,
 * so the table holds counts, never people. A missing utm value is stored as "" (part of
 * the key), read back as null.
 */
export const landingCounts = pgTable(
  "landing_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    source: text("source").notNull(),
    medium: text("medium").notNull(),
    campaign: text("campaign").notNull(),
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
    day: date("day", { mode: "string" }).notNull(),
    source: text("source").notNull(),
    medium: text("medium").notNull(),
    campaign: text("campaign").notNull(),
    count: integer("count").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.source, table.medium, table.campaign] }),
    check("campaign_landing_counts_count_positive", sql`${table.count} > 0`),
  ],
);

/**
 * Conversions counted per UTC day of their time, type and utm values ("" for none), kept
 * in the same transaction as each conversion_events row, so the funnel sums a few
 * thousand counts rather than every event.
 */
export const conversionCounts = pgTable(
  "conversion_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    type: text("type").notNull(),
    source: text("source").notNull(),
    medium: text("medium").notNull(),
    campaign: text("campaign").notNull(),
    count: integer("count").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.type, table.source, table.medium, table.campaign] }),
    check("conversion_counts_count_positive", sql`${table.count} > 0`),
  ],
);

/** Counted clicks of each short link per UTC day (bots excluded, like the total). */
export const shortLinkClicksByDay = pgTable(
  "short_link_clicks_by_day",
  {
    cat: text("cat").notNull(),
    id: text("id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    clicks: integer("clicks").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.cat, table.id, table.day] }),
    foreignKey({
      columns: [table.cat, table.id],
      foreignColumns: [shortLinks.cat, shortLinks.id],
    }).onDelete("cascade"),
    check("short_link_clicks_by_day_positive", sql`${table.clicks} > 0`),
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

export const schema = {
  contentPages,
  shortLinks,
  profiles,
  seedRuns,
  conversionEvents,
  landingCounts,
  campaignLandingCounts,
  conversionCounts,
  shortLinkClicksByDay,
  rateLimits,
};
