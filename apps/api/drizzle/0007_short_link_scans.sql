ALTER TABLE "short_link_clicks_by_day" DROP CONSTRAINT "short_link_clicks_by_day_positive";--> statement-breakpoint
ALTER TABLE "short_link_clicks_by_day" ADD COLUMN "scans" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "scans" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "short_link_clicks_by_day" ADD CONSTRAINT "short_link_clicks_by_day_counted" CHECK ("short_link_clicks_by_day"."clicks" >= 0 and "short_link_clicks_by_day"."scans" >= 0 and "short_link_clicks_by_day"."clicks" + "short_link_clicks_by_day"."scans" > 0);--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_scans_non_negative" CHECK ("short_links"."scans" >= 0);