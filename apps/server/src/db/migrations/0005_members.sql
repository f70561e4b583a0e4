CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"idbel" integer,
	"idfide" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birth_year" integer,
	"birth_date" text,
	"gender" text,
	"club_id" integer,
	"club_name" text,
	"fide_federation" text,
	"rating_national" integer,
	"rating_fide" integer,
	"fide_title" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "members_idbel_idx" ON "members" USING btree ("idbel");--> statement-breakpoint
CREATE UNIQUE INDEX "members_idfide_idx" ON "members" USING btree ("idfide");--> statement-breakpoint
CREATE INDEX "members_name_idx" ON "members" USING btree (lower("last_name"),lower("first_name"));