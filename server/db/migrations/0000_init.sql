CREATE TABLE "alert_notification" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"viewed" integer DEFAULT 0 NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"remark" text,
	"section_id" integer,
	"incident_id" integer,
	"duty_roster_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"staff_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"reset_password_count" integer DEFAULT 1 NOT NULL,
	"tokens_valid_after" timestamp with time zone DEFAULT now() NOT NULL,
	"auth_type" text DEFAULT 'LOCAL' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_user_username_unique" UNIQUE("username"),
	CONSTRAINT "app_user_staff_id_unique" UNIQUE("staff_id")
);
--> statement-breakpoint
CREATE TABLE "call_sign" (
	"id" serial PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"call_sign" text NOT NULL,
	CONSTRAINT "call_sign_call_sign_unique" UNIQUE("call_sign")
);
--> statement-breakpoint
CREATE TABLE "duty_roster" (
	"id" serial PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"shift_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"vehicle_id" integer,
	"duty_roster_name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"start_hour" text NOT NULL,
	"end_hour" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"remark" text,
	"status_alert" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_location" (
	"id" integer PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"location_type_id" integer,
	"km" real
);
--> statement-breakpoint
CREATE TABLE "gps_km_marker" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"km" real NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "highway" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "highway_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "incident_notification" (
	"id" serial PRIMARY KEY NOT NULL,
	"incident_id" integer NOT NULL,
	"subform_incident_id" integer,
	"ticket_number" text NOT NULL,
	"section_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"incident_status" text NOT NULL,
	"incident_at" timestamp with time zone NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookup_item" (
	"key" integer PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"value" text NOT NULL,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_broadcast" (
	"id" serial PRIMARY KEY NOT NULL,
	"region_id" integer NOT NULL,
	"sender_staff_id" integer NOT NULL,
	"sender_role_name" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "region" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"map_center" text NOT NULL,
	"map_zoom" real NOT NULL,
	CONSTRAINT "region_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "role_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "section" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"region_id" integer NOT NULL,
	"highway_id" integer NOT NULL,
	"is_combined" boolean DEFAULT false NOT NULL,
	"combined_section_id" integer,
	"km_start" real,
	"km_end" real,
	"map_center" text NOT NULL,
	"map_zoom" real NOT NULL,
	"alignment" jsonb,
	CONSTRAINT "section_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "shift" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category_id" integer,
	"start_hour" text NOT NULL,
	"end_hour" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_no" text NOT NULL,
	"display_name" text NOT NULL,
	"position" text NOT NULL,
	"nric" text,
	"phone" text,
	"email" text,
	"section_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_staff_no_unique" UNIQUE("staff_no")
);
--> statement-breakpoint
CREATE TABLE "team" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"section_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_member" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"staff_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_schedule" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"shift_id" integer NOT NULL,
	"vehicle_id" integer,
	"cycle_days" integer NOT NULL,
	"work_days" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle" (
	"id" serial PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"plate_number" text NOT NULL,
	"vehicle_model" text NOT NULL,
	"vehicle_type" text NOT NULL,
	"call_sign_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "vehicle_plate_number_unique" UNIQUE("plate_number")
);
--> statement-breakpoint
ALTER TABLE "alert_notification" ADD CONSTRAINT "alert_notification_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_notification" ADD CONSTRAINT "alert_notification_section_id_section_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."section"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_notification" ADD CONSTRAINT "alert_notification_duty_roster_id_duty_roster_id_fk" FOREIGN KEY ("duty_roster_id") REFERENCES "public"."duty_roster"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_sign" ADD CONSTRAINT "call_sign_section_id_section_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."section"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_roster" ADD CONSTRAINT "duty_roster_section_id_section_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."section"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_roster" ADD CONSTRAINT "duty_roster_shift_id_shift_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shift"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_roster" ADD CONSTRAINT "duty_roster_team_id_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_roster" ADD CONSTRAINT "duty_roster_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_location" ADD CONSTRAINT "event_location_section_id_section_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."section"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gps_km_marker" ADD CONSTRAINT "gps_km_marker_section_id_section_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."section"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_notification" ADD CONSTRAINT "incident_notification_section_id_section_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."section"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_notification" ADD CONSTRAINT "incident_notification_region_id_region_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."region"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_broadcast" ADD CONSTRAINT "message_broadcast_sender_staff_id_staff_id_fk" FOREIGN KEY ("sender_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section" ADD CONSTRAINT "section_region_id_region_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."region"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section" ADD CONSTRAINT "section_highway_id_highway_id_fk" FOREIGN KEY ("highway_id") REFERENCES "public"."highway"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_section_id_section_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."section"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team" ADD CONSTRAINT "team_section_id_section_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."section"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_member" ADD CONSTRAINT "team_member_team_id_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_member" ADD CONSTRAINT "team_member_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_schedule" ADD CONSTRAINT "team_schedule_team_id_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."team"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_schedule" ADD CONSTRAINT "team_schedule_shift_id_shift_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shift"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_schedule" ADD CONSTRAINT "team_schedule_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle" ADD CONSTRAINT "vehicle_section_id_section_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."section"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle" ADD CONSTRAINT "vehicle_call_sign_id_call_sign_id_fk" FOREIGN KEY ("call_sign_id") REFERENCES "public"."call_sign"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_notification_user_viewed_idx" ON "alert_notification" USING btree ("user_id","viewed","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "duty_roster_team_shift_date_idx" ON "duty_roster" USING btree ("team_id","shift_id","start_date");--> statement-breakpoint
CREATE INDEX "duty_roster_section_date_idx" ON "duty_roster" USING btree ("section_id","start_date");--> statement-breakpoint
CREATE INDEX "duty_roster_window_idx" ON "duty_roster" USING btree ("starts_at","ends_at");--> statement-breakpoint
CREATE INDEX "event_location_section_idx" ON "event_location" USING btree ("section_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gps_km_marker_section_km_idx" ON "gps_km_marker" USING btree ("section_id","km");--> statement-breakpoint
CREATE INDEX "incident_notification_region_read_idx" ON "incident_notification" USING btree ("region_id","read","updated_at");--> statement-breakpoint
CREATE INDEX "incident_notification_ticket_idx" ON "incident_notification" USING btree ("ticket_number");--> statement-breakpoint
CREATE INDEX "lookup_item_category_idx" ON "lookup_item" USING btree ("category","sort_order");--> statement-breakpoint
CREATE INDEX "message_broadcast_region_created_idx" ON "message_broadcast" USING btree ("region_id","created_at");--> statement-breakpoint
CREATE INDEX "section_region_idx" ON "section" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "section_combined_idx" ON "section" USING btree ("combined_section_id");--> statement-breakpoint
CREATE INDEX "staff_section_idx" ON "staff" USING btree ("section_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_section_name_idx" ON "team" USING btree ("section_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "team_member_team_staff_idx" ON "team_member" USING btree ("team_id","staff_id");--> statement-breakpoint
CREATE INDEX "team_member_staff_idx" ON "team_member" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "team_schedule_team_idx" ON "team_schedule" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "vehicle_section_idx" ON "vehicle" USING btree ("section_id");