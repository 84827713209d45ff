ALTER TABLE "duty_roster" ADD COLUMN "summary_entries" integer;--> statement-breakpoint
ALTER TABLE "duty_roster" ADD COLUMN "summary_fixes" integer;--> statement-breakpoint
ALTER TABLE "duty_roster" ADD COLUMN "track_metres" integer;