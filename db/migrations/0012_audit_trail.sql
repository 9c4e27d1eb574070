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
CREATE INDEX "audit_entries_at_idx" ON "audit_entries" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_row_idx" ON "audit_entries" USING btree ("row_table","row_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_user_idx" ON "audit_entries" USING btree ("user_key","at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_company_idx" ON "audit_entries" USING btree ("row_company_id","at","id");--> statement-breakpoint
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
-- The company a row belongs to, by its table (null: administrators' rows, e.g. news). One
-- branch's lookup runs (a CASE of subqueries would start every one of them on each call).
CREATE FUNCTION audit_row_company(tbl text, r jsonb) RETURNS integer LANGUAGE plpgsql STABLE AS $$
DECLARE
  company integer;
BEGIN
  IF tbl = 'companies' THEN
    company := (r->>'id')::int;
  ELSIF r ? 'company_id' THEN
    company := (r->>'company_id')::int;
  ELSIF tbl = 'tgids' THEN
    SELECT m.company_id INTO company FROM teams m WHERE m.id = (r->>'team_id')::int;
  ELSIF r ? 'tgid_id' THEN
    SELECT m.company_id INTO company FROM tgids g JOIN teams m ON m.id = g.team_id
    WHERE g.id = (r->>'tgid_id')::int;
  ELSIF r ? 'user_key' THEN
    SELECT u.company_id INTO company FROM users u WHERE u.key = (r->>'user_key')::int;
  ELSIF r ? 'device_id' AND tbl <> 'default_mtls' THEN
    SELECT m.company_id INTO company FROM terminals t JOIN tgids g ON g.id = t.tgid_id
    JOIN teams m ON m.id = g.team_id WHERE t.device_id = (r->>'device_id')::int;
  ELSIF r ? 'team_id' THEN
    SELECT m.company_id INTO company FROM teams m WHERE m.id = (r->>'team_id')::int;
  END IF;
  RETURN company;
END
$$;
--> statement-breakpoint
-- A row's change, when a signed-in user's operation makes it: the request names its caller,
-- address and operation in the transaction it runs in ('portal.audit', server/http/audited.ts;
-- the triggers' WHEN skips every other write at no call). The entry: the row's key (its primary
-- key's values joined by '/'), the company it belongs to, and what changed — the fields that
-- differ, {before, after} each (an insert's after only, without its empty fields; a delete's
-- before only), a secret as {changed: true}, the times every write sets (created_at, updated_at,
-- a terminal's update_date) left out. The trigger's arguments: the primary key's columns, then
-- the secret columns (comma-separated). About 40 µs a row on this machine, half of it the
-- company's lookup.
CREATE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ctx jsonb := current_setting('portal.audit')::jsonb;
  before jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  after jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  r jsonb := coalesce(after, before);
  secrets text[] := string_to_array(coalesce(TG_ARGV[1], ''), ',');
  column_name text;
  row_key text;
  changes jsonb;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT jsonb_object_agg(n.key, CASE WHEN n.key = ANY (secrets) THEN '{"changed": true}'::jsonb
        ELSE jsonb_build_object('before', o.value, 'after', n.value) END)
    INTO changes
    FROM jsonb_each(after) n JOIN jsonb_each(before) o USING (key)
    WHERE n.value IS DISTINCT FROM o.value
      AND n.key NOT IN ('created_at', 'updated_at', 'update_date');
    IF changes IS NULL THEN RETURN NULL; END IF;
  ELSE
    SELECT coalesce(jsonb_object_agg(key, CASE WHEN key = ANY (secrets) THEN '{"changed": true}'::jsonb
        ELSE jsonb_build_object(CASE TG_OP WHEN 'INSERT' THEN 'after' ELSE 'before' END, value) END),
      '{}'::jsonb)
    INTO changes
    FROM jsonb_each(r)
    WHERE value <> 'null'::jsonb AND key NOT IN ('created_at', 'updated_at', 'update_date');
  END IF;
  FOREACH column_name IN ARRAY string_to_array(TG_ARGV[0], ',') LOOP
    row_key := concat_ws('/', row_key, r ->> column_name);
  END LOOP;
  INSERT INTO audit_entries (user_key, user_login, user_name, company_id, client_address,
    operation, action, row_table, row_id, row_company_id, changes)
  VALUES ((ctx->>'userKey')::int, ctx->>'userLogin', ctx->>'userName', (ctx->>'companyId')::int,
    ctx->>'clientAddress', ctx->>'operation', lower(TG_OP), TG_TABLE_NAME, row_key,
    audit_row_company(TG_TABLE_NAME, r), changes);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER commands_audit AFTER INSERT OR UPDATE OR DELETE ON commands FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('list_id,group_id,item_id');
--> statement-breakpoint
CREATE TRIGGER command_lists_audit AFTER INSERT OR UPDATE OR DELETE ON command_lists FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id');
--> statement-breakpoint
CREATE TRIGGER companies_audit AFTER INSERT OR UPDATE OR DELETE ON companies FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id');
--> statement-breakpoint
CREATE TRIGGER default_mtls_audit AFTER INSERT OR UPDATE OR DELETE ON default_mtls FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('device_id');
--> statement-breakpoint
CREATE TRIGGER dnid_statuses_audit AFTER INSERT OR UPDATE OR DELETE ON dnid_statuses FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('dnid_id,les,member,device');
--> statement-breakpoint
CREATE TRIGGER dnids_audit AFTER INSERT OR UPDATE OR DELETE ON dnids FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id,les');
--> statement-breakpoint
CREATE TRIGGER enid_teams_audit AFTER INSERT OR UPDATE OR DELETE ON enid_teams FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('enid_id,rul_les,team_id');
--> statement-breakpoint
CREATE TRIGGER enids_audit AFTER INSERT OR UPDATE OR DELETE ON enids FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id,rul_les');
--> statement-breakpoint
CREATE TRIGGER epadr_config_audit AFTER INSERT OR UPDATE OR DELETE ON epadr_config FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id');
--> statement-breakpoint
CREATE TRIGGER files_audit AFTER INSERT OR UPDATE OR DELETE ON files FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('name');
--> statement-breakpoint
CREATE TRIGGER monitoring_thresholds_audit AFTER INSERT OR UPDATE OR DELETE ON monitoring_thresholds FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('queue');
--> statement-breakpoint
CREATE TRIGGER mtls_audit AFTER INSERT OR UPDATE OR DELETE ON mtls FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('imn');
--> statement-breakpoint
CREATE TRIGGER news_audit AFTER INSERT OR UPDATE OR DELETE ON news FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id');
--> statement-breakpoint
CREATE TRIGGER password_resets_audit AFTER INSERT OR UPDATE OR DELETE ON password_resets FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id', 'token_hash');
--> statement-breakpoint
CREATE TRIGGER push_processes_audit AFTER INSERT OR UPDATE OR DELETE ON push_processes FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id');
--> statement-breakpoint
CREATE TRIGGER push_traffic_audit AFTER INSERT OR UPDATE OR DELETE ON push_traffic FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id');
--> statement-breakpoint
CREATE TRIGGER recipient_history_audit AFTER INSERT OR UPDATE OR DELETE ON recipient_history FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('user_key,mtl');
--> statement-breakpoint
CREATE TRIGGER routes_ftp_audit AFTER INSERT OR UPDATE OR DELETE ON routes_ftp FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id');
--> statement-breakpoint
CREATE TRIGGER routes_smtp_audit AFTER INSERT OR UPDATE OR DELETE ON routes_smtp FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id');
--> statement-breakpoint
CREATE TRIGGER routes_tcp_audit AFTER INSERT OR UPDATE OR DELETE ON routes_tcp FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id');
--> statement-breakpoint
CREATE TRIGGER routes_ws_audit AFTER INSERT OR UPDATE OR DELETE ON routes_ws FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id', 'keys,token');
--> statement-breakpoint
CREATE TRIGGER routing_member_rules_audit AFTER INSERT OR UPDATE OR DELETE ON routing_member_rules FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('tgid_id,dnid_id,les,member,ocean');
--> statement-breakpoint
CREATE TRIGGER routing_mtl_rules_audit AFTER INSERT OR UPDATE OR DELETE ON routing_mtl_rules FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('tgid_id,mtl_id');
--> statement-breakpoint
CREATE TRIGGER ruls_audit AFTER INSERT OR UPDATE OR DELETE ON ruls FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id,les', 'password');
--> statement-breakpoint
CREATE TRIGGER station_messages_audit AFTER INSERT OR UPDATE OR DELETE ON station_messages FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('ref_num');
--> statement-breakpoint
CREATE TRIGGER teams_audit AFTER INSERT OR UPDATE OR DELETE ON teams FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id');
--> statement-breakpoint
CREATE TRIGGER terminal_items_audit AFTER INSERT OR UPDATE OR DELETE ON terminal_items FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('device_id,name');
--> statement-breakpoint
CREATE TRIGGER terminals_audit AFTER INSERT OR UPDATE OR DELETE ON terminals FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('device_id');
--> statement-breakpoint
CREATE TRIGGER tgid_teams_audit AFTER INSERT OR UPDATE OR DELETE ON tgid_teams FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('tgid_id,team_id');
--> statement-breakpoint
CREATE TRIGGER tgids_audit AFTER INSERT OR UPDATE OR DELETE ON tgids FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id');
--> statement-breakpoint
CREATE TRIGGER user_aliases_audit AFTER INSERT OR UPDATE OR DELETE ON user_aliases FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('id');
--> statement-breakpoint
CREATE TRIGGER users_audit AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW WHEN (coalesce(current_setting('portal.audit', true), '') <> '') EXECUTE FUNCTION audit_row('key', 'password_hash');
