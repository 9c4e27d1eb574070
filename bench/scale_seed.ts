/**
 * The scale benchmark's data (bench/scale.ts): companies with a client team and user each, an
 * operator (admin) user, tgids spread over the teams (some shared), dnids and their members, push
 * traffic skewed over the tgids and spread over the last 60 days (about 10% multi-push items),
 * robot traffic and terminal commands in proportion. Set-based SQL only (generate_series), on one
 * connection with a fixed random seed, so two runs seed the same figures.
 */
import { type SQL, sql } from "drizzle-orm";
import { type Db, executeRows } from "../db/client.ts";
import { foldTrafficDeltas } from "../server/services/monitoring/rollup.ts";

const LOGIN_DOMAIN = "scale.example";
export const ADMIN_LOGIN = `admin@${LOGIN_DOMAIN}`;
export const clientLogin = (company: number) => `client${company}@${LOGIN_DOMAIN}`;

interface SeedShape {
  /** Push traffic rows in all (multi-push items included). */
  rows: number;
  companies: number;
  tgids: number;
}

/** Robot traffic, commands per push traffic row; dnids per tgid, members per dnid. */
const ROBOT_RATIO = 0.5;
const COMMAND_RATIO = 0.1;
const COMMANDS_PER_LIST = 5;
const DNIDS_PER_TGID = 2;
const MEMBERS_PER_DNID = 2;
const FIRST_DNID = 10_000;
const MULTI_PUSH_SHARE = 0.1;

/** Status, delivery type and protocol mixes: `[code, cumulative probability]`. */
const PUSH_STATUS_MIX: [number, number][] = [
  [4, 0.85], // Delivered
  [3, 0.89], // Delivering error
  [5, 0.92], // Destinator error
  [6, 0.925],
  [7, 0.93],
  [0, 0.94],
  [1, 0.945],
  [2, 0.95],
  [8, 1],
];
const DELIVERY_MIX: [number, number][] = [[0, 0.4], [1, 0.65], [2, 0.75], [3, 0.85], [4, 0.95], [
  5,
  0.98,
], [6, 1]];
const ROBOT_STATUS_MIX: [number, number][] = [
  [2, 0.9],
  [3, 0.95],
  [0, 0.97],
  [1, 0.98],
  [4, 0.99],
  [
    5,
    1,
  ],
];
const COMMAND_STATUS_MIX: [number, number][] = [
  [5, 0.6],
  [7, 0.8],
  [6, 0.88],
  [2, 0.94],
  [8, 0.97],
  [
    13,
    1,
  ],
];
/** Repeats weight the common protocols (Inmarsat-C, Iridium-SBD). */
const PROTOCOLS = [0, 0, 0, 0, 1, 1, 1, 2, 3, 4, 5, 6, 7, 20, 21, 22, 30, 31, 32, 33, 40, 50];
const ERRORS = [
  "Connection refused",
  "Connection timed out",
  "550 Mailbox unavailable",
  "No route",
];

/** `case when u < p1 then c1 … end` over a uniform `u`. */
const pick = (u: string, mix: [number, number][]) =>
  sql.raw(
    `case ${mix.slice(0, -1).map(([code, p]) => `when ${u} < ${p} then ${code}`).join(" ")} else ${
      mix.at(-1)![0]
    } end`,
  );
const textArray = (items: string[]) =>
  sql.raw(`(array[${items.map((s) => `'${s.replaceAll("'", "''")}'`).join(",")}])`);

/** The statements, in order, each with what it makes (for the progress lines). */
function statements(shape: SeedShape, passwordHash: string): [string, SQL][] {
  const { companies: nc, tgids: nt } = shape;
  const children = Math.round(shape.rows * MULTI_PUSH_SHARE);
  const parents = shape.rows - children;
  const robots = Math.round(shape.rows * ROBOT_RATIO);
  const lists = Math.round((shape.rows * COMMAND_RATIO) / COMMANDS_PER_LIST);
  // The k-th tgid (0-based) by id; ids are contiguous in a fresh database but need not start at 1.
  const tgidAt = (k: SQL | string) => sql`(select min(id) from tgids) + ${sql.raw(String(k))}`;
  return [
    ["setseed", sql`select setseed(0.42)`],
    [
      "companies, teams, users",
      sql`with co as (
          insert into companies (name)
          select 'Scale Operator' union all
          select 'Scale Company ' || c from generate_series(1, ${nc}) c
          returning id, name
        ), tm as (
          insert into teams (name, company_id, rights)
          select name || ' team', id, case when name = 'Scale Operator' then 1 else 100 end from co
          returning id, company_id, name
        )
        insert into users (id, mail, first_name, last_name, company_id, team_id, password_hash)
        select l, l, 'Scale', 'User', company_id, id, ${passwordHash}
        from (select *, case when name = 'Scale Operator team' then ${ADMIN_LOGIN}
          else 'client' || substring(name from 'Scale Company ([0-9]+)') || ${
        "@" + LOGIN_DOMAIN
      } end as l from tm) x`,
    ],
    [
      `${nt} tgids`,
      // The k-th tgid belongs to company 1 + k % nc: the busy low tgids land on many companies.
      sql`insert into tgids (label, team_id)
        select 'Scale tgid ' || k, t.id
        from generate_series(0, ${nt - 1}) k
        join companies c on c.name = 'Scale Company ' || (1 + k % ${nc})
        join teams t on t.company_id = c.id
        order by k`,
    ],
    [
      "tgid shares",
      // Every tenth tgid is shared with the next company's team.
      sql`insert into tgid_teams (tgid_id, team_id)
        select ${tgidAt("k")}, t.id
        from generate_series(0, ${nt - 1}, 10) k
        join companies c on c.name = 'Scale Company ' || (1 + (k + 1) % ${nc})
        join teams t on t.company_id = c.id`,
    ],
    [
      "dnids",
      sql`insert into dnids (id, les, company_id, team_id, tgid_id)
        select ${FIRST_DNID} + ${DNIDS_PER_TGID} * (g.id - m.first) + j, 21, t.company_id, t.id, g.id
        from tgids g join teams t on t.id = g.team_id,
          (select min(id) as first from tgids) m, generate_series(0, ${DNIDS_PER_TGID - 1}) j`,
    ],
    [
      "dnid statuses",
      sql`insert into dnid_statuses (dnid_id, les, member, device, serial, status)
        select d.id, d.les, m, (400000000 + d.id * 10 + m)::text, 'SN' || d.id || '-' || m,
          (array[0, 1, 3])[1 + (d.id + m) % 3]
        from dnids d, generate_series(1, ${MEMBERS_PER_DNID}) m`,
    ],
    [
      `${parents} push traffic rows`,
      // Skewed: tgid k = floor(nt * u^2), so the first tgids carry a few % each and the last ones
      // about 0.1%. "offset 0" keeps each row's random draws evaluated once.
      sql`insert into push_traffic (tgid_id, dnid, les, les_c_stored_time, status, delivery_type,
          protocol, error_label, data_length, header_length, delivery_attempts,
          push_delivery_attempts, routage_type, content, updated_at)
        select ${tgidAt("k")}, ${FIRST_DNID} + ${DNIDS_PER_TGID} * k + g % ${DNIDS_PER_TGID}, 21,
          at, status, delivery, ${
        sql.raw(`(array[${PROTOCOLS}])`)
      }[1 + floor(p * ${PROTOCOLS.length})::int],
          case when status in (3, 5, 6, 7) then ${textArray(ERRORS)}[1 + g % ${ERRORS.length}] end,
          20 + g % 980, g % 40, case when status in (3, 5) then 3 else 1 end,
          case when status in (3, 5) then 3 else 1 end, delivery,
          format('DNID %s MEM %s POS 43.%sN 005.%sW SPD 7.2 CRS 130', ${FIRST_DNID} + 2 * k,
            1 + g % 200, g % 9999, g % 7777), at
        from (
          select g, floor(${nt} * power(random(), 2))::int as k,
            now() - random() * interval '60 days' as at,
            ${pick("s", PUSH_STATUS_MIX)} as status, ${pick("d", DELIVERY_MIX)} as delivery, p
          from (select g, random() s, random() d, random() p from generate_series(1, ${parents}) g
            offset 0) r
          offset 0
        ) x`,
    ],
    [
      `${children} multi-push items`,
      // Items of every ninth message, on a uniformly drawn tgid (often another company's).
      sql`insert into push_traffic (parent_id, tgid_id, dnid, les, les_c_stored_time, status,
          delivery_type, protocol, data_length, delivery_attempts, push_delivery_attempts,
          routage_type, content, updated_at)
        select p.id, ${tgidAt(`floor(${nt} * random())::int`)}, p.dnid, 21,
          p.les_c_stored_time + interval '2 seconds', p.status, p.delivery_type, p.protocol,
          p.data_length, 1, 1, p.delivery_type, p.content, p.updated_at
        from push_traffic p
        where p.id % 9 = 0
        order by p.id
        limit ${children}`,
    ],
    [
      `${robots} robot traffic rows`,
      sql`insert into robot_traffic (type, robot, received_time, status, error_label,
          delivery_status, delivery_attempts, code, tgid_id, content)
        select g % 2, ${textArray(["EGC", "DNID", "CAPSAT", "EPADR"])}[1 + g % 4], at, status,
          case when status in (3, 4, 5) then ${textArray(ERRORS)}[1 + g % ${ERRORS.length}] end,
          case when status = 2 then 4 end, 1, g % 100, ${tgidAt(`floor(${nt} * u)::int`)},
          format('robot message %s', g)
        from (
          select g, now() - random() * interval '60 days' as at,
            ${pick("s", ROBOT_STATUS_MIX)} as status, u
          from (select g, random() s, random() u from generate_series(1, ${robots}) g offset 0) r
        ) x`,
    ],
    [
      `${lists} command lists`,
      sql`insert into command_lists (user_key, company_id, date, protocol, terminated)
        select u.key, u.company_id, now() - random() * interval '60 days', g % 6, true
        from generate_series(1, ${lists}) g
        join users u on u.id = 'client' || (1 + g % ${nc}) || ${"@" + LOGIN_DOMAIN}`,
    ],
    [
      `${lists * COMMANDS_PER_LIST} commands`,
      // Seeded history: next_step_at stays null, so the simulated LES leaves them alone.
      sql`insert into commands (list_id, group_id, item_id, command, mt, status, created_at,
          updated_at)
        select id, 1, i, 'POLL', (400000000 + i)::text, status, date, date
        from (
          select l.id, l.date, i, ${pick("s", COMMAND_STATUS_MIX)} as status
          from (select id, date from command_lists) l, generate_series(1, ${COMMANDS_PER_LIST}) i,
            lateral (select random() + 0 * i as s) r
        ) x`,
    ],
  ];
}

const TABLES = [
  "companies",
  "teams",
  "users",
  "tgids",
  "tgid_teams",
  "dnids",
  "dnid_statuses",
  "push_traffic",
  "robot_traffic",
  "command_lists",
  "commands",
  "traffic_hourly",
  "traffic_hourly_delta",
];

/**
 * Seeds `db` (a fresh, migrated database on ONE connection: setseed holds per session), folds
 * the rollup's deltas and analyzes. Answers the seconds per step.
 */
export async function seedScale(
  db: Db,
  shape: SeedShape,
  passwordHash: string,
  progress: (msg: string) => void = () => {},
): Promise<Record<string, number>> {
  const steps: Record<string, number> = {};
  const step = async (what: string, run: () => Promise<unknown>) => {
    const t0 = performance.now();
    await run();
    steps[what] = (performance.now() - t0) / 1000;
    progress(`seed: ${what} ${steps[what].toFixed(1)} s`);
  };
  // A bulk load: the big tables' secondary indexes are built once after it rather than kept up
  // row by row (several times faster), with more memory for the sorts of the builds.
  await db.execute(sql`set maintenance_work_mem = '256MB'`);
  const indexes = await executeRows<{ def: string; name: string }>(
    db,
    sql`select indexdef as def, indexname as name from pg_indexes
      where schemaname = current_schema() and tablename in ('push_traffic', 'robot_traffic')
        and indexname not in (select conname from pg_constraint)`,
  );
  await step(
    `drop ${indexes.length} indexes`,
    () => db.execute(sql.raw(`drop index ${indexes.map((i) => `"${i.name}"`).join(", ")}`)),
  );
  for (const [what, query] of statements(shape, passwordHash)) {
    await step(what, () => db.execute(query));
  }
  await step("recreate the indexes", async () => {
    for (const { def } of indexes) await db.execute(sql.raw(def));
  });
  await step("fold the rollup deltas", () => foldTrafficDeltas(db));
  await step("vacuum analyze", () => db.execute(sql.raw(`vacuum analyze ${TABLES.join(", ")}`)));
  return steps;
}
