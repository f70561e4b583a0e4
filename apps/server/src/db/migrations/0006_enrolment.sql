CREATE TABLE "registration_photos" (
	"registration_id" uuid PRIMARY KEY NOT NULL,
	"jpeg" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"edition_code" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"player_key" text NOT NULL,
	"idbel" integer,
	"idfide" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birth_year" integer,
	"gender" text,
	"club_id" integer,
	"club_name" text,
	"fide_federation" text,
	"rating_national" integer,
	"rating_fide" integer,
	"fide_title" text,
	"category" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"parent" jsonb NOT NULL,
	"attendant" jsonb NOT NULL,
	"language" text NOT NULL,
	"consent" boolean DEFAULT false NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"fee_cents" integer,
	"remarks" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "attendees" (
	"id" serial PRIMARY KEY NOT NULL,
	"edition_code" text NOT NULL,
	"kind" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"category" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"meals_code" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "participant_photos" (
	"participant_id" integer PRIMARY KEY NOT NULL,
	"jpeg" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"edition_code" text NOT NULL,
	"kind" text NOT NULL,
	"player_key" text NOT NULL,
	"idbel" integer,
	"idfide" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birth_year" integer,
	"gender" text,
	"club_id" integer,
	"club_name" text,
	"fide_federation" text,
	"rating_national" integer,
	"rating_fide" integer,
	"fide_title" text,
	"category" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"parent_email" text DEFAULT '' NOT NULL,
	"attendant_email" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'nl' NOT NULL,
	"meals_code" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"fee_cents" integer,
	"remarks" text DEFAULT '' NOT NULL,
	"registration_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registration_photos" ADD CONSTRAINT "registration_photos_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_photos" ADD CONSTRAINT "participant_photos_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_one_confirmed_per_player_idx" ON "registrations" USING btree ("edition_code","kind","player_key") WHERE "registrations"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "registrations_edition_kind_idx" ON "registrations" USING btree ("edition_code","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "participants_one_per_player_idx" ON "participants" USING btree ("edition_code","kind","player_key");