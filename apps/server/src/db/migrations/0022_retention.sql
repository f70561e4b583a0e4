CREATE TABLE "retention_runs" (
	"edition_code" text NOT NULL,
	"stage" text NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"counts" jsonb NOT NULL,
	CONSTRAINT "retention_runs_edition_code_stage_pk" PRIMARY KEY("edition_code","stage")
);
