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
