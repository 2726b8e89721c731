CREATE TABLE "conversion_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversion_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"landing" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversion_events_type_known" CHECK ("conversion_events"."type" in ('demo_booked'))
);
--> statement-breakpoint
-- UNLOGGED: request counters are throw-away (losing them in a crash only resets the
-- current minute), so they skip the write-ahead log on every request.
CREATE UNLOGGED TABLE "rate_limits" (
	"bucket" text NOT NULL,
	"client" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limits_bucket_client_window_start_pk" PRIMARY KEY("bucket","client","window_start")
);
--> statement-breakpoint
CREATE INDEX "conversion_events_type_created_at" ON "conversion_events" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "rate_limits_window_start" ON "rate_limits" USING btree ("window_start");