CREATE TABLE "collision_list" (
	"id" serial PRIMARY KEY NOT NULL,
	"incident_id" integer NOT NULL,
	"subform_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"collision_type_id" integer NOT NULL,
	"obstacle_object_type_id" integer,
	"stray_animal_type_id" integer
);
--> statement-breakpoint
CREATE TABLE "further_action_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"incident_id" integer NOT NULL,
	"subform_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"further_action_id" integer NOT NULL,
	"kind" text NOT NULL,
	"is_notified" boolean DEFAULT false NOT NULL,
	"is_arrived" boolean DEFAULT false NOT NULL,
	"is_completed" boolean DEFAULT false NOT NULL,
	"notified_at" timestamp with time zone,
	"arrived_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"record_created_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "injury" (
	"id" serial PRIMARY KEY NOT NULL,
	"incident_id" integer NOT NULL,
	"subform_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"casualty_type_id" integer NOT NULL,
	"race_id" integer,
	"gender_id" integer,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lane_closure" (
	"id" serial PRIMARY KEY NOT NULL,
	"incident_id" integer NOT NULL,
	"subform_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"road_lane_id" integer NOT NULL,
	"cardinal_direction_id" integer NOT NULL,
	"initial_closing_time" timestamp with time zone NOT NULL,
	"opening_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "road_furniture" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"default_unit_id" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "road_furniture_damage" (
	"id" serial PRIMARY KEY NOT NULL,
	"incident_id" integer NOT NULL,
	"subform_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"road_furniture_id" integer NOT NULL,
	"condition_id" integer NOT NULL,
	"count" numeric(10, 2) NOT NULL,
	"unit_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "road_lane_selection" (
	"id" serial PRIMARY KEY NOT NULL,
	"incident_id" integer NOT NULL,
	"subform_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"road_lane_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_jam" (
	"id" serial PRIMARY KEY NOT NULL,
	"incident_id" integer NOT NULL,
	"subform_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"distance" text NOT NULL,
	"duration_seconds" integer,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "involved_vehicle" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "lookup_item" ADD COLUMN "color" text;--> statement-breakpoint
ALTER TABLE "collision_list" ADD CONSTRAINT "collision_list_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collision_list" ADD CONSTRAINT "collision_list_subform_id_incident_subform_id_fk" FOREIGN KEY ("subform_id") REFERENCES "public"."incident_subform"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "further_action_item" ADD CONSTRAINT "further_action_item_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "further_action_item" ADD CONSTRAINT "further_action_item_subform_id_incident_subform_id_fk" FOREIGN KEY ("subform_id") REFERENCES "public"."incident_subform"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "injury" ADD CONSTRAINT "injury_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "injury" ADD CONSTRAINT "injury_subform_id_incident_subform_id_fk" FOREIGN KEY ("subform_id") REFERENCES "public"."incident_subform"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lane_closure" ADD CONSTRAINT "lane_closure_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lane_closure" ADD CONSTRAINT "lane_closure_subform_id_incident_subform_id_fk" FOREIGN KEY ("subform_id") REFERENCES "public"."incident_subform"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "road_furniture_damage" ADD CONSTRAINT "road_furniture_damage_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "road_furniture_damage" ADD CONSTRAINT "road_furniture_damage_subform_id_incident_subform_id_fk" FOREIGN KEY ("subform_id") REFERENCES "public"."incident_subform"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "road_furniture_damage" ADD CONSTRAINT "road_furniture_damage_road_furniture_id_road_furniture_id_fk" FOREIGN KEY ("road_furniture_id") REFERENCES "public"."road_furniture"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "road_lane_selection" ADD CONSTRAINT "road_lane_selection_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "road_lane_selection" ADD CONSTRAINT "road_lane_selection_subform_id_incident_subform_id_fk" FOREIGN KEY ("subform_id") REFERENCES "public"."incident_subform"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_jam" ADD CONSTRAINT "traffic_jam_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_jam" ADD CONSTRAINT "traffic_jam_subform_id_incident_subform_id_fk" FOREIGN KEY ("subform_id") REFERENCES "public"."incident_subform"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collision_list_subform_idx" ON "collision_list" USING btree ("subform_id");--> statement-breakpoint
CREATE INDEX "further_action_item_subform_idx" ON "further_action_item" USING btree ("subform_id");--> statement-breakpoint
CREATE INDEX "injury_subform_idx" ON "injury" USING btree ("subform_id");--> statement-breakpoint
CREATE INDEX "lane_closure_subform_idx" ON "lane_closure" USING btree ("subform_id");--> statement-breakpoint
CREATE INDEX "road_furniture_sort_idx" ON "road_furniture" USING btree ("sort_order");--> statement-breakpoint
CREATE INDEX "road_furniture_damage_subform_idx" ON "road_furniture_damage" USING btree ("subform_id");--> statement-breakpoint
CREATE INDEX "road_lane_selection_subform_idx" ON "road_lane_selection" USING btree ("subform_id");--> statement-breakpoint
CREATE INDEX "traffic_jam_subform_idx" ON "traffic_jam" USING btree ("subform_id");--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_jam_live_idx" ON "traffic_jam" USING btree ("subform_id") WHERE deleted_at IS NULL;