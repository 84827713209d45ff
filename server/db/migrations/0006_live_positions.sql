CREATE TABLE "crossover" (
	"id" serial PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"km" real NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roster_latest_position" (
	"duty_roster_id" integer PRIMARY KEY NOT NULL,
	"position_id" bigint NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heading" real,
	"speed" real,
	"section_id" integer,
	"km" real,
	"offset_metres" real,
	"direction_id" integer
);
--> statement-breakpoint
CREATE TABLE "roster_position" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"duty_roster_id" integer NOT NULL,
	"user_id" integer,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accuracy" real,
	"heading" real,
	"speed" real,
	"section_id" integer,
	"km" real,
	"offset_metres" real,
	"direction_id" integer
);
--> statement-breakpoint
ALTER TABLE "crossover" ADD CONSTRAINT "crossover_section_id_section_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."section"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_latest_position" ADD CONSTRAINT "roster_latest_position_duty_roster_id_duty_roster_id_fk" FOREIGN KEY ("duty_roster_id") REFERENCES "public"."duty_roster"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_position" ADD CONSTRAINT "roster_position_duty_roster_id_duty_roster_id_fk" FOREIGN KEY ("duty_roster_id") REFERENCES "public"."duty_roster"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_position" ADD CONSTRAINT "roster_position_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crossover_section_km_idx" ON "crossover" USING btree ("section_id","km");--> statement-breakpoint
CREATE INDEX "roster_position_roster_at_idx" ON "roster_position" USING btree ("duty_roster_id","recorded_at");--> statement-breakpoint
CREATE INDEX "roster_position_recorded_idx" ON "roster_position" USING btree ("recorded_at");