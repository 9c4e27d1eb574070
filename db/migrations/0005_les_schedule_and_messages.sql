ALTER TABLE "commands" ADD COLUMN "start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commands" ADD COLUMN "next_step_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "station_messages" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "station_messages" ADD COLUMN "item_id" integer;--> statement-breakpoint
ALTER TABLE "station_messages" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "station_messages" ADD COLUMN "notification_recipients" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "station_messages" ADD COLUMN "notification_reference" text;--> statement-breakpoint
ALTER TABLE "station_messages" ADD COLUMN "notification_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "station_messages" ADD COLUMN "sender" text;--> statement-breakpoint
ALTER TABLE "station_messages" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "station_messages" ADD COLUMN "attachment_file" text;--> statement-breakpoint
ALTER TABLE "station_messages" ADD COLUMN "attachment_size" integer;--> statement-breakpoint
ALTER TABLE "station_messages" ADD COLUMN "attachment_type" text;--> statement-breakpoint
ALTER TABLE "station_messages" ADD COLUMN "next_step_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "station_messages" ADD CONSTRAINT "station_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commands_next_step_idx" ON "commands" USING btree ("next_step_at") WHERE "commands"."next_step_at" is not null;--> statement-breakpoint
CREATE INDEX "station_messages_company_idx" ON "station_messages" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "station_messages_list_idx" ON "station_messages" USING btree ("list_id");--> statement-breakpoint
CREATE INDEX "station_messages_next_step_idx" ON "station_messages" USING btree ("next_step_at") WHERE "station_messages"."next_step_at" is not null;