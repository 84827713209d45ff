CREATE TABLE "broadcast_seen" (
	"broadcast_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "broadcast_seen_broadcast_id_staff_id_pk" PRIMARY KEY("broadcast_id","staff_id")
);
--> statement-breakpoint
CREATE TABLE "tmc_logsheet" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_staff_id" integer,
	"modified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "alert_notification" ADD COLUMN "event_key" text;--> statement-breakpoint
ALTER TABLE "broadcast_seen" ADD CONSTRAINT "broadcast_seen_broadcast_id_message_broadcast_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."message_broadcast"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_seen" ADD CONSTRAINT "broadcast_seen_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tmc_logsheet" ADD CONSTRAINT "tmc_logsheet_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tmc_logsheet" ADD CONSTRAINT "tmc_logsheet_region_id_region_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."region"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tmc_logsheet" ADD CONSTRAINT "tmc_logsheet_modified_by_staff_id_staff_id_fk" FOREIGN KEY ("modified_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tmc_logsheet_region_from_idx" ON "tmc_logsheet" USING btree ("region_id","from_at");--> statement-breakpoint
CREATE INDEX "tmc_logsheet_created_idx" ON "tmc_logsheet" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_notification_event_user_idx" ON "alert_notification" USING btree ("event_key","user_id");