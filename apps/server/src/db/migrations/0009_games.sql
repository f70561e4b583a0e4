CREATE TABLE "game_sources" (
	"edition" text NOT NULL,
	"category" text NOT NULL,
	"push_token_hash" text,
	"delay_seconds" integer DEFAULT 0 NOT NULL,
	"poll_url" text,
	"poll_seconds" integer DEFAULT 30 NOT NULL,
	"poll_round" integer,
	"poll_etag" text,
	"poll_last_modified" text,
	"poll_failures" integer DEFAULT 0 NOT NULL,
	"next_poll_at" timestamp with time zone,
	"last_poll_at" timestamp with time zone,
	"last_poll_success_at" timestamp with time zone,
	"last_poll_error" text,
	"last_poll_error_at" timestamp with time zone,
	"last_push_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_sources_edition_category_pk" PRIMARY KEY("edition","category")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"edition" text NOT NULL,
	"category" text NOT NULL,
	"round" integer NOT NULL,
	"board" integer,
	"game_key" text NOT NULL,
	"white" text NOT NULL,
	"black" text NOT NULL,
	"white_fide_id" integer,
	"black_fide_id" integer,
	"white_rating" integer,
	"black_rating" integer,
	"fen" text,
	"moves" jsonb NOT NULL,
	"result" text NOT NULL,
	"result_at" timestamp with time zone,
	"source" text NOT NULL,
	"pairing_board" integer,
	"pairing_linked_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "game_sources_next_poll_idx" ON "game_sources" USING btree ("next_poll_at");--> statement-breakpoint
CREATE UNIQUE INDEX "games_identity_idx" ON "games" USING btree ("edition","category","round","game_key");--> statement-breakpoint
CREATE INDEX "games_round_idx" ON "games" USING btree ("edition","category","round");