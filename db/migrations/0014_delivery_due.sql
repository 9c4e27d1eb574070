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
