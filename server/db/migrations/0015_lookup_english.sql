ALTER TABLE "lookup_item" ADD COLUMN "value_en" text;--> statement-breakpoint
ALTER TABLE "role" ADD COLUMN "label_en" text;--> statement-breakpoint
ALTER TABLE "shift" ADD COLUMN "name_en" text;