CREATE TABLE "landing_counts" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"medium" text NOT NULL,
	"campaign" text NOT NULL,
	"landing" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "landing_counts_day_source_medium_campaign_landing_pk" PRIMARY KEY("day","source","medium","campaign","landing"),
	CONSTRAINT "landing_counts_count_positive" CHECK ("landing_counts"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "short_link_clicks_by_day" (
	"cat" text NOT NULL,
	"id" text NOT NULL,
	"day" date NOT NULL,
	"clicks" integer NOT NULL,
	CONSTRAINT "short_link_clicks_by_day_cat_id_day_pk" PRIMARY KEY("cat","id","day"),
	CONSTRAINT "short_link_clicks_by_day_positive" CHECK ("short_link_clicks_by_day"."clicks" > 0)
);
--> statement-breakpoint
ALTER TABLE "conversion_events" DROP CONSTRAINT "conversion_events_type_known";--> statement-breakpoint
ALTER TABLE "conversion_events" ADD COLUMN "stripe_event_id" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "short_link_clicks_by_day" ADD CONSTRAINT "short_link_clicks_by_day_cat_id_short_links_cat_id_fk" FOREIGN KEY ("cat","id") REFERENCES "public"."short_links"("cat","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_events" ADD CONSTRAINT "conversion_events_stripe_event_id_unique" UNIQUE("stripe_event_id");--> statement-breakpoint
ALTER TABLE "conversion_events" ADD CONSTRAINT "conversion_events_type_known" CHECK ("conversion_events"."type" in ('demo_booked', 'checkout_completed'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_role_known" CHECK ("profiles"."role" in ('operator'));