ALTER TABLE "deleted_games" ADD COLUMN "game_key" text;--> statement-breakpoint
ALTER TABLE "deleted_games" ADD COLUMN "game" jsonb;