CREATE TABLE "asset" (
	"id" serial PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"asset_category_id" integer NOT NULL,
	"name" text NOT NULL,
	"tag_no" text NOT NULL,
	"vehicle_id" integer,
	"remark" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_tag_no_unique" UNIQUE("tag_no")
);
--> statement-breakpoint
CREATE TABLE "asset_checklist_master" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset_category_id" integer NOT NULL,
	"name" text NOT NULL,
	"unit_label" text NOT NULL,
	"is_measurable" boolean NOT NULL,
	"default_quantity" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checklist_photo" (
	"id" serial PRIMARY KEY NOT NULL,
	"daily_asset_checklist_item_id" integer NOT NULL,
	"phase" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_by_staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_asset_checklist" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"duty_roster_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"odometer_pre" integer NOT NULL,
	"odometer_post" integer,
	"no_kad_tng" text,
	"no_kad_bahan_api" text,
	"remark" text,
	"pre_at" timestamp with time zone NOT NULL,
	"post_at" timestamp with time zone,
	"post_staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_asset_checklist_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"daily_asset_checklist_id" integer NOT NULL,
	"asset_checklist_master_id" integer NOT NULL,
	"expected_quantity" integer NOT NULL,
	"pre_quantity" integer,
	"pre_damaged" boolean DEFAULT false NOT NULL,
	"post_quantity" integer,
	"post_damaged" boolean DEFAULT false NOT NULL,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "vehicle_model" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"vehicle_type" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_sign" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicle" ADD COLUMN "vehicle_model_id" integer;--> statement-breakpoint
ALTER TABLE "vehicle" ADD COLUMN "attention_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vehicle" ADD COLUMN "attention_reason" text;--> statement-breakpoint
ALTER TABLE "vehicle" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicle" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "asset" ADD CONSTRAINT "asset_section_id_section_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."section"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset" ADD CONSTRAINT "asset_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_photo" ADD CONSTRAINT "checklist_photo_daily_asset_checklist_item_id_daily_asset_checklist_item_id_fk" FOREIGN KEY ("daily_asset_checklist_item_id") REFERENCES "public"."daily_asset_checklist_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_photo" ADD CONSTRAINT "checklist_photo_uploaded_by_staff_id_staff_id_fk" FOREIGN KEY ("uploaded_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_asset_checklist" ADD CONSTRAINT "daily_asset_checklist_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_asset_checklist" ADD CONSTRAINT "daily_asset_checklist_duty_roster_id_duty_roster_id_fk" FOREIGN KEY ("duty_roster_id") REFERENCES "public"."duty_roster"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_asset_checklist" ADD CONSTRAINT "daily_asset_checklist_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_asset_checklist" ADD CONSTRAINT "daily_asset_checklist_post_staff_id_staff_id_fk" FOREIGN KEY ("post_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_asset_checklist_item" ADD CONSTRAINT "daily_asset_checklist_item_daily_asset_checklist_id_daily_asset_checklist_id_fk" FOREIGN KEY ("daily_asset_checklist_id") REFERENCES "public"."daily_asset_checklist"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_asset_checklist_item" ADD CONSTRAINT "daily_asset_checklist_item_asset_checklist_master_id_asset_checklist_master_id_fk" FOREIGN KEY ("asset_checklist_master_id") REFERENCES "public"."asset_checklist_master"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_vehicle_idx" ON "asset" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "asset_section_idx" ON "asset" USING btree ("section_id");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_checklist_master_name_idx" ON "asset_checklist_master" USING btree ("asset_category_id",lower("name")) WHERE "asset_checklist_master"."is_active";--> statement-breakpoint
CREATE INDEX "checklist_photo_item_idx" ON "checklist_photo" USING btree ("daily_asset_checklist_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_asset_checklist_roster_vehicle_idx" ON "daily_asset_checklist" USING btree ("duty_roster_id","vehicle_id");--> statement-breakpoint
CREATE INDEX "daily_asset_checklist_vehicle_idx" ON "daily_asset_checklist" USING btree ("vehicle_id","pre_at");--> statement-breakpoint
CREATE INDEX "daily_asset_checklist_pre_at_idx" ON "daily_asset_checklist" USING btree ("pre_at");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_asset_checklist_item_idx" ON "daily_asset_checklist_item" USING btree ("daily_asset_checklist_id","asset_checklist_master_id");--> statement-breakpoint
CREATE INDEX "daily_asset_checklist_item_master_idx" ON "daily_asset_checklist_item" USING btree ("asset_checklist_master_id");--> statement-breakpoint
CREATE INDEX "daily_asset_checklist_item_defect_idx" ON "daily_asset_checklist_item" USING btree ("daily_asset_checklist_id") WHERE ("daily_asset_checklist_item"."pre_damaged" or "daily_asset_checklist_item"."pre_quantity" < "daily_asset_checklist_item"."expected_quantity") or ("daily_asset_checklist_item"."post_damaged" or "daily_asset_checklist_item"."post_quantity" < "daily_asset_checklist_item"."expected_quantity");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_model_name_idx" ON "vehicle_model" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "vehicle" ADD CONSTRAINT "vehicle_vehicle_model_id_vehicle_model_id_fk" FOREIGN KEY ("vehicle_model_id") REFERENCES "public"."vehicle_model"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_active_call_sign_idx" ON "vehicle" USING btree ("call_sign_id") WHERE "vehicle"."is_active" and "vehicle"."call_sign_id" is not null;--> statement-breakpoint
-- issue #16: the models of the vehicles already registered become vehicle_model rows, and each vehicle points at its own
INSERT INTO "vehicle_model" ("name", "vehicle_type") SELECT DISTINCT ON (lower("vehicle_model")) "vehicle_model", "vehicle_type" FROM "vehicle" ORDER BY lower("vehicle_model"), "vehicle_type";--> statement-breakpoint
UPDATE "vehicle" v SET "vehicle_model_id" = m."id" FROM "vehicle_model" m WHERE lower(m."name") = lower(v."vehicle_model");
