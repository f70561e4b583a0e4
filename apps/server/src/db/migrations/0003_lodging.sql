CREATE SEQUENCE "public"."lodging_reservation_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "lodging_reservation_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reservation_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text,
	"action" text NOT NULL,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "lodging_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"submission_id" uuid,
	"edition_code" text NOT NULL,
	"language" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text NOT NULL,
	"address" text NOT NULL,
	"room_type" text NOT NULL,
	"arrival_date" date NOT NULL,
	"departure_date" date NOT NULL,
	"meal_plan" text NOT NULL,
	"guests" jsonb NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"internal_remarks" text DEFAULT '' NOT NULL,
	"discount" jsonb,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lodging_reservations_number_unique" UNIQUE("number"),
	CONSTRAINT "lodging_reservations_submission_id_unique" UNIQUE("submission_id")
);
--> statement-breakpoint
CREATE TABLE "lodging_room_assignments" (
	"room_number" text PRIMARY KEY NOT NULL,
	"reservation_id" uuid NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lodging_rooms" (
	"number" text PRIMARY KEY NOT NULL,
	"floor" integer NOT NULL,
	"room_type" text NOT NULL,
	"venue_code" text DEFAULT '' NOT NULL,
	"capacity" integer NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lodging_reservation_history" ADD CONSTRAINT "lodging_reservation_history_reservation_id_lodging_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."lodging_reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lodging_room_assignments" ADD CONSTRAINT "lodging_room_assignments_room_number_lodging_rooms_number_fk" FOREIGN KEY ("room_number") REFERENCES "public"."lodging_rooms"("number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lodging_room_assignments" ADD CONSTRAINT "lodging_room_assignments_reservation_id_lodging_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."lodging_reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lodging_reservation_history_reservation_idx" ON "lodging_reservation_history" USING btree ("reservation_id","at");--> statement-breakpoint
CREATE INDEX "lodging_reservations_created_at_idx" ON "lodging_reservations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "lodging_room_assignments_reservation_idx" ON "lodging_room_assignments" USING btree ("reservation_id");