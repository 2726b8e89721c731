CREATE TABLE "campaign_landing_counts" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"medium" text NOT NULL,
	"campaign" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "campaign_landing_counts_day_source_medium_campaign_pk" PRIMARY KEY("day","source","medium","campaign"),
	CONSTRAINT "campaign_landing_counts_count_positive" CHECK ("campaign_landing_counts"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "conversion_counts" (
	"day" date NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"medium" text NOT NULL,
	"campaign" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "conversion_counts_day_type_source_medium_campaign_pk" PRIMARY KEY("day","type","source","medium","campaign"),
	CONSTRAINT "conversion_counts_count_positive" CHECK ("conversion_counts"."count" > 0)
);
--> statement-breakpoint
-- Landings and conversions counted before these tables existed.
INSERT INTO "campaign_landing_counts" ("day", "source", "medium", "campaign", "count")
SELECT "day", "source", "medium", "campaign", sum("count") FROM "landing_counts"
GROUP BY "day", "source", "medium", "campaign";--> statement-breakpoint
INSERT INTO "conversion_counts" ("day", "type", "source", "medium", "campaign", "count")
SELECT ("created_at" AT TIME ZONE 'UTC')::date, "type", coalesce("utm_source", ''),
       coalesce("utm_medium", ''), coalesce("utm_campaign", ''), count(*)
FROM "conversion_events"
GROUP BY 1, 2, 3, 4, 5;
