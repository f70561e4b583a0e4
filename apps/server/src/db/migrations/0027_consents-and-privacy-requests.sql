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
ALTER TABLE "registrations" ADD COLUMN "consent_badge_photo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "consent_web_photo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "consent_public_name" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "consents_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "consents_changed_by" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "consent_badge_photo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "consent_web_photo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "consent_public_name" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "consents_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "consents_changed_by" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
CREATE INDEX "family_privacy_requests_email_idx" ON "family_privacy_requests" USING btree ("email");--> statement-breakpoint
CREATE INDEX "family_privacy_requests_status_idx" ON "family_privacy_requests" USING btree ("status","created_at");--> statement-breakpoint
-- Rows from before consents per purpose (decision 0020): the old single consent covered "the photo is used for the
-- badge" and the start list was public when they enrolled (the same names appear in the pairings); close-ups were
-- "only with permission", so the website and social-media photo stays refused until the family says yes.
UPDATE "registrations" SET "consent_badge_photo" = true, "consent_public_name" = true WHERE "consent" = true;--> statement-breakpoint
UPDATE "participants" SET "consent_badge_photo" = true, "consent_public_name" = true;
