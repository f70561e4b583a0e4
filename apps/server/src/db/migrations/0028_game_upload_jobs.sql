CREATE TABLE "game_upload_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"edition" text NOT NULL,
	"category" text NOT NULL,
	"round" integer,
	"status" text NOT NULL,
	"pgn" text,
	"total" integer,
	"parsed" integer DEFAULT 0 NOT NULL,
	"storable" integer,
	"stored" integer DEFAULT 0 NOT NULL,
	"counts" jsonb,
	"report" jsonb,
	"error_code" text,
	"error_message" text,
	"error_details" jsonb,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "game_upload_jobs_category_idx" ON "game_upload_jobs" USING btree ("edition","category","created_at");--> statement-breakpoint
CREATE INDEX "game_upload_jobs_status_idx" ON "game_upload_jobs" USING btree ("status");