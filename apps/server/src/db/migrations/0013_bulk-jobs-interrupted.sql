ALTER TABLE "payment_jobs" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "language" text DEFAULT 'nl' NOT NULL;