CREATE TABLE "admin_change" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"action" text NOT NULL,
	"user_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "duty_roster_absence" (
	"duty_roster_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"leave_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duty_roster_absence_duty_roster_id_staff_id_pk" PRIMARY KEY("duty_roster_id","staff_id")
);
--> statement-breakpoint
CREATE TABLE "neighbouring_section" (
	"section_id" integer NOT NULL,
	"neighbour_id" integer NOT NULL,
	CONSTRAINT "neighbouring_section_section_id_neighbour_id_pk" PRIMARY KEY("section_id","neighbour_id")
);
--> statement-breakpoint
CREATE TABLE "password_reset_link" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_link_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "ronda_checkpoint" (
	"id" serial PRIMARY KEY NOT NULL,
	"ronda_loop_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"name" text NOT NULL,
	"km" real NOT NULL,
	"direction_id" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ronda_loop" (
	"id" serial PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"name" text NOT NULL,
	"point_a_name" text NOT NULL,
	"point_b_name" text NOT NULL,
	"km_from" real NOT NULL,
	"km_to" real NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_leave" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"leave_type_id" integer NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"remark" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"approver_staff_id" integer,
	"decided_at" timestamp with time zone,
	"created_by_staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shift" ADD COLUMN "jenis_roster_id" integer;--> statement-breakpoint
ALTER TABLE "shift" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "institution_id" integer;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "module_id" integer;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "duty_roster_absence" ADD CONSTRAINT "duty_roster_absence_duty_roster_id_duty_roster_id_fk" FOREIGN KEY ("duty_roster_id") REFERENCES "public"."duty_roster"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_roster_absence" ADD CONSTRAINT "duty_roster_absence_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_roster_absence" ADD CONSTRAINT "duty_roster_absence_leave_id_staff_leave_id_fk" FOREIGN KEY ("leave_id") REFERENCES "public"."staff_leave"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "neighbouring_section" ADD CONSTRAINT "neighbouring_section_section_id_section_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."section"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "neighbouring_section" ADD CONSTRAINT "neighbouring_section_neighbour_id_section_id_fk" FOREIGN KEY ("neighbour_id") REFERENCES "public"."section"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_link" ADD CONSTRAINT "password_reset_link_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ronda_checkpoint" ADD CONSTRAINT "ronda_checkpoint_ronda_loop_id_ronda_loop_id_fk" FOREIGN KEY ("ronda_loop_id") REFERENCES "public"."ronda_loop"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ronda_loop" ADD CONSTRAINT "ronda_loop_section_id_section_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."section"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_leave" ADD CONSTRAINT "staff_leave_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_leave" ADD CONSTRAINT "staff_leave_approver_staff_id_staff_id_fk" FOREIGN KEY ("approver_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_change_entity_idx" ON "admin_change" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "duty_roster_absence_staff_idx" ON "duty_roster_absence" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "password_reset_link_user_idx" ON "password_reset_link" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ronda_checkpoint_loop_idx" ON "ronda_checkpoint" USING btree ("ronda_loop_id","seq");--> statement-breakpoint
CREATE INDEX "ronda_loop_section_idx" ON "ronda_loop" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "staff_leave_staff_idx" ON "staff_leave" USING btree ("staff_id","date_from");--> statement-breakpoint
CREATE INDEX "staff_leave_from_idx" ON "staff_leave" USING btree ("date_from");--> statement-breakpoint
CREATE INDEX "staff_display_name_idx" ON "staff" USING btree ("display_name");