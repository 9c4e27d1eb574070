/**
 * Migration 0010 (kept target labels, docs/decisions/0019) on a database of migration 0009 with
 * traffic: each station message and command keeps the label its terminal has now when the row's
 * company sees that terminal (own or shared tgid, an mtl attached to none), nothing of a terminal
 * now in another company's tgid; a row of no company keeps any label. On PGlite and PostgreSQL.
 */
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { type Database, executeRows, MIGRATIONS_FOLDER, openPglite } from "../../db/client.ts";
import { isolatedPostgres, TEST_PG_URL } from "../fixtures/db.ts";

const BEFORE = "0010_kept_target_labels";

/** A copy of the migrations folder that stops before migration 0010. */
async function migrationsBefore(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "migrations-" });
  await Deno.mkdir(`${dir}/meta`);
  const journal = JSON.parse(await Deno.readTextFile(`${MIGRATIONS_FOLDER}/meta/_journal.json`));
  const upTo = journal.entries.findIndex((e: { tag: string }) => e.tag === BEFORE);
  assert.ok(upTo > 0, `${BEFORE} is in the journal`);
  journal.entries = journal.entries.slice(0, upTo);
  await Deno.writeTextFile(`${dir}/meta/_journal.json`, JSON.stringify(journal));
  for (const e of journal.entries) {
    await Deno.copyFile(`${MIGRATIONS_FOLDER}/${e.tag}.sql`, `${dir}/${e.tag}.sql`);
  }
  return dir;
}

/**
 * Company 1 (A) owns tgid 1 and sees tgid 3, which company 2 (B) owns and shares with A's team;
 * tgid 2 is B's alone. Terminals 1–3 are Inmarsat C (mtls 41…, 42…, 43…), 4 and 5 trackers; the
 * mtl 44… is attached to no terminal.
 */
const TRAFFIC = [
  sql`insert into companies (id, name) values (1, 'A'), (2, 'B')`,
  sql`insert into teams (id, name, company_id) values (1, 'A team', 1), (2, 'B team', 2)`,
  sql`insert into tgids (id, label, team_id) values (1, 'A', 1), (2, 'B', 2), (3, 'B shared', 2)`,
  sql`insert into tgid_teams (tgid_id, team_id) values (3, 1)`,
  sql`insert into device_types (id, name, handler, deletable, add_form)
    values (0, 'Inmarsat C', -1, false, true), (2, 'Shout', -1, false, true)
    on conflict do nothing`,
  sql`insert into terminals (device_id, device_type_id, tgid_id, device_label) values
    (1, 0, 1, 'Mine'), (2, 0, 2, 'Theirs'), (3, 0, 3, 'Shared'), (4, 2, 2, 'Their buoy'),
    (5, 2, 1, 'Our buoy')`,
  sql`insert into mtls (imn, device_id, device_label) values ('411111111', 1, 'Mine'),
    ('422222222', 2, 'Theirs'), ('433333333', 3, 'Shared'), ('444444444', null, 'Loose')`,
  sql`insert into command_lists (id, company_id, protocol) values (1, 1, 5), (2, null, 0)`,
  sql`insert into commands (list_id, group_id, item_id, command, mt, generic_command_type) values
    (1, 1, 1, 'sendMessage', '411111111', 0), (1, 1, 2, 'sendMessage', '422222222', 0),
    (1, 1, 3, 'sendMessage', '433333333', null), (1, 1, 4, 'sendMessage', '444444444', 0),
    (1, 1, 5, 'geofenceActivate', '4', 1), (1, 1, 6, 'setTerminalTracking', '5', 2),
    (1, 1, 7, 'geofenceActivate', 'abc', 1), (1, 1, 8, 'geofenceActivate', '411111111', 1),
    (1, 1, 9, 'enidCommand', '1234', 0),
    (2, 1, 1, 'geofenceActivate', '4', 1), (2, 1, 2, 'pollCommand', '422222222', 0)`,
  sql`insert into station_messages (company_id, les, recipient, size) values
    (1, 21, '411111111', 1), (1, 21, '422222222', 2), (1, 21, '433333333', 3),
    (1, 21, '444444444', 4), (2, 21, '422222222', 5), (null, 21, '411111111', 6),
    (1, 21, '499999999', 7)`,
];

async function checkBackfill(database: Database, migrateBefore: (folder: string) => Promise<void>) {
  const folder = await migrationsBefore();
  try {
    await migrateBefore(folder);
  } finally {
    await Deno.remove(folder, { recursive: true });
  }
  for (const statement of TRAFFIC) await database.db.execute(statement);
  await database.migrate();

  const messages = await executeRows<{ size: number; label: string | null }>(
    database.db,
    sql`select size, recipient_label as label from station_messages order by size`,
  );
  assert.deepEqual(messages.map((m) => [Number(m.size), m.label]), [
    [1, "Mine"],
    [2, null], // B's terminal now: A's message keeps nothing of it
    [3, "Shared"],
    [4, "Loose"],
    [5, "Theirs"],
    [6, "Mine"],
    [7, null],
  ]);
  const commands = await executeRows<{ list: number; item: number; label: string | null }>(
    database.db,
    sql`select list_id as list, item_id as item, target_label as label from commands
      order by list_id, item_id`,
  );
  assert.deepEqual(commands.map((c) => [c.list, c.item, c.label]), [
    [1, 1, "Mine"],
    [1, 2, null],
    [1, 3, "Shared"],
    [1, 4, "Loose"],
    [1, 5, null], // B's tracker
    [1, 6, "Our buoy"],
    [1, 7, null],
    [1, 8, null],
    [1, 9, null],
    [2, 1, "Their buoy"],
    [2, 2, "Theirs"],
  ]);
}

Deno.test({
  name: "[db/migrations] 0010 keeps the labels a row's company sees, on embedded PGlite",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const database = await openPglite();
    try {
      await checkBackfill(
        database,
        (migrationsFolder) =>
          migratePglite(drizzlePglite({ client: database.pglite, casing: "snake_case" }), {
            migrationsFolder,
          }),
      );
    } finally {
      await database.close();
    }
  },
});

Deno.test({
  name: "[db/migrations] 0010 keeps the labels a row's company sees, on PostgreSQL",
  ignore: !TEST_PG_URL,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const { database, url, drop } = await isolatedPostgres();
    try {
      await checkBackfill(database, async (migrationsFolder) => {
        const one = postgres(url, { max: 1, onnotice: () => {} });
        try {
          await migratePostgres(drizzlePostgres({ client: one, casing: "snake_case" }), {
            migrationsFolder,
          });
        } finally {
          await one.end({ timeout: 5 });
        }
      });
    } finally {
      await drop();
    }
  },
});
