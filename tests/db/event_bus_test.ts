/**
 * The change events' carrier (db/events.ts): LISTEN/NOTIFY on PGlite and PostgreSQL.
 * An event reaches subscribers once its transaction commits and never when it rolls back; on
 * PostgreSQL, an event raised by one process reaches every other process's bus (issue 38).
 */
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { DB_KINDS, sharedDb, TEST_PG_URL } from "../fixtures/db.ts";
import { openPostgres } from "../../db/client.ts";
import { EVENT_TYPES, eventBus, EVENTS_CHANNEL, type PortalEvent, raise } from "../../db/events.ts";

/** Collects a bus's events; `until` waits for one matching `id` (or fails after 5 s). */
async function collect(bus: ReturnType<typeof eventBus>) {
  const seen: PortalEvent[] = [];
  const waiting = new Map<string, () => void>();
  const stop = await bus.subscribe((e) => {
    seen.push(e);
    for (const id of e.ids) waiting.get(id)?.();
  });
  const until = (id: string) =>
    seen.some((e) => e.ids.includes(id)) ? Promise.resolve() : new Promise<void>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`event ${id} never came`)), 5000);
      waiting.set(id, () => {
        clearTimeout(timer);
        done();
      });
    });
  /** The event named `id` (other tests share the database and its channel: not the last one). */
  const find = (id: string) => seen.find((e) => e.ids.includes(id));
  return { seen, until, stop, find };
}

let n = 0;
const event = (scope: PortalEvent["scope"] = { tgid: 1 }): PortalEvent => ({
  type: "push.status",
  ids: [`${Date.now()}-${++n}`],
  scope,
});
const idOf = (e: PortalEvent) => e.ids[0];

for (const kind of DB_KINDS) {
  Deno.test({
    name: `[events] an event reaches the subscribers once its transaction commits [${kind}]`,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async (t) => {
      const database = await sharedDb(kind);
      const bus = eventBus(database);
      try {
        const a = await collect(bus), b = await collect(bus);
        assert.equal(bus.size, 2);

        await t.step("committed: both subscribers get it, as raised", async () => {
          const e = event({ company: 7 });
          await database.db.transaction((tx) => raise(tx, e));
          await Promise.all([a.until(idOf(e)), b.until(idOf(e))]);
          assert.deepEqual(a.find(idOf(e)), e);
          assert.deepEqual(b.find(idOf(e)), e);
        });

        await t.step("rolled back: nobody gets it (a later one comes, it never does)", async () => {
          const lost = event(), later = event(null);
          await assert.rejects(
            database.db.transaction(async (tx) => {
              await raise(tx, lost);
              throw new Error("roll back");
            }),
            /roll back/,
          );
          await raise(database.db, later);
          await a.until(idOf(later));
          assert.ok(!a.seen.some((e) => idOf(e) === idOf(lost)));
        });

        await t.step(
          "a payload that is not an event is dropped; a throwing subscriber harms no one",
          async () => {
            const stopThrowing = await bus.subscribe(() => {
              throw new Error("subscriber bug");
            });
            const error = console.error;
            console.error = () => {};
            try {
              await database.db.execute(
                sql`select pg_notify(${EVENTS_CHANNEL}, '{"type":"nope"}')`,
              );
              await database.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, 'not json')`);
              const e = event();
              await raise(database.db, e);
              await a.until(idOf(e));
              assert.deepEqual(a.find(idOf(e)), e);
              // Other tests' events may come too (one database for all): none is the bad ones.
              assert.ok(
                a.seen.every((x) => (EVENT_TYPES as string[]).includes(x.type)),
                JSON.stringify(a.seen),
              );
            } finally {
              console.error = error;
              stopThrowing();
            }
          },
        );

        await t.step("raise refuses what is not an event", async () => {
          await assert.rejects(
            raise(
              database.db,
              { type: "nope", ids: ["1"], scope: null } as unknown as PortalEvent,
            ),
          );
        });

        await t.step("an unsubscribed subscriber gets nothing more", async () => {
          b.stop();
          const e = event();
          await raise(database.db, e);
          await a.until(idOf(e));
          assert.ok(!b.seen.some((x) => idOf(x) === idOf(e)));
          assert.equal(bus.size, 1);
        });
      } finally {
        await bus.close();
      }
    },
  });
}

Deno.test({
  name: "[events] an event raised by one process reaches every instance's bus [postgres]",
  ignore: !TEST_PG_URL,
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    // Two server instances and a worker: three pools on one database, as in production.
    const instances = [
      openPostgres(TEST_PG_URL!, { max: 1 }),
      openPostgres(TEST_PG_URL!, { max: 1 }),
    ];
    const worker = openPostgres(TEST_PG_URL!, { max: 1 });
    const buses = instances.map((d) => eventBus(d));
    try {
      const tabs = await Promise.all(buses.map(collect));
      const e = event({ tgid: 3 });
      await worker.db.transaction((tx) => raise(tx, e));
      await Promise.all(tabs.map((tab) => tab.until(idOf(e))));
      for (const tab of tabs) assert.deepEqual(tab.seen.filter((x) => idOf(x) === idOf(e)), [e]);
    } finally {
      for (const bus of buses) await bus.close();
      for (const db of [...instances, worker]) await db.close();
    }
  },
});
