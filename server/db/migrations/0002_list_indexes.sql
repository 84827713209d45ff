CREATE INDEX "incident_category_at_idx" ON "incident" USING btree ("category_id","incident_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "incident_km_idx" ON "incident" USING btree ("km");--> statement-breakpoint
CREATE INDEX "incident_roster_idx" ON "incident" USING btree ("duty_roster_id");