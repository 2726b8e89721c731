import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
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
    ...timestamps,
  },
  (table) => [
    check(
      "profiles_status_known",
      sql`${table.status} in ('pending', 'quote', 'active', 'paused', 'cancelled')`,
    ),
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("conversion_events_type_created_at").on(table.type, table.createdAt),
    check("conversion_events_type_known", sql`${table.type} in ('demo_booked')`),
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
  rateLimits,
};
