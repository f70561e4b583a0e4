CREATE SEQUENCE "public"."payment_request_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "payment_bank_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"identity" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"booking_date" date NOT NULL,
	"value_date" date,
	"counterparty_name" text,
	"counterparty_account" text,
	"structured_reference" text,
	"communication" text,
	"outcome" text NOT NULL,
	"request_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_bank_movements_identity_key" UNIQUE("identity")
);
--> statement-breakpoint
CREATE TABLE "payment_bank_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"account" text NOT NULL,
	"imported_by" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"movement_count" integer NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_bank_statements_hash_key" UNIQUE("file_hash")
);
--> statement-breakpoint
CREATE TABLE "payment_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"request_id" integer NOT NULL,
	"issued_on" date NOT NULL,
	"customer_name" text NOT NULL,
	"customer_address" text NOT NULL,
	"customer_vat_number" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"lines" jsonb NOT NULL,
	"total_excl_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"paid_date" date,
	"structured_message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_invoices_number_key" UNIQUE("number"),
	CONSTRAINT "payment_invoices_request_key" UNIQUE("request_id")
);
--> statement-breakpoint
CREATE TABLE "payment_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"kind" text,
	"state" text DEFAULT 'running' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_by" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"movement_id" integer,
	"amount_cents" integer NOT NULL,
	"paid_on" date NOT NULL,
	"method" text NOT NULL,
	"outcome" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"counterparty_name" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_records_movement_key" UNIQUE("movement_id")
);
--> statement-breakpoint
CREATE TABLE "payment_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"source_id" text NOT NULL,
	"edition_code" text NOT NULL,
	"payer_name" text NOT NULL,
	"payer_emails" jsonb NOT NULL,
	"payer_address" text DEFAULT '' NOT NULL,
	"payer_language" text NOT NULL,
	"payer_vat_number" text DEFAULT '' NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"discount_remark" text DEFAULT '' NOT NULL,
	"total_cents" integer NOT NULL,
	"structured_message" text NOT NULL,
	"due_date" date NOT NULL,
	"sent_at" timestamp with time zone,
	"status" text DEFAULT 'open' NOT NULL,
	"received_cents" integer DEFAULT 0 NOT NULL,
	"paid_date" date,
	"flagged" boolean DEFAULT false NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"public_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_requests_number_key" UNIQUE("number"),
	CONSTRAINT "payment_requests_message_key" UNIQUE("structured_message"),
	CONSTRAINT "payment_requests_token_key" UNIQUE("public_token")
);
--> statement-breakpoint
ALTER TABLE "payment_bank_movements" ADD CONSTRAINT "payment_bank_movements_statement_id_payment_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."payment_bank_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_bank_movements" ADD CONSTRAINT "payment_bank_movements_request_id_payment_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payment_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_invoices" ADD CONSTRAINT "payment_invoices_request_id_payment_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payment_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_records" ADD CONSTRAINT "payment_records_request_id_payment_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payment_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_records" ADD CONSTRAINT "payment_records_movement_id_payment_bank_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."payment_bank_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_bank_movements_statement_idx" ON "payment_bank_movements" USING btree ("statement_id");--> statement-breakpoint
CREATE INDEX "payment_bank_movements_outcome_idx" ON "payment_bank_movements" USING btree ("outcome");--> statement-breakpoint
CREATE INDEX "payment_records_request_idx" ON "payment_records" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_one_open_per_source" ON "payment_requests" USING btree ("kind","source_id") WHERE "payment_requests"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "payment_requests_status_idx" ON "payment_requests" USING btree ("status");--> statement-breakpoint
CREATE INDEX "payment_requests_created_idx" ON "payment_requests" USING btree ("created_at");