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
-- Rows from before consents per purpose (decision 0017): the old single consent covered "the photo is used for the
-- badge" and the start list was public when they enrolled (the same names appear in the pairings); close-ups were
-- "only with permission", so the website and social-media photo stays refused until the family says yes.
UPDATE "registrations" SET "consent_badge_photo" = true, "consent_public_name" = true WHERE "consent" = true;--> statement-breakpoint
UPDATE "participants" SET "consent_badge_photo" = true, "consent_public_name" = true;
