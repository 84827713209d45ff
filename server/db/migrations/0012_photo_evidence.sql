ALTER TABLE "attachment" ADD COLUMN "exif_captured_at" text;--> statement-breakpoint
ALTER TABLE "attachment" ADD COLUMN "exif_source" text;--> statement-breakpoint
ALTER TABLE "attachment" ADD COLUMN "device_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attachment" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "attachment" ADD COLUMN "deleted_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "attachment" ADD CONSTRAINT "attachment_deleted_by_staff_id_staff_id_fk" FOREIGN KEY ("deleted_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;