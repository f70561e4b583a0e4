CREATE TABLE "content_news" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"translations" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_page_versions" (
	"slug" text NOT NULL,
	"version" integer NOT NULL,
	"translations" jsonb NOT NULL,
	"hero_image" jsonb,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_page_versions_slug_version_pk" PRIMARY KEY("slug","version")
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"menu_group" text DEFAULT 'none' NOT NULL,
	"menu_order" integer DEFAULT 0 NOT NULL,
	"version" integer NOT NULL,
	"locked_by" text,
	"locked_by_name" text,
	"locked_at" timestamp with time zone,
	"working_copy" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_page_versions" ADD CONSTRAINT "content_page_versions_slug_content_pages_slug_fk" FOREIGN KEY ("slug") REFERENCES "public"."content_pages"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_news_date_idx" ON "content_news" USING btree ("date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "content_news"."published";