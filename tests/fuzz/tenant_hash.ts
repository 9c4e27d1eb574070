/**
 * A fingerprint of everything a company owns: for every table, the count and an md5 of its rows
 * that belong to the company through any owning column (its company, teams, users, tgids,
 * dnids, enids, command lists, terminals, push traffic). Rows moved to or from the company count
 * too, since ownership is looked up when the fingerprint is taken.
 */
import { sql } from "drizzle-orm";
import { type Db, executeRows } from "../../db/client.ts";

/** Owning column → the company's keys in it (`$c`: the company id). */
const TEAMS = "select id from teams where company_id = $c";
const TGIDS = `select id from tgids where team_id in (${TEAMS})`;
const OWNERS: Record<string, string> = {
  company_id: "select $c",
  team_id: TEAMS,
  tgid_id: TGIDS,
  user_key: "select key from users where company_id = $c",
  dnid_id: "select id from dnids where company_id = $c",
  enid_id: "select id from enids where company_id = $c",
  list_id: "select id from command_lists where company_id = $c",
  push_traffic_id: `select id from push_traffic where tgid_id in (${TGIDS})`,
  device_id: `select device_id from terminals where tgid_id in (${TGIDS})`,
};
/** The column among the keys (cast to the column's type). */
const owned = (column: string, type: string, keys: string) =>
  `t.${column} in (select k::${type} from (${keys}) as s(k))`;
/** Tables whose own key is the owning one. */
const OWN_KEYS: Record<string, string> = { companies: "select $c", tgids: TGIDS };

const queries = new WeakMap<Db, Promise<string>>();

/** One statement hashing every table's owned rows (built once per database from its columns). */
function hashQuery(db: Db): Promise<string> {
  let q = queries.get(db);
  if (!q) {
    q = executeRows<{ table_name: string; columns: string[]; types: string[] }>(
      db,
      sql`select table_name, array_agg(column_name::text order by column_name) as columns,
          array_agg(udt_name::text order by column_name) as types
        from information_schema.columns where table_schema = 'public'
        group by table_name order by table_name`,
    ).then((tables) =>
      tables.flatMap(({ table_name: table, columns, types }) => {
        const type = (c: string) => types[columns.indexOf(c)];
        // A text device_id (default_mtls) is a terminal's serial, not its key: owned by dnid.
        const keys = columns.filter((c) => OWNERS[c] && !(c === "device_id" && type(c) === "text"));
        const where = keys.map((c) => owned(c, type(c), OWNERS[c]));
        if (OWN_KEYS[table]) where.push(owned("id", type("id"), OWN_KEYS[table]));
        if (!where.length) return [];
        return [
          `select '${table}' as name, count(*)::int as n,
            coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as h
            from "${table}" t where ${where.join(" or ")}`,
        ];
      }).join("\nunion all\n")
    );
    queries.set(db, q);
  }
  return q;
}

/** Table → `count:md5` of the company's rows. */
export async function companyHash(db: Db, companyId: number): Promise<Record<string, string>> {
  const query = (await hashQuery(db)).replaceAll("$c", String(Math.trunc(companyId)));
  const rows = await executeRows<{ name: string; n: number; h: string }>(db, sql.raw(query));
  return Object.fromEntries(rows.map((r) => [r.name, `${r.n}:${r.h}`]));
}

/** The tables whose fingerprint differs. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
