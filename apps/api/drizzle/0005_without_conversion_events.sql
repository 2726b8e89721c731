DROP TABLE "conversion_counts" CASCADE;--> statement-breakpoint
DROP TABLE "conversion_events" CASCADE;