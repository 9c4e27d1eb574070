CREATE TABLE "epadr_config" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"source_type" integer DEFAULT 0 NOT NULL,
	"source_address" text DEFAULT '' NOT NULL,
	"poll_minutes" integer DEFAULT 5 NOT NULL,
	"report_format" integer DEFAULT 0 NOT NULL,
	"dnids" integer[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_key" integer,
	CONSTRAINT "epadr_config_single_row" CHECK ("epadr_config"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "epadr_config" ADD CONSTRAINT "epadr_config_updated_by_key_users_key_fk" FOREIGN KEY ("updated_by_key") REFERENCES "public"."users"("key") ON DELETE set null ON UPDATE no action;