CREATE TABLE "activity_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"duty_roster_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"km" real,
	"direction_id" integer,
	"ronda_checkpoint_id" integer,
	"location" text,
	"latitude" double precision,
	"longitude" double precision,
	"remark" text,
	"incident_id" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_no" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_no" text NOT NULL,
	"section_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "device_no_device_no_unique" UNIQUE("device_no")
);
--> statement-breakpoint
CREATE TABLE "duty_roster_member" (
	"id" serial PRIMARY KEY NOT NULL,
	"duty_roster_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"roster_role_id" integer
);
--> statement-breakpoint
CREATE TABLE "hp_no_section" (
	"id" serial PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"phone_no" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "duty_roster" ADD COLUMN "jenis_roster_id" integer;--> statement-breakpoint
ALTER TABLE "duty_roster" ADD COLUMN "device_no_id" integer;--> statement-breakpoint
ALTER TABLE "duty_roster" ADD COLUMN "hp_no_section_id" integer;--> statement-breakpoint
ALTER TABLE "duty_roster" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "duty_roster" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "duty_roster" ADD COLUMN "ronda_count" integer;--> statement-breakpoint
ALTER TABLE "duty_roster" ADD COLUMN "rehat_minutes" integer;--> statement-breakpoint
ALTER TABLE "duty_roster" ADD COLUMN "dlu_minutes" integer;--> statement-breakpoint
ALTER TABLE "duty_roster" ADD COLUMN "llu_minutes" integer;--> statement-breakpoint
ALTER TABLE "duty_roster" ADD COLUMN "inactive_gps_minutes" integer;--> statement-breakpoint
ALTER TABLE "duty_roster" ADD COLUMN "summary_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "duty_roster" ADD COLUMN "is_disemak" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "duty_roster" ADD COLUMN "acknowledged_by" integer;--> statement-breakpoint
ALTER TABLE "duty_roster" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "duty_roster" ADD COLUMN "is_disahkan" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "duty_roster" ADD COLUMN "approved_by" integer;--> statement-breakpoint
ALTER TABLE "duty_roster" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_duty_roster_id_duty_roster_id_fk" FOREIGN KEY ("duty_roster_id") REFERENCES "public"."duty_roster"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_ronda_checkpoint_id_ronda_checkpoint_id_fk" FOREIGN KEY ("ronda_checkpoint_id") REFERENCES "public"."ronda_checkpoint"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_no" ADD CONSTRAINT "device_no_section_id_section_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."section"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_roster_member" ADD CONSTRAINT "duty_roster_member_duty_roster_id_duty_roster_id_fk" FOREIGN KEY ("duty_roster_id") REFERENCES "public"."duty_roster"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_roster_member" ADD CONSTRAINT "duty_roster_member_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hp_no_section" ADD CONSTRAINT "hp_no_section_section_id_section_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."section"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_roster_at_idx" ON "activity_log" USING btree ("duty_roster_id","occurred_at");--> statement-breakpoint
CREATE INDEX "activity_log_occurred_idx" ON "activity_log" USING btree ("occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "duty_roster_member_roster_staff_idx" ON "duty_roster_member" USING btree ("duty_roster_id","staff_id");--> statement-breakpoint
CREATE INDEX "duty_roster_member_staff_idx" ON "duty_roster_member" USING btree ("staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hp_no_section_section_phone_idx" ON "hp_no_section" USING btree ("section_id","phone_no");--> statement-breakpoint
ALTER TABLE "duty_roster" ADD CONSTRAINT "duty_roster_device_no_id_device_no_id_fk" FOREIGN KEY ("device_no_id") REFERENCES "public"."device_no"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_roster" ADD CONSTRAINT "duty_roster_hp_no_section_id_hp_no_section_id_fk" FOREIGN KEY ("hp_no_section_id") REFERENCES "public"."hp_no_section"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_roster" ADD CONSTRAINT "duty_roster_acknowledged_by_staff_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_roster" ADD CONSTRAINT "duty_roster_approved_by_staff_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incident_audit_assignee_roster_idx" ON "incident_audit" USING btree ("assignee_roster_id") WHERE "incident_audit"."assignee_roster_id" is not null;