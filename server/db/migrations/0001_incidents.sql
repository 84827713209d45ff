CREATE TABLE "attachment" (
	"id" serial PRIMARY KEY NOT NULL,
	"incident_id" integer NOT NULL,
	"subform_id" integer,
	"journal_entry_id" integer,
	"table_type" text NOT NULL,
	"stored_name" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"sha256" text NOT NULL,
	"status_img" smallint DEFAULT 0 NOT NULL,
	"uploaded_by_staff_id" integer NOT NULL,
	"uploaded_by_role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "attachment_stored_name_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
CREATE TABLE "attachment_content" (
	"attachment_id" integer PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_number" text NOT NULL,
	"cip_ticket_number" text,
	"mhroads_ticket_number" text,
	"section_id" integer NOT NULL,
	"specific_section_id" integer,
	"region_id" integer NOT NULL,
	"highway_id" integer NOT NULL,
	"event_location_id" integer,
	"location_type_id" integer,
	"source_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"severity_id" integer,
	"direction_id" integer NOT NULL,
	"weather_id" integer,
	"lighting_id" integer,
	"kilometer_marker" text NOT NULL,
	"km" real,
	"chainage" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"duty_roster_id" integer,
	"status_id" integer,
	"subform_id" integer,
	"incident_at" timestamp with time zone NOT NULL,
	"created_by_staff_id" integer NOT NULL,
	"created_by_user_id" integer,
	"dispatched_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"arrived_at" timestamp with time zone,
	"assistance_done_at" timestamp with time zone,
	"case_done_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"has_done_entry" boolean DEFAULT false NOT NULL,
	"ever_cancelled" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incident_ticket_number_unique" UNIQUE("ticket_number")
);
--> statement-breakpoint
CREATE TABLE "incident_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"incident_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"assigner_staff_id" integer NOT NULL,
	"assigner_role_name" text NOT NULL,
	"assignee_roster_id" integer,
	"at" timestamp with time zone NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"remark" text,
	"rcc_late_code_id" integer,
	"pr_late_code_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident_subform" (
	"id" serial PRIMARY KEY NOT NULL,
	"incident_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"casual_type_id" integer,
	"assist_type_id" integer,
	"na_flag_traffic_jam" boolean DEFAULT false NOT NULL,
	"na_flag_lane_closure" boolean DEFAULT false NOT NULL,
	"na_flag_road_furniture" boolean DEFAULT false NOT NULL,
	"breakdown_cause_id" integer,
	"obstacle_object_type_id" integer,
	"stray_animal_type_id" integer,
	"move_to_safety" boolean,
	"hazard_type_id" integer,
	"others_type_id" integer,
	"remark" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "involved_vehicle" (
	"id" serial PRIMARY KEY NOT NULL,
	"incident_id" integer NOT NULL,
	"subform_id" integer NOT NULL,
	"vehicle_type_id" integer,
	"plate_number" text NOT NULL,
	"plate_normalized" text NOT NULL,
	"brand" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "journal_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"incident_id" integer NOT NULL,
	"subform_id" integer,
	"staff_id" integer NOT NULL,
	"role_name" text NOT NULL,
	"entry" text NOT NULL,
	"kind" text DEFAULT 'NOTE' NOT NULL,
	"read_status" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_counter" (
	"section_id" integer NOT NULL,
	"day" date NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_counter_section_id_day_pk" PRIMARY KEY("section_id","day")
);
--> statement-breakpoint
ALTER TABLE "attachment" ADD CONSTRAINT "attachment_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment" ADD CONSTRAINT "attachment_journal_entry_id_journal_entry_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment" ADD CONSTRAINT "attachment_uploaded_by_staff_id_staff_id_fk" FOREIGN KEY ("uploaded_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment_content" ADD CONSTRAINT "attachment_content_attachment_id_attachment_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident" ADD CONSTRAINT "incident_section_id_section_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."section"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident" ADD CONSTRAINT "incident_specific_section_id_section_id_fk" FOREIGN KEY ("specific_section_id") REFERENCES "public"."section"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident" ADD CONSTRAINT "incident_region_id_region_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."region"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident" ADD CONSTRAINT "incident_highway_id_highway_id_fk" FOREIGN KEY ("highway_id") REFERENCES "public"."highway"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident" ADD CONSTRAINT "incident_event_location_id_event_location_id_fk" FOREIGN KEY ("event_location_id") REFERENCES "public"."event_location"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident" ADD CONSTRAINT "incident_duty_roster_id_duty_roster_id_fk" FOREIGN KEY ("duty_roster_id") REFERENCES "public"."duty_roster"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident" ADD CONSTRAINT "incident_created_by_staff_id_staff_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident" ADD CONSTRAINT "incident_created_by_user_id_app_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_audit" ADD CONSTRAINT "incident_audit_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_audit" ADD CONSTRAINT "incident_audit_assigner_staff_id_staff_id_fk" FOREIGN KEY ("assigner_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_audit" ADD CONSTRAINT "incident_audit_assignee_roster_id_duty_roster_id_fk" FOREIGN KEY ("assignee_roster_id") REFERENCES "public"."duty_roster"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_subform" ADD CONSTRAINT "incident_subform_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "involved_vehicle" ADD CONSTRAINT "involved_vehicle_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "involved_vehicle" ADD CONSTRAINT "involved_vehicle_subform_id_incident_subform_id_fk" FOREIGN KEY ("subform_id") REFERENCES "public"."incident_subform"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entry" ADD CONSTRAINT "journal_entry_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entry" ADD CONSTRAINT "journal_entry_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_counter" ADD CONSTRAINT "ticket_counter_section_id_section_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."section"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachment_journal_idx" ON "attachment" USING btree ("journal_entry_id");--> statement-breakpoint
CREATE INDEX "attachment_subform_idx" ON "attachment" USING btree ("subform_id");--> statement-breakpoint
CREATE INDEX "attachment_incident_idx" ON "attachment" USING btree ("incident_id");--> statement-breakpoint
CREATE INDEX "incident_region_at_idx" ON "incident" USING btree ("region_id","incident_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "incident_section_at_idx" ON "incident" USING btree ("section_id","incident_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "incident_specific_section_at_idx" ON "incident" USING btree ("specific_section_id","incident_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "incident_at_idx" ON "incident" USING btree ("incident_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "incident_open_region_at_idx" ON "incident" USING btree ("region_id","incident_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status_id IS NULL OR status_id NOT IN (202, 210);--> statement-breakpoint
CREATE INDEX "incident_open_at_idx" ON "incident" USING btree ("incident_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status_id IS NULL OR status_id NOT IN (202, 210);--> statement-breakpoint
CREATE INDEX "incident_status_at_idx" ON "incident" USING btree ("status_id","incident_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "incident_roster_open_idx" ON "incident" USING btree ("duty_roster_id") WHERE status_id IS NULL OR status_id NOT IN (202, 210);--> statement-breakpoint
CREATE INDEX "incident_audit_incident_at_idx" ON "incident_audit" USING btree ("incident_id","at");--> statement-breakpoint
CREATE INDEX "incident_subform_incident_idx" ON "incident_subform" USING btree ("incident_id");--> statement-breakpoint
CREATE UNIQUE INDEX "incident_subform_live_idx" ON "incident_subform" USING btree ("incident_id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "involved_vehicle_plate_idx" ON "involved_vehicle" USING btree ("plate_normalized","incident_id");--> statement-breakpoint
CREATE INDEX "involved_vehicle_subform_idx" ON "involved_vehicle" USING btree ("subform_id");--> statement-breakpoint
CREATE INDEX "journal_entry_incident_idx" ON "journal_entry" USING btree ("incident_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "journal_entry_subform_idx" ON "journal_entry" USING btree ("subform_id");