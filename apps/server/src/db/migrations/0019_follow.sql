CREATE TABLE "follow_digests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"edition" text NOT NULL,
	"email" text NOT NULL,
	"key" text NOT NULL,
	"round" integer NOT NULL,
	"covers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "follow_events" (
	"edition" text NOT NULL,
	"category" text NOT NULL,
	"pairing_number" integer NOT NULL,
	"event_key" text NOT NULL,
	"planned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"edition" text NOT NULL,
	"category" text NOT NULL,
	"pairing_number" integer NOT NULL,
	"national_id" integer,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"p256dh" text,
	"auth" text,
	"language" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmation_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"event_key" text NOT NULL,
	"topic" text NOT NULL,
	"notice" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_subscription_id_follow_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."follow_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "follow_digests_key_idx" ON "follow_digests" USING btree ("edition","email","key");--> statement-breakpoint
CREATE INDEX "follow_digests_due_idx" ON "follow_digests" USING btree ("sent_at","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "follow_events_key_idx" ON "follow_events" USING btree ("edition","category","pairing_number","event_key");--> statement-breakpoint
CREATE UNIQUE INDEX "follow_subscriptions_target_idx" ON "follow_subscriptions" USING btree ("edition","category","pairing_number","channel","target");--> statement-breakpoint
CREATE INDEX "follow_subscriptions_category_idx" ON "follow_subscriptions" USING btree ("edition","category");--> statement-breakpoint
CREATE INDEX "follow_subscriptions_endpoint_idx" ON "follow_subscriptions" USING btree ("target");--> statement-breakpoint
CREATE UNIQUE INDEX "push_outbox_event_idx" ON "push_outbox" USING btree ("subscription_id","event_key");--> statement-breakpoint
CREATE INDEX "push_outbox_due_idx" ON "push_outbox" USING btree ("status","next_attempt_at");