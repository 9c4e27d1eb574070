-- Delivery's wake-up (issue 41): messages stored due tell every delivery engine when their
-- transaction commits ('delivery_due'; server/delivery/engine.ts listens), so a message waits
-- for no poll. One notification a statement, whatever the rows (the ingest's batch, a bulk
-- load); PostgreSQL folds a transaction's equal notifications into one. A retransmit notifies
-- in its own transaction (server/delivery/wake.ts).
CREATE FUNCTION push_traffic_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows WHERE next_attempt_at IS NOT NULL) THEN
    PERFORM pg_notify('delivery_due', '');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER push_traffic_due AFTER INSERT ON push_traffic REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION push_traffic_due();
--> statement-breakpoint
-- 0011's triggers that joined a statement's rows to a whole table (push_traffic for attempts,
-- command_lists for commands) were planned as a hash join over a scan of all of it (a transition
-- table has no statistics): every batch of delivery results read every message ever stored, a
-- cost growing with the table (issue 41). The rows are now looked up by their keys (an index
-- scan of `= ANY`), whatever the table's size.
CREATE OR REPLACE FUNCTION push_attempts_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portal_raise('delivery.attempt', portal_scope('tgid', tgid_id), ids)
  FROM (SELECT p.tgid_id, array_agg(p.id::text ORDER BY p.id) AS ids FROM push_traffic p
    WHERE p.id = ANY (ARRAY(SELECT DISTINCT push_traffic_id FROM new_rows))
    GROUP BY p.tgid_id) c;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION commands_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM portal_raise('command.state', portal_scope('company', company_id), ids)
    FROM (SELECT l.company_id, array_agg(l.id::text ORDER BY l.id) AS ids FROM command_lists l
      WHERE l.id = ANY (ARRAY(SELECT DISTINCT list_id FROM new_rows))
      GROUP BY l.company_id) c;
  ELSE
    PERFORM portal_raise('command.state', portal_scope('company', company_id), ids)
    FROM (SELECT l.company_id, array_agg(l.id::text ORDER BY l.id) AS ids FROM command_lists l
      WHERE l.id = ANY (ARRAY(SELECT DISTINCT n.list_id FROM new_rows n
        JOIN old_rows o ON (o.list_id, o.group_id, o.item_id) = (n.list_id, n.group_id, n.item_id)
        WHERE n.status IS DISTINCT FROM o.status))
      GROUP BY l.company_id) c;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Push traffic's hourly counts (0007's traffic_hourly_count) as static statements: the generic
-- function builds its statement with EXECUTE, which PostgreSQL plans again on every firing, and
-- the delivery engine fires it for every claim and every batch of results (issue 41). The same
-- deltas; robot traffic keeps the generic function.
CREATE FUNCTION push_traffic_hourly_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO traffic_hourly_delta (series, hour, status, dimension, delta)
    SELECT 'push', date_trunc('hour', les_c_stored_time, 'UTC'), status, delivery_type::text,
      count(*)
    FROM new_rows GROUP BY 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO traffic_hourly_delta (series, hour, status, dimension, delta)
    SELECT 'push', date_trunc('hour', les_c_stored_time, 'UTC'), status, delivery_type::text,
      -count(*)
    FROM old_rows GROUP BY 2, 3, 4;
  ELSE
    INSERT INTO traffic_hourly_delta (series, hour, status, dimension, delta)
    SELECT 'push', hour, status, dimension, sum(d) FROM (
      SELECT date_trunc('hour', les_c_stored_time, 'UTC') AS hour, status,
        delivery_type::text AS dimension, -1 AS d FROM old_rows
      UNION ALL
      SELECT date_trunc('hour', les_c_stored_time, 'UTC'), status, delivery_type::text, 1
      FROM new_rows) x
    GROUP BY hour, status, dimension HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER push_traffic_hourly_insert ON push_traffic;
--> statement-breakpoint
DROP TRIGGER push_traffic_hourly_update ON push_traffic;
--> statement-breakpoint
DROP TRIGGER push_traffic_hourly_delete ON push_traffic;
--> statement-breakpoint
CREATE TRIGGER push_traffic_hourly_insert AFTER INSERT ON push_traffic REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION push_traffic_hourly_count();
--> statement-breakpoint
CREATE TRIGGER push_traffic_hourly_update AFTER UPDATE ON push_traffic REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION push_traffic_hourly_count();
--> statement-breakpoint
CREATE TRIGGER push_traffic_hourly_delete AFTER DELETE ON push_traffic REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION push_traffic_hourly_count();
