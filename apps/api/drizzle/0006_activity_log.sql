CREATE TABLE "activity_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_uid" text,
	"actor" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "utm_content" text;--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "utm_term" text;--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "fallback" text;--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "revision" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE INDEX "activity_entries_kind_id" ON "activity_entries" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "activity_entries_subject_id" ON "activity_entries" USING btree ("subject","id");