-- Change events (issue 38, db/events.ts): statement-level triggers raise them on the channel
-- 'portal_events', so every writer (any instance, the worker, a script) tells every listening
-- server, when its transaction commits and never when it rolls back. An event names the rows
-- that changed (`ids`) and whose they are (`scope`, the tenant rules' terms): {"tgid": n},
-- {"company": n}, {"admins": true}, or null (every signed-in user). One notification per scope
-- and statement, its ids in chunks small enough for NOTIFY's 8,000-byte payload.
CREATE FUNCTION portal_raise(event_type text, event_scope jsonb, event_ids text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  n int := coalesce(array_length(event_ids, 1), 0);
  i int := 1;
BEGIN
  WHILE i <= n LOOP
    PERFORM pg_notify('portal_events', json_build_object(
      'type', event_type, 'ids', to_json(event_ids[i:i + 199]), 'scope', event_scope)::text);
    i := i + 200;
  END LOOP;
END
$$;
--> statement-breakpoint
-- A row's scope: its tgid's or company's; a row of neither is administrators' only.
CREATE FUNCTION portal_scope(kind text, owner int) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN owner IS NULL THEN '{"admins": true}'::jsonb ELSE jsonb_build_object(kind, owner) END
$$;
--> statement-breakpoint
-- Push traffic: a new message, or a changed status (a claim's In progress too: one statement
-- claims a batch, so it raises one event per tgid of the batch).
CREATE FUNCTION push_traffic_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM portal_raise('push.status', portal_scope('tgid', tgid_id), ids)
    FROM (SELECT tgid_id, array_agg(id::text ORDER BY id) AS ids FROM new_rows GROUP BY tgid_id) c;
  ELSE
    PERFORM portal_raise('push.status', portal_scope('tgid', tgid_id), ids)
    FROM (SELECT n.tgid_id, array_agg(n.id::text ORDER BY n.id) AS ids
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.status IS DISTINCT FROM o.status GROUP BY n.tgid_id) c;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER push_traffic_events_insert AFTER INSERT ON push_traffic REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION push_traffic_events();
--> statement-breakpoint
CREATE TRIGGER push_traffic_events_update AFTER UPDATE ON push_traffic REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION push_traffic_events();
--> statement-breakpoint
-- A delivery attempt recorded: the ids are the messages' (the attempt log is read per message).
CREATE FUNCTION push_attempts_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portal_raise('delivery.attempt', portal_scope('tgid', tgid_id), ids)
  FROM (SELECT p.tgid_id, array_agg(DISTINCT p.id::text) AS ids
    FROM new_rows n JOIN push_traffic p ON p.id = n.push_traffic_id GROUP BY p.tgid_id) c;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER push_attempts_events AFTER INSERT ON push_attempts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION push_attempts_events();
--> statement-breakpoint
-- Commands: a new one, or a changed status; the ids are their lists' (a screen shows a list).
CREATE FUNCTION commands_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM portal_raise('command.state', portal_scope('company', company_id), ids)
    FROM (SELECT l.company_id, array_agg(DISTINCT l.id::text) AS ids
      FROM new_rows n JOIN command_lists l ON l.id = n.list_id GROUP BY l.company_id) c;
  ELSE
    PERFORM portal_raise('command.state', portal_scope('company', company_id), ids)
    FROM (SELECT l.company_id, array_agg(DISTINCT l.id::text) AS ids
      FROM new_rows n
      JOIN old_rows o ON (o.list_id, o.group_id, o.item_id) = (n.list_id, n.group_id, n.item_id)
      JOIN command_lists l ON l.id = n.list_id
      WHERE n.status IS DISTINCT FROM o.status GROUP BY l.company_id) c;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER commands_events_insert AFTER INSERT ON commands REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION commands_events();
--> statement-breakpoint
CREATE TRIGGER commands_events_update AFTER UPDATE ON commands REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION commands_events();
--> statement-breakpoint
-- Messaging C messages: a new one, or a changed status.
CREATE FUNCTION station_messages_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM portal_raise('message.state', portal_scope('company', company_id), ids)
    FROM (SELECT company_id, array_agg(ref_num::text ORDER BY ref_num) AS ids
      FROM new_rows GROUP BY company_id) c;
  ELSE
    PERFORM portal_raise('message.state', portal_scope('company', company_id), ids)
    FROM (SELECT n.company_id, array_agg(n.ref_num::text ORDER BY n.ref_num) AS ids
      FROM new_rows n JOIN old_rows o ON o.ref_num = n.ref_num
      WHERE n.status IS DISTINCT FROM o.status GROUP BY n.company_id) c;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER station_messages_events_insert AFTER INSERT ON station_messages REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION station_messages_events();
--> statement-breakpoint
CREATE TRIGGER station_messages_events_update AFTER UPDATE ON station_messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION station_messages_events();
--> statement-breakpoint
-- A service's beat (at most every 5 s while quiet, server/services/monitoring/heartbeats.ts):
-- the monitoring screens are administrators'.
CREATE FUNCTION service_heartbeats_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portal_raise('service.heartbeat', '{"admins": true}'::jsonb,
    array_agg(service ORDER BY service)) FROM new_rows HAVING count(*) > 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER service_heartbeats_events_insert AFTER INSERT ON service_heartbeats REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION service_heartbeats_events();
--> statement-breakpoint
CREATE TRIGGER service_heartbeats_events_update AFTER UPDATE ON service_heartbeats REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION service_heartbeats_events();
--> statement-breakpoint
-- News published, changed or withdrawn: a public item is every user's, another administrators'.
CREATE FUNCTION news_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM portal_raise('news.published', CASE WHEN public THEN NULL ELSE '{"admins": true}'::jsonb END, ids)
    FROM (SELECT public, array_agg(id::text ORDER BY id) AS ids FROM old_rows GROUP BY public) c;
  ELSE
    PERFORM portal_raise('news.published', CASE WHEN public THEN NULL ELSE '{"admins": true}'::jsonb END, ids)
    FROM (SELECT public, array_agg(id::text ORDER BY id) AS ids FROM new_rows GROUP BY public) c;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER news_events_insert AFTER INSERT ON news REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION news_events();
--> statement-breakpoint
CREATE TRIGGER news_events_update AFTER UPDATE ON news REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION news_events();
--> statement-breakpoint
CREATE TRIGGER news_events_delete AFTER DELETE ON news REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION news_events();
--> statement-breakpoint
-- The servers' own events, never sent to a browser. session.ended: these users' sessions may
-- have ended or changed (logout, deactivation, another team or company, a password reset); the
-- streams of those users check their session again, and every instance forgets its cached ones.
CREATE FUNCTION sessions_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM portal_raise('session.ended', NULL, array_agg(DISTINCT user_key::text))
    FROM old_rows HAVING count(*) > 0;
  ELSE
    PERFORM portal_raise('session.ended', NULL, array_agg(DISTINCT n.user_key::text))
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.revoked_at IS DISTINCT FROM o.revoked_at HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_events_update AFTER UPDATE ON sessions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sessions_events();
--> statement-breakpoint
CREATE TRIGGER sessions_events_delete AFTER DELETE ON sessions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sessions_events();
--> statement-breakpoint
CREATE FUNCTION users_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM portal_raise('session.ended', NULL, array_agg(key::text ORDER BY key))
    FROM old_rows HAVING count(*) > 0;
  ELSE
    PERFORM portal_raise('session.ended', NULL, array_agg(n.key::text ORDER BY n.key))
    FROM new_rows n JOIN old_rows o ON o.key = n.key
    WHERE (n.active, n.team_id, n.company_id, n.web_access)
      IS DISTINCT FROM (o.active, o.team_id, o.company_id, o.web_access)
    HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_events_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION users_events();
--> statement-breakpoint
CREATE TRIGGER users_events_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION users_events();
--> statement-breakpoint
-- A team's rights or company changed: its users' sessions, and which tgids a company reads.
CREATE FUNCTION teams_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portal_raise('session.ended', NULL, array_agg(u.key::text ORDER BY u.key))
  FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN users u ON u.team_id = n.id
  WHERE (n.rights, n.company_id) IS DISTINCT FROM (o.rights, o.company_id) HAVING count(*) > 0;
  PERFORM portal_raise('tenancy.changed', NULL, ARRAY['*'])
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.company_id IS DISTINCT FROM o.company_id HAVING count(*) > 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER teams_events_update AFTER UPDATE ON teams REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION teams_events();
--> statement-breakpoint
-- tenancy.changed: a tgid moved to another team, was shared or unshared: the companies' readable
-- tgids are gathered again.
CREATE FUNCTION tenancy_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portal_raise('tenancy.changed', NULL, ARRAY['*']);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tgid_teams_events AFTER INSERT OR UPDATE OR DELETE ON tgid_teams FOR EACH STATEMENT EXECUTE FUNCTION tenancy_events();
--> statement-breakpoint
CREATE TRIGGER tgids_events AFTER INSERT OR UPDATE OF team_id OR DELETE ON tgids FOR EACH STATEMENT EXECUTE FUNCTION tenancy_events();
