ALTER TABLE "ruls" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "ruls" ADD CONSTRAINT "ruls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enids_id_key" ON "enids" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "ruls_id_key" ON "ruls" USING btree ("id");--> statement-breakpoint
CREATE INDEX "ruls_company_idx" ON "ruls" USING btree ("company_id");