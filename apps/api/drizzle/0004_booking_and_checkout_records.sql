CREATE TABLE "attribution_names" (
	"dimension" text NOT NULL,
	"name" text NOT NULL,
	"first_day" date NOT NULL,
	CONSTRAINT "attribution_names_dimension_name_pk" PRIMARY KEY("dimension","name"),
	CONSTRAINT "attribution_names_dimension_known" CHECK ("attribution_names"."dimension" in ('source', 'medium', 'campaign'))
);
--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"session" text PRIMARY KEY NOT NULL,
	"day" date,
	"source" text DEFAULT '' NOT NULL,
	"medium" text DEFAULT '' NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_bookings" (
	"invitee" text PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"medium" text DEFAULT '' NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"attributed_by" text DEFAULT 'none' NOT NULL,
	"landing" text,
	"confirmed" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"rescheduled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_bookings_attributed_by_known" CHECK ("demo_bookings"."attributed_by" in ('none', 'browser', 'provider', 'reference'))
);
--> statement-breakpoint
CREATE TABLE "visit_references" (
	"ref" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"medium" text NOT NULL,
	"campaign" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "attribution_names_dimension_first_day" ON "attribution_names" USING btree ("dimension","first_day");--> statement-breakpoint
CREATE INDEX "checkout_sessions_day" ON "checkout_sessions" USING btree ("day");--> statement-breakpoint
CREATE INDEX "demo_bookings_day" ON "demo_bookings" USING btree ("day");--> statement-breakpoint
CREATE INDEX "visit_references_created_at" ON "visit_references" USING btree ("created_at");--> statement-breakpoint
-- Booked demos the browser reported before the booking record existed: one booking each,
-- unconfirmed, under the names they carried.
INSERT INTO "demo_bookings" ("invitee", "day", "source", "medium", "campaign", "attributed_by", "landing", "created_at", "updated_at")
SELECT 'browser:before-0004-' || "id", ("created_at" AT TIME ZONE 'UTC')::date, coalesce("utm_source", ''),
       coalesce("utm_medium", ''), coalesce("utm_campaign", ''),
       CASE WHEN "utm_source" IS NULL THEN 'none' ELSE 'browser' END, "landing", "created_at", "created_at"
FROM "conversion_events" WHERE "type" = 'demo_booked';--> statement-breakpoint
-- Checkouts recorded before payment_status was read: they counted as paid then, and still do.
INSERT INTO "checkout_sessions" ("session", "day", "source", "medium", "campaign", "paid_at", "created_at", "updated_at")
SELECT 'before-0004:' || coalesce("stripe_event_id", "id"::text), ("created_at" AT TIME ZONE 'UTC')::date,
       coalesce("utm_source", ''), coalesce("utm_medium", ''), coalesce("utm_campaign", ''),
       "created_at", "created_at", "created_at"
FROM "conversion_events" WHERE "type" = 'checkout_completed';--> statement-breakpoint
-- The names landings already brought are not new: they never count against a day's budget.
INSERT INTO "attribution_names" ("dimension", "name", "first_day")
SELECT 'source', "source", min("day") FROM "campaign_landing_counts" GROUP BY "source"
UNION ALL SELECT 'medium', "medium", min("day") FROM "campaign_landing_counts" GROUP BY "medium"
UNION ALL SELECT 'campaign', "campaign", min("day") FROM "campaign_landing_counts" GROUP BY "campaign";
