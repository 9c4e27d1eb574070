CREATE TABLE "audit_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_key" integer,
	"user_login" text,
	"user_name" text,
	"company_id" integer,
	"client_address" text,
	"operation" text NOT NULL,
	"action" text NOT NULL,
	"row_table" text,
	"row_id" text,
	"row_company_id" integer,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_entries_at_idx" ON "audit_entries" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_row_idx" ON "audit_entries" USING btree ("row_table","row_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_user_idx" ON "audit_entries" USING btree ("user_key","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_company_idx" ON "audit_entries" USING btree ("row_company_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Append-only (issue 40): no update, no truncate, and a delete only inside audit_purge (the
-- retention job), which says so in its own transaction and deletes only what is older than the
-- retention it is given; never an entry of the last day, whoever asks.
CREATE FUNCTION audit_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('portal.audit_purge', true) = 'on'
    AND OLD.at < now() - interval '1 day' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit entries are append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_entries_no_update BEFORE UPDATE OR DELETE ON audit_entries FOR EACH ROW EXECUTE FUNCTION audit_entries_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_entries_no_truncate BEFORE TRUNCATE ON audit_entries FOR EACH STATEMENT EXECUTE FUNCTION audit_entries_append_only();
--> statement-breakpoint
-- The retention job: drops the entries older than `days` (AUDIT_RETENTION_DAYS); how many.
CREATE FUNCTION audit_purge(days integer) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  IF days < 1 THEN RAISE EXCEPTION 'audit retention must be at least one day'; END IF;
  PERFORM set_config('portal.audit_purge', 'on', true);
  DELETE FROM audit_entries WHERE at < now() - make_interval(days => days);
  GET DIAGNOSTICS n = ROW_COUNT;
  PERFORM set_config('portal.audit_purge', 'off', true);
  RETURN n;
END
$$;
--> statement-breakpoint
-- The company a row belongs to, by its table (null: administrators' rows, e.g. news).
CREATE FUNCTION audit_row_company(tbl text, r jsonb) RETURNS integer LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN CASE
    WHEN tbl = 'companies' THEN (r->>'id')::int
    WHEN r ? 'company_id' THEN (r->>'company_id')::int
    WHEN tbl = 'tgids' THEN (SELECT company_id FROM teams WHERE id = (r->>'team_id')::int)
    WHEN r ? 'tgid_id' THEN (SELECT m.company_id FROM tgids g JOIN teams m ON m.id = g.team_id WHERE g.id = (r->>'tgid_id')::int)
    WHEN tbl = 'user_aliases' THEN (SELECT company_id FROM users WHERE key = (r->>'user_key')::int)
    WHEN tbl = 'enid_teams' THEN (SELECT company_id FROM teams WHERE id = (r->>'team_id')::int)
    WHEN tbl = 'mtls' THEN (SELECT m.company_id FROM terminals t JOIN tgids g ON g.id = t.tgid_id JOIN teams m ON m.id = g.team_id WHERE t.device_id = (r->>'device_id')::int)
    WHEN r ? 'team_id' THEN (SELECT company_id FROM teams WHERE id = (r->>'team_id')::int)
  END;
END
$$;
--> statement-breakpoint
-- A row's change, when a signed-in user's operation makes it: the request sets 'portal.audit'
-- (who, from where, which operation) in the transaction it runs in (server/services/audit/). The
-- trigger's arguments: the primary key's columns, then the secret columns (comma-separated).
CREATE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ctx jsonb := nullif(current_setting('portal.audit', true), '')::jsonb;
  secrets text[] := string_to_array(coalesce(TG_ARGV[1], ''), ',');
  before jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  after jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  r jsonb := coalesce(after, before);
  changes jsonb := '{}';
  k text;
BEGIN
  IF ctx IS NULL THEN RETURN NULL; END IF;
  FOR k IN SELECT jsonb_object_keys(r) LOOP
    CONTINUE WHEN k IN ('created_at', 'updated_at')
      OR (before -> k) IS NOT DISTINCT FROM (after -> k)
      OR (TG_OP <> 'UPDATE' AND (r -> k) = 'null'::jsonb);
    changes := changes || jsonb_build_object(k, CASE
      WHEN k = ANY (secrets) THEN '{"changed": true}'::jsonb
      ELSE jsonb_strip_nulls(jsonb_build_object('before', before -> k, 'after', after -> k))
        || CASE WHEN TG_OP = 'UPDATE' AND (before -> k) = 'null'::jsonb THEN '{"before": null}'::jsonb ELSE '{}' END
        || CASE WHEN TG_OP = 'UPDATE' AND (after -> k) = 'null'::jsonb THEN '{"after": null}'::jsonb ELSE '{}' END
    END);
  END LOOP;
  IF TG_OP = 'UPDATE' AND changes = '{}' THEN RETURN NULL; END IF;
  INSERT INTO audit_entries (user_key, user_login, user_name, company_id, client_address,
    operation, action, row_table, row_id, row_company_id, changes)
  VALUES ((ctx->>'userKey')::int, ctx->>'userLogin', ctx->>'userName', (ctx->>'companyId')::int,
    ctx->>'clientAddress', ctx->>'operation', lower(TG_OP), TG_TABLE_NAME,
    (SELECT string_agg(r->>c, '/') FROM unnest(string_to_array(TG_ARGV[0], ',')) c),
    audit_row_company(TG_TABLE_NAME, r), changes);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_audit AFTER INSERT OR UPDATE OR DELETE ON companies FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id');
--> statement-breakpoint
CREATE TRIGGER teams_audit AFTER INSERT OR UPDATE OR DELETE ON teams FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id');
--> statement-breakpoint
CREATE TRIGGER users_audit AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('key', 'password_hash');
--> statement-breakpoint
CREATE TRIGGER user_aliases_audit AFTER INSERT OR UPDATE OR DELETE ON user_aliases FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id');
--> statement-breakpoint
CREATE TRIGGER password_resets_audit AFTER INSERT OR UPDATE OR DELETE ON password_resets FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id', 'token_hash');
--> statement-breakpoint
CREATE TRIGGER news_audit AFTER INSERT OR UPDATE OR DELETE ON news FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id');
--> statement-breakpoint
CREATE TRIGGER files_audit AFTER INSERT OR UPDATE OR DELETE ON files FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('name');
--> statement-breakpoint
CREATE TRIGGER ruls_audit AFTER INSERT OR UPDATE OR DELETE ON ruls FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id,les', 'password');
--> statement-breakpoint
CREATE TRIGGER tgids_audit AFTER INSERT OR UPDATE OR DELETE ON tgids FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id');
--> statement-breakpoint
CREATE TRIGGER tgid_teams_audit AFTER INSERT OR UPDATE OR DELETE ON tgid_teams FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('tgid_id,team_id');
--> statement-breakpoint
CREATE TRIGGER dnids_audit AFTER INSERT OR UPDATE OR DELETE ON dnids FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id,les');
--> statement-breakpoint
CREATE TRIGGER dnid_statuses_audit AFTER INSERT OR UPDATE OR DELETE ON dnid_statuses FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('dnid_id,les,member,device');
--> statement-breakpoint
CREATE TRIGGER default_mtls_audit AFTER INSERT OR UPDATE OR DELETE ON default_mtls FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('device_id');
--> statement-breakpoint
CREATE TRIGGER enids_audit AFTER INSERT OR UPDATE OR DELETE ON enids FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id,rul_les');
--> statement-breakpoint
CREATE TRIGGER enid_teams_audit AFTER INSERT OR UPDATE OR DELETE ON enid_teams FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('enid_id,rul_les,team_id');
--> statement-breakpoint
CREATE TRIGGER terminals_audit AFTER INSERT OR UPDATE OR DELETE ON terminals FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('device_id');
--> statement-breakpoint
CREATE TRIGGER terminal_items_audit AFTER INSERT OR UPDATE OR DELETE ON terminal_items FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('device_id,name');
--> statement-breakpoint
CREATE TRIGGER mtls_audit AFTER INSERT OR UPDATE OR DELETE ON mtls FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('imn');
--> statement-breakpoint
CREATE TRIGGER routing_member_rules_audit AFTER INSERT OR UPDATE OR DELETE ON routing_member_rules FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('tgid_id,dnid_id,les,member,ocean');
--> statement-breakpoint
CREATE TRIGGER routing_mtl_rules_audit AFTER INSERT OR UPDATE OR DELETE ON routing_mtl_rules FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('tgid_id,mtl_id');
--> statement-breakpoint
CREATE TRIGGER command_lists_audit AFTER INSERT OR UPDATE OR DELETE ON command_lists FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id');
--> statement-breakpoint
CREATE TRIGGER push_processes_audit AFTER INSERT OR UPDATE OR DELETE ON push_processes FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id');
--> statement-breakpoint
CREATE TRIGGER routes_tcp_audit AFTER INSERT OR UPDATE OR DELETE ON routes_tcp FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id');
--> statement-breakpoint
CREATE TRIGGER routes_ftp_audit AFTER INSERT OR UPDATE OR DELETE ON routes_ftp FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id');
--> statement-breakpoint
CREATE TRIGGER routes_ws_audit AFTER INSERT OR UPDATE OR DELETE ON routes_ws FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id', 'keys,token');
--> statement-breakpoint
CREATE TRIGGER routes_smtp_audit AFTER INSERT OR UPDATE OR DELETE ON routes_smtp FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id');
--> statement-breakpoint
CREATE TRIGGER monitoring_thresholds_audit AFTER INSERT OR UPDATE OR DELETE ON monitoring_thresholds FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('queue');
--> statement-breakpoint
CREATE TRIGGER epadr_config_audit AFTER INSERT OR UPDATE OR DELETE ON epadr_config FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id');
--> statement-breakpoint
CREATE TRIGGER commands_audit AFTER INSERT OR UPDATE OR DELETE ON commands FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('list_id,group_id,item_id');
--> statement-breakpoint
CREATE TRIGGER station_messages_audit AFTER INSERT OR UPDATE OR DELETE ON station_messages FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('ref_num');
--> statement-breakpoint
CREATE TRIGGER recipient_history_audit AFTER INSERT OR UPDATE OR DELETE ON recipient_history FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('user_key,mtl');
--> statement-breakpoint
CREATE TRIGGER push_traffic_audit AFTER INSERT OR UPDATE OR DELETE ON push_traffic FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id');
