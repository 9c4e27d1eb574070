CREATE TABLE "upload_chunks" (
	"upload_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"user_key" integer NOT NULL,
	"company_id" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_chunks_upload_id_index_pk" PRIMARY KEY("upload_id","index")
);
--> statement-breakpoint
ALTER TABLE "upload_chunks" ADD CONSTRAINT "upload_chunks_user_key_users_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_chunks" ADD CONSTRAINT "upload_chunks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_chunks_user_idx" ON "upload_chunks" USING btree ("user_key");--> statement-breakpoint
CREATE INDEX "upload_chunks_company_idx" ON "upload_chunks" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "upload_chunks_created_idx" ON "upload_chunks" USING btree ("created_at");