CREATE TABLE "family_absences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"edition_code" text NOT NULL,
	"registration_id" uuid NOT NULL,
	"category" text NOT NULL,
	"round" integer NOT NULL,
	"kind" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"noted_at" timestamp with time zone,
	"noted_by" text
);
--> statement-breakpoint
CREATE TABLE "family_reservation_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reservation_id" uuid NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" text
);
--> statement-breakpoint
CREATE TABLE "family_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_sign_in_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email_digest" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "family_absences_one_per_round_idx" ON "family_absences" USING btree ("registration_id","round") WHERE "family_absences"."status" <> 'withdrawn';--> statement-breakpoint
CREATE INDEX "family_absences_list_idx" ON "family_absences" USING btree ("edition_code","category","round");--> statement-breakpoint
CREATE INDEX "family_reservation_requests_reservation_idx" ON "family_reservation_requests" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "family_reservation_requests_status_idx" ON "family_reservation_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "family_sessions_email_idx" ON "family_sessions" USING btree ("email");--> statement-breakpoint
CREATE INDEX "family_sessions_expires_idx" ON "family_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "family_sign_in_requests_digest_idx" ON "family_sign_in_requests" USING btree ("email_digest","at");