CREATE TABLE "push_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"push_traffic_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"round" integer NOT NULL,
	"target" text NOT NULL,
	"destination" text NOT NULL,
	"outcome" text NOT NULL,
	"error" text,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"instance" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_traffic" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_traffic" ADD COLUMN "claim_token" text;--> statement-breakpoint
ALTER TABLE "push_traffic" ADD COLUMN "retry_step" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "push_attempts" ADD CONSTRAINT "push_attempts_push_traffic_id_push_traffic_id_fk" FOREIGN KEY ("push_traffic_id") REFERENCES "public"."push_traffic"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_attempts_traffic_idx" ON "push_attempts" USING btree ("push_traffic_id","at");--> statement-breakpoint
CREATE INDEX "push_traffic_due_idx" ON "push_traffic" USING btree ("next_attempt_at") WHERE "push_traffic"."next_attempt_at" is not null;--> statement-breakpoint
-- Messages already waiting (stored, in progress without a worker, scheduled) join the queue.
UPDATE "push_traffic" SET "next_attempt_at" = now() WHERE "status" IN (0, 1, 8);
