CREATE TABLE "badge_prints" (
	"edition_code" text NOT NULL,
	"holder_type" text NOT NULL,
	"holder_id" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"printed_at" timestamp with time zone NOT NULL,
	"job_id" uuid NOT NULL,
	CONSTRAINT "badge_prints_edition_code_holder_type_holder_id_pk" PRIMARY KEY("edition_code","holder_type","holder_id")
);
--> statement-breakpoint
CREATE TABLE "print_job_chunks" (
	"job_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "print_job_chunks_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
CREATE TABLE "print_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"document" text NOT NULL,
	"request" jsonb NOT NULL,
	"preview" boolean NOT NULL,
	"status" text NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	"bytes" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "print_job_chunks" ADD CONSTRAINT "print_job_chunks_job_id_print_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."print_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_jobs_created_idx" ON "print_jobs" USING btree ("created_at");--> statement-breakpoint
-- Badges print the meals label (HB, BO) in the edition's colours: editions stored before this setting get the usual ones.
UPDATE "editions" SET "settings" = jsonb_set("settings", '{mealLabelColors}', '{"HB": "#43a047", "BO": "#00acc1"}'::jsonb) WHERE NOT ("settings" ? 'mealLabelColors');
