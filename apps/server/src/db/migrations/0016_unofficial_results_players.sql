ALTER TABLE "unofficial_results" ADD COLUMN "white" text DEFAULT 'legacy:' || gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "unofficial_results" ADD COLUMN "black" text DEFAULT 'legacy:' || gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "unofficial_results" ADD COLUMN "white_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "unofficial_results" ADD COLUMN "black_name" text DEFAULT '' NOT NULL;