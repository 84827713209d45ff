CREATE TABLE "case_handover" (
	"id" serial PRIMARY KEY NOT NULL,
	"incident_id" integer NOT NULL,
	"from_roster_id" integer NOT NULL,
	"to_roster_id" integer NOT NULL,
	"audit_id" integer NOT NULL,
	"journal_entry_id" integer NOT NULL,
	"by_user_id" integer,
	"by_staff_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_handover" ADD CONSTRAINT "case_handover_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_handover" ADD CONSTRAINT "case_handover_from_roster_id_duty_roster_id_fk" FOREIGN KEY ("from_roster_id") REFERENCES "public"."duty_roster"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_handover" ADD CONSTRAINT "case_handover_to_roster_id_duty_roster_id_fk" FOREIGN KEY ("to_roster_id") REFERENCES "public"."duty_roster"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_handover" ADD CONSTRAINT "case_handover_audit_id_incident_audit_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."incident_audit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_handover" ADD CONSTRAINT "case_handover_journal_entry_id_journal_entry_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_handover" ADD CONSTRAINT "case_handover_by_user_id_app_user_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_handover" ADD CONSTRAINT "case_handover_by_staff_id_staff_id_fk" FOREIGN KEY ("by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_handover_from_idx" ON "case_handover" USING btree ("from_roster_id");--> statement-breakpoint
CREATE INDEX "case_handover_to_idx" ON "case_handover" USING btree ("to_roster_id");--> statement-breakpoint
CREATE INDEX "case_handover_incident_idx" ON "case_handover" USING btree ("incident_id");