CREATE TABLE "member_import_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"status" text NOT NULL,
	"file" text,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"inserted" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" text,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "member_import_jobs_created_idx" ON "member_import_jobs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "member_import_jobs_status_idx" ON "member_import_jobs" USING btree ("status");