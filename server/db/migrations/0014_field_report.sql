CREATE TABLE "field_report" (
	"id" serial PRIMARY KEY NOT NULL,
	"duty_roster_id" integer NOT NULL,
	"reported_by_user_id" integer,
	"reported_by_staff_id" integer NOT NULL,
	"reported_by_role" text NOT NULL,
	"category_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"kilometer_marker" text NOT NULL,
	"direction_id" integer NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy_meters" double precision,
	"note" text,
	"reported_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"device_id" text,
	"photo_name" text,
	"photo_type" text,
	"photo_byte_size" integer,
	"photo_sha256" text,
	"photo_width" integer,
	"photo_height" integer,
	"photo_captured_at" text,
	"photo_captured_at_source" text,
	"photo_device_time" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" integer,
	"decided_by_staff_id" integer,
	"reject_reason" text,
	"incident_id" integer
);
--> statement-breakpoint
CREATE TABLE "field_report_photo" (
	"field_report_id" integer PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "field_report" ADD CONSTRAINT "field_report_duty_roster_id_duty_roster_id_fk" FOREIGN KEY ("duty_roster_id") REFERENCES "public"."duty_roster"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_report" ADD CONSTRAINT "field_report_reported_by_user_id_app_user_id_fk" FOREIGN KEY ("reported_by_user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_report" ADD CONSTRAINT "field_report_reported_by_staff_id_staff_id_fk" FOREIGN KEY ("reported_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_report" ADD CONSTRAINT "field_report_section_id_section_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."section"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_report" ADD CONSTRAINT "field_report_region_id_region_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."region"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_report" ADD CONSTRAINT "field_report_decided_by_user_id_app_user_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_report" ADD CONSTRAINT "field_report_decided_by_staff_id_staff_id_fk" FOREIGN KEY ("decided_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_report" ADD CONSTRAINT "field_report_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_report_photo" ADD CONSTRAINT "field_report_photo_field_report_id_field_report_id_fk" FOREIGN KEY ("field_report_id") REFERENCES "public"."field_report"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "field_report_region_pending_idx" ON "field_report" USING btree ("region_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "field_report_region_decided_idx" ON "field_report" USING btree ("region_id","decided_at" DESC NULLS LAST) WHERE decided_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "field_report_roster_idx" ON "field_report" USING btree ("duty_roster_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "field_report_reporter_idx" ON "field_report" USING btree ("reported_by_staff_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "field_report_incident_idx" ON "field_report" USING btree ("incident_id") WHERE incident_id IS NOT NULL;