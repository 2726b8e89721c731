CREATE TABLE "content_page_revisions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_page_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"handle" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"actor_uid" text,
	"title" text NOT NULL,
	"subtitle" text NOT NULL,
	"format" text NOT NULL,
	"source" text NOT NULL,
	"html" text NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "content_page_revisions_format" CHECK ("content_page_revisions"."format" in ('markdown', 'html'))
);
--> statement-breakpoint
ALTER TABLE "content_pages" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "content_pages" ADD COLUMN "format" text;--> statement-breakpoint
-- Pages written before the editor kept only their HTML: that HTML is their source.
UPDATE "content_pages" SET "source" = "html", "format" = 'html';--> statement-breakpoint
ALTER TABLE "content_pages" ALTER COLUMN "source" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "content_pages" ALTER COLUMN "format" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "content_pages" ADD COLUMN "revision" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE INDEX "content_page_revisions_handle_id" ON "content_page_revisions" USING btree ("handle","id");--> statement-breakpoint
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_format" CHECK ("content_pages"."format" in ('markdown', 'html'));--> statement-breakpoint
-- Each live page's text as it is now, as its first revision, so it can always be restored.
INSERT INTO "content_page_revisions" ("handle", "at", "actor", "title", "subtitle", "format", "source", "html")
SELECT "handle", "updated_at", 'before page history', "title", "subtitle", "format", "source", "html"
FROM "content_pages" WHERE "renamed_to" IS NULL ORDER BY "handle";