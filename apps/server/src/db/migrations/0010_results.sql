CREATE TABLE "tournament_current" (
	"edition" text NOT NULL,
	"category" text NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_current_edition_category_pk" PRIMARY KEY("edition","category")
);
--> statement-breakpoint
CREATE TABLE "tournament_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"edition" text NOT NULL,
	"file_name" text NOT NULL,
	"tournament" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournament_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"edition" text NOT NULL,
	"category" text NOT NULL,
	"version" integer NOT NULL,
	"file_name" text NOT NULL,
	"tournament" jsonb NOT NULL,
	"published_by" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restored_from" integer
);
--> statement-breakpoint
CREATE TABLE "unofficial_results" (
	"edition" text NOT NULL,
	"category" text NOT NULL,
	"round" integer NOT NULL,
	"board" integer NOT NULL,
	"result" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unofficial_results_edition_category_round_board_pk" PRIMARY KEY("edition","category","round","board")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_versions_number_idx" ON "tournament_versions" USING btree ("edition","category","version");--> statement-breakpoint
CREATE INDEX "unofficial_results_category_idx" ON "unofficial_results" USING btree ("edition","category");