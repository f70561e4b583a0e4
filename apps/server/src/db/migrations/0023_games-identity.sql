CREATE TABLE "deleted_games" (
	"id" serial PRIMARY KEY NOT NULL,
	"edition" text NOT NULL,
	"received_category" text NOT NULL,
	"received_round" integer NOT NULL,
	"white" text NOT NULL,
	"black" text NOT NULL,
	"white_fide_id" integer,
	"black_fide_id" integer,
	"deleted_by" text NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "games_identity_idx";--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "received_category" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "received_round" integer;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "feed" text DEFAULT 'upload' NOT NULL;--> statement-breakpoint
-- Games received before 0023: where they are is where they were received; a polled game's address is not known any more
-- (its feed matches no new poll, so only its players find it again). Their old keys (`3.12`, `3:a|b`) never equal a
-- new players key (`a|b`), and the ingest rewrites the key of each game it finds again.
UPDATE "games" SET "received_category" = "category", "received_round" = "round", "feed" = CASE WHEN "source" = 'poll' THEN 'poll:before-0023' ELSE "source" END;--> statement-breakpoint
ALTER TABLE "games" ALTER COLUMN "received_category" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ALTER COLUMN "received_round" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "paired" jsonb;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "moved_by" text;--> statement-breakpoint
CREATE INDEX "deleted_games_round_idx" ON "deleted_games" USING btree ("edition","received_category","received_round");--> statement-breakpoint
CREATE UNIQUE INDEX "games_identity_idx" ON "games" USING btree ("edition","received_category","received_round","game_key");