CREATE TABLE "desk_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"edition_code" text NOT NULL,
	"badge_id" text NOT NULL,
	"holder_type" text NOT NULL,
	"person_id" integer NOT NULL,
	"mode" text NOT NULL,
	"meal_date" date,
	"meal" text,
	"event_key" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"desk" text NOT NULL,
	"account_id" uuid,
	CONSTRAINT "desk_events_seq_key" UNIQUE("seq")
);
--> statement-breakpoint
CREATE INDEX "desk_events_key_idx" ON "desk_events" USING btree ("edition_code","event_key");--> statement-breakpoint
CREATE INDEX "desk_events_mode_idx" ON "desk_events" USING btree ("edition_code","mode","meal_date");