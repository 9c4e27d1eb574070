CREATE TABLE "monitoring_thresholds" (
	"queue" text PRIMARY KEY NOT NULL,
	"maximum" integer NOT NULL,
	"alert" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_key" integer
);
--> statement-breakpoint
CREATE TABLE "service_heartbeats" (
	"service" text PRIMARY KEY NOT NULL,
	"implementation" text NOT NULL,
	"instance" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_beat_at" timestamp with time zone NOT NULL,
	"last_work_at" timestamp with time zone,
	"processed" bigint DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "traffic_hourly" (
	"series" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"status" integer NOT NULL,
	"dimension" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "traffic_hourly_series_hour_status_dimension_pk" PRIMARY KEY("series","hour","status","dimension")
);
--> statement-breakpoint
CREATE TABLE "traffic_hourly_delta" (
	"series" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"status" integer NOT NULL,
	"dimension" text NOT NULL,
	"delta" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "monitoring_thresholds" ADD CONSTRAINT "monitoring_thresholds_updated_by_key_users_key_fk" FOREIGN KEY ("updated_by_key") REFERENCES "public"."users"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_events_process_idx" ON "push_events" USING btree ("process_id","timestamp");--> statement-breakpoint
CREATE INDEX "traffic_hourly_delta_series_hour_idx" ON "traffic_hourly_delta" USING btree ("series","hour");--> statement-breakpoint
-- The hourly traffic rollup (db/schema/monitoring.ts) is kept by statement-level triggers: each
-- statement appends its rows' (hour, status, dimension) counts to traffic_hourly_delta, the old
-- rows' ones negated; an update that changes none of them (the LES touching next_step_at) writes
-- nothing. Append only (no unique key): concurrent writers never wait on each other, whatever
-- hours they touch. server/services/monitoring/rollup.ts folds the deltas into traffic_hourly.
-- Arguments: the series, the time column, the dimension expression (SQL, from this file only).
CREATE FUNCTION traffic_hourly_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bucket text := format('date_trunc(''hour'', %I, ''UTC'')', TG_ARGV[1]);
  dim text := TG_ARGV[2];
  deltas text;
BEGIN
  deltas := CASE TG_OP
    WHEN 'INSERT' THEN
      format('SELECT %s AS hour, status, %s AS dimension, 1 AS d FROM new_rows', bucket, dim)
    WHEN 'DELETE' THEN
      format('SELECT %s AS hour, status, %s AS dimension, -1 AS d FROM old_rows', bucket, dim)
    ELSE
      format('SELECT %s AS hour, status, %s AS dimension, -1 AS d FROM old_rows UNION ALL '
        'SELECT %s, status, %s, 1 FROM new_rows', bucket, dim, bucket, dim)
  END;
  EXECUTE format('INSERT INTO traffic_hourly_delta (series, hour, status, dimension, delta) '
    'SELECT %L, hour, status, dimension, sum(d) FROM (%s) x GROUP BY hour, status, dimension '
    'HAVING sum(d) <> 0', TG_ARGV[0], deltas);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION traffic_hourly_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The deltas first: a fold moving them meanwhile has committed before the second statement.
  DELETE FROM traffic_hourly_delta WHERE series = TG_ARGV[0];
  DELETE FROM traffic_hourly WHERE series = TG_ARGV[0];
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER push_traffic_hourly_insert AFTER INSERT ON push_traffic REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION traffic_hourly_count('push', 'les_c_stored_time', 'delivery_type::text');
--> statement-breakpoint
CREATE TRIGGER push_traffic_hourly_update AFTER UPDATE ON push_traffic REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION traffic_hourly_count('push', 'les_c_stored_time', 'delivery_type::text');
--> statement-breakpoint
CREATE TRIGGER push_traffic_hourly_delete AFTER DELETE ON push_traffic REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION traffic_hourly_count('push', 'les_c_stored_time', 'delivery_type::text');
--> statement-breakpoint
CREATE TRIGGER push_traffic_hourly_truncate AFTER TRUNCATE ON push_traffic FOR EACH STATEMENT EXECUTE FUNCTION traffic_hourly_forget('push');
--> statement-breakpoint
CREATE TRIGGER robot_traffic_hourly_insert AFTER INSERT ON robot_traffic REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION traffic_hourly_count('robot', 'received_time', 'robot');
--> statement-breakpoint
CREATE TRIGGER robot_traffic_hourly_update AFTER UPDATE ON robot_traffic REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION traffic_hourly_count('robot', 'received_time', 'robot');
--> statement-breakpoint
CREATE TRIGGER robot_traffic_hourly_delete AFTER DELETE ON robot_traffic REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION traffic_hourly_count('robot', 'received_time', 'robot');
--> statement-breakpoint
CREATE TRIGGER robot_traffic_hourly_truncate AFTER TRUNCATE ON robot_traffic FOR EACH STATEMENT EXECUTE FUNCTION traffic_hourly_forget('robot');
--> statement-breakpoint
CREATE TRIGGER station_messages_hourly_insert AFTER INSERT ON station_messages REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION traffic_hourly_count('message', 'created_at', '''''');
--> statement-breakpoint
CREATE TRIGGER station_messages_hourly_update AFTER UPDATE ON station_messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION traffic_hourly_count('message', 'created_at', '''''');
--> statement-breakpoint
CREATE TRIGGER station_messages_hourly_delete AFTER DELETE ON station_messages REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION traffic_hourly_count('message', 'created_at', '''''');
--> statement-breakpoint
CREATE TRIGGER station_messages_hourly_truncate AFTER TRUNCATE ON station_messages FOR EACH STATEMENT EXECUTE FUNCTION traffic_hourly_forget('message');
--> statement-breakpoint
CREATE TRIGGER commands_hourly_insert AFTER INSERT ON commands REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION traffic_hourly_count('command', 'created_at', '''''');
--> statement-breakpoint
CREATE TRIGGER commands_hourly_update AFTER UPDATE ON commands REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION traffic_hourly_count('command', 'created_at', '''''');
--> statement-breakpoint
CREATE TRIGGER commands_hourly_delete AFTER DELETE ON commands REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION traffic_hourly_count('command', 'created_at', '''''');
--> statement-breakpoint
CREATE TRIGGER commands_hourly_truncate AFTER TRUNCATE ON commands FOR EACH STATEMENT EXECUTE FUNCTION traffic_hourly_forget('command');
--> statement-breakpoint
-- The traffic already there when the rollup arrives.
INSERT INTO traffic_hourly (series, hour, status, dimension, count)
SELECT 'push', date_trunc('hour', les_c_stored_time, 'UTC'), status, delivery_type::text, count(*) FROM push_traffic GROUP BY 2, 3, 4
UNION ALL
SELECT 'robot', date_trunc('hour', received_time, 'UTC'), status, robot, count(*) FROM robot_traffic GROUP BY 2, 3, 4
UNION ALL
SELECT 'message', date_trunc('hour', created_at, 'UTC'), status, '', count(*) FROM station_messages GROUP BY 2, 3
UNION ALL
SELECT 'command', date_trunc('hour', created_at, 'UTC'), status, '', count(*) FROM commands GROUP BY 2, 3;
