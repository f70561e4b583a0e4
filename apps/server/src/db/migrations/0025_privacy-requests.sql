CREATE TABLE "family_privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"edition_code" text NOT NULL,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"kind" text NOT NULL,
	"registration_id" uuid,
	"correction" jsonb,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" text
);
--> statement-breakpoint
CREATE INDEX "family_privacy_requests_email_idx" ON "family_privacy_requests" USING btree ("email");--> statement-breakpoint
CREATE INDEX "family_privacy_requests_status_idx" ON "family_privacy_requests" USING btree ("status","created_at");