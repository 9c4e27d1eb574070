/**
 * GET /rest/events (issue 38): the change events the database raises reach the streams of the
 * users who may read the rows they name, and only theirs; a stream resumes from its last event
 * id, folds a backlog it cannot send, and ends with its session.
 */
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { call, dbTest, signIn, TEST_SECRET, testApp } from "../../fixtures/app.ts";
import { isolatedDatabase, postgresDb, TEST_PG_URL } from "../../fixtures/db.ts";
import { executeRows } from "../../../db/client.ts";
import { Factories, TEST_PASSWORD } from "../../fixtures/factories.ts";
import { openTab } from "../../fixtures/event_stream.ts";
import { tokenFor } from "../../authz/operations.ts";
import {
  pushAttempts,
  pushTraffic,
  stationMessages,
  tgidTeams,
  users,
} from "../../../db/schema/mod.ts";
import { recordBeat } from "../../../server/services/monitoring/heartbeats.ts";
import { createSession } from "../../../server/services/users/session/store.ts";
import { sessionKeys } from "../../../server/auth/token.ts";
import { EventStream, MAX_QUEUED } from "../../../server/services/events/stream.ts";

dbTest("[rest/events] a change reaches the tabs that may read it, and no other", async (ctx) => {
  const { f, app, db } = ctx;
  const a = await f.user(), b = await f.user();
  const admin = await f.user({ rights: 1 });
  const tgidA = await f.tgid({ teamId: a.teamId }), tgidB = await f.tgid({ teamId: b.teamId });
  const [tabA, tabB, tabAdmin] = await Promise.all(
    [a, b, admin].map(async (u) => openTab(app, await tokenFor(db, u))),
  );
  try {
    assert.deepEqual([tabA.status, tabB.status, tabAdmin.status], [200, 200, 200]);

    // A's message first, then B's: when B's arrives at B's tab, A's would have before it.
    const [msgA] = await f.pushTraffic({ tgidId: tgidA.id, overrides: { status: 0 } });
    const [msgB] = await f.pushTraffic({ tgidId: tgidB.id, overrides: { status: 0 } });
    const idA = String(msgA.id), idB = String(msgB.id);
    await tabA.waitFor((e) => e.type === "push.status" && e.data.ids!.includes(idA));
    await tabB.waitFor((e) => e.type === "push.status" && e.data.ids!.includes(idB));
    await tabAdmin.waitFor((e) => e.data.ids?.includes(idB) ?? false);
    assert.ok(tabAdmin.saw(idA, "push.status"));
    assert.ok(!tabB.saw(idA), "B never learns of A's message, not even its id");
    assert.ok(!tabA.saw(idB));

    // A status change raises one (a claim's In progress too); a change of another field none.
    await db.update(pushTraffic).set({ status: 1 }).where(eq(pushTraffic.id, msgA.id));
    await db.update(pushTraffic).set({ errorLabel: "x" }).where(eq(pushTraffic.id, msgA.id));
    await db.update(pushTraffic).set({ status: 4 }).where(eq(pushTraffic.id, msgA.id));
    const named = () => tabA.events.filter((e) => e.data.ids?.includes(idA));
    await tabA.waitFor(() => named().length >= 3);
    await f.pushTraffic({ tgidId: tgidA.id }); // a later event: nothing else about msgA came
    await tabA.waitFor((e) => e === tabA.events.at(-1) && !e.data.ids!.includes(idA));
    assert.equal(named().length, 3);

    // Shared with B's team: B's tab is told of A's tgid's rows from then on.
    await db.insert(tgidTeams).values({ tgidId: tgidA.id, teamId: b.teamId });
    const [shared] = await f.pushTraffic({ tgidId: tgidA.id });
    await tabB.waitFor((e) => e.data.ids?.includes(String(shared.id)) ?? false);

    // A company's rows: a Messaging C message of A's company reaches A (and the admin), not B.
    const listA = await f.commandList({ companyId: a.companyId });
    const listB = await f.commandList({ companyId: b.companyId });
    await tabB.waitFor((e) => e.type === "command.state" && e.data.ids!.includes(String(listB.id)));
    assert.ok(tabA.saw(String(listA.id), "command.state"));
    assert.ok(!tabB.saw(String(listA.id), "command.state"));

    // A delivery attempt names its message; a Messaging C message its company's; a service's
    // beat is administrators' only.
    await db.insert(pushAttempts).values({
      pushTrafficId: msgB.id,
      round: 1,
      target: "primary",
      destination: "127.0.0.1:9",
      outcome: "refused",
      durationMs: 1,
      instance: "test",
    });
    await tabB.waitFor((e) => e.type === "delivery.attempt" && e.data.ids!.includes(idB));
    const [sent] = await db.insert(stationMessages).values({
      les: 21,
      recipient: "423000001",
      size: 5,
      text: "hello",
      companyId: a.companyId,
    }).returning();
    await tabA.waitFor((e) =>
      e.type === "message.state" && e.data.ids!.includes(String(sent.refNum))
    );
    await recordBeat(db, "events-test", {
      implementation: "test",
      instance: "t",
      startedAt: new Date(),
      moved: 1,
    });
    await tabAdmin.waitFor((e) =>
      e.type === "service.heartbeat" && e.data.ids!.includes("events-test")
    );
    assert.ok(!tabB.saw(String(sent.refNum), "message.state"));

    // News: a public item reaches everyone, an administrators' item only administrators.
    const hidden = await f.news({ public: false }), open = await f.news({ public: true });
    await tabA.waitFor((e) => e.data.ids?.includes(String(open.id)) ?? false);
    await tabAdmin.waitFor((e) => e.data.ids?.includes(String(open.id)) ?? false);
    assert.ok(tabAdmin.saw(String(hidden.id), "news.published"));
    assert.ok(!tabA.saw(String(hidden.id), "news.published"));
    assert.ok(!tabA.events.some((e) => e.type === "service.heartbeat"));
  } finally {
    await Promise.all([tabA, tabB, tabAdmin].map((t) => t.close()));
  }
});

dbTest(
  "[rest/events] a reconnecting tab is sent what it missed, or told to resync",
  async (ctx) => {
    const { f, app, db } = ctx;
    const u = await f.user();
    const tgid = await f.tgid({ teamId: u.teamId });
    const token = await tokenFor(db, u);
    const first = await openTab(app, token);
    const [m1] = await f.pushTraffic({ tgidId: tgid.id });
    const seen = await first.waitFor((e) => e.data.ids?.includes(String(m1.id)) ?? false);
    await first.close();

    const [m2] = await f.pushTraffic({ tgidId: tgid.id });
    // Wait until the server has numbered m2's event: a second tab sees it.
    const watcher = await openTab(app, token, { lastEventId: seen.id });
    const resumed = await watcher.waitFor((e) => e.data.ids?.includes(String(m2.id)) ?? false);
    assert.ok(!watcher.saw(String(m1.id)), "what the tab saw is not sent again");
    assert.ok(resumed.id! > seen.id! || resumed.id!.length > seen.id!.length);
    await watcher.close();

    const sincePage = await openTab(app, token, { since: seen.id });
    await sincePage.waitFor((e) => e.data.ids?.includes(String(m2.id)) ?? false);
    await sincePage.close();

    const stranger = await openTab(app, token, { lastEventId: "0badcafe.12" });
    await stranger.waitFor((e) => e.type === "resync");
    await stranger.close();

    const bad = await openTab(app, token, { lastEventId: "<script>" });
    assert.equal(bad.status, 400);
    assert.equal((await openTab(app, null)).status, 401);
  },
);

dbTest(
  "[rest/events] a stream ends with its session: logout, deactivation, expiry",
  async (ctx) => {
    const { f, app, db } = ctx;
    const u = await f.user(), v = await f.user();
    const { token } = await signIn(ctx, u.id, TEST_PASSWORD);
    const tab = await openTab(app, token);
    assert.equal(tab.status, 200);
    assert.equal((await ctx.call("POST", "/rest/users/logout", { token })).status, 200);
    await within(tab.ended, "logout");

    const vTab = await openTab(app, await tokenFor(db, v));
    await db.update(users).set({ active: false }).where(eq(users.key, v.key));
    await within(vTab.ended, "deactivation");

    const short = await createSession(db, sessionKeys(TEST_SECRET), {
      userKey: (await f.user()).key,
      remember: false,
      lifetimeSeconds: 2,
      ip: "test",
    });
    const expiring = await openTab(app, short.token);
    assert.equal(expiring.status, 200);
    await within(expiring.ended, "expiry", 5000);
  },
);

Deno.test("[services/events] a reader that falls behind costs a bounded queue, then one resync", async () => {
  let closed = 0;
  const stream = new EventStream(() => closed++, () => "event: resync\ndata: {}\n\n");
  for (let i = 0; i < MAX_QUEUED * 3; i++) stream.send(`event: push.status\ndata: ${i}\n\n`);
  assert.equal(stream.folds, 2);
  const reader = stream.body.getReader();
  const text = new TextDecoder();
  assert.match(text.decode((await reader.read()).value), /^retry: \d+/);
  const backlog = text.decode((await reader.read()).value);
  assert.ok(backlog.startsWith("event: resync"), backlog.slice(0, 40));
  assert.equal(backlog.split("\n\n").length - 1, MAX_QUEUED * 3 - 2 * MAX_QUEUED);
  stream.close();
  assert.equal((await reader.read()).done, true);
  assert.equal(closed, 1);
});

async function within(ended: Promise<void>, what: string, ms = 3000) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    ended,
    new Promise((_, fail) => {
      timer = setTimeout(() => fail(new Error(`the stream outlived ${what}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

Deno.test({
  name: "[rest/events] two instances and a worker on one PostgreSQL: each tab is told [postgres]",
  ignore: !TEST_PG_URL,
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const instances = [await postgresDb(2), await postgresDb(2)];
    const worker = await postgresDb(1);
    const [one, two] = instances.map((d) => testApp(d, { SESSION_RECHECK_SECONDS: "60" }));
    // As a server does at start (server/start.ts): listening before any stream.
    await two.events.listen();
    const f = new Factories(worker.db);
    const a = await f.user(), b = await f.user();
    const tgidA = await f.tgid({ teamId: a.teamId }), tgidB = await f.tgid({ teamId: b.teamId });
    // A's tab on the first instance, B's on the second; the worker writes.
    const tabA = await openTab(one, await tokenFor(worker.db, a));
    const tabB = await openTab(two, await tokenFor(worker.db, b));
    try {
      const [msgA] = await f.pushTraffic({ tgidId: tgidA.id });
      const [msgB] = await f.pushTraffic({ tgidId: tgidB.id });
      await tabA.waitFor((e) => e.data.ids?.includes(String(msgA.id)) ?? false);
      await tabB.waitFor((e) => e.data.ids?.includes(String(msgB.id)) ?? false);
      assert.ok(!tabB.saw(String(msgA.id)));
      assert.ok(!tabA.saw(String(msgB.id)));
      // B deactivated by another process: B's stream on the second instance ends at once.
      await worker.db.update(users).set({ active: false }).where(eq(users.key, b.key));
      await within(tabB.ended, "deactivation on another instance");

      // A logout on the first instance ends the session on the second at once, though the
      // second keeps sessions cached for a minute (SESSION_RECHECK_SECONDS=60).
      const c = await f.user();
      const token = await tokenFor(worker.db, c);
      const current = (app: typeof two) => call(app, "GET", "/rest/users/current", { token });
      assert.equal((await current(two)).status, 200);
      assert.equal((await call(one, "POST", "/rest/users/logout", { token })).status, 200);
      const end = Date.now() + 3000;
      while ((await current(two)).status !== 401 && Date.now() < end) {
        await new Promise((r) => setTimeout(r, 50));
      }
      assert.equal((await current(two)).status, 401, "the second instance still knows it");
    } finally {
      await Promise.all([tabA.close(), tabB.close()]);
      for (const app of [one, two]) await app.events.close();
      for (const d of [...instances, worker]) await d.close();
    }
  },
});

Deno.test({
  name: "[rest/events] a lost listening connection comes back, and the tabs resync [postgres]",
  ignore: !TEST_PG_URL,
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    // A database of its own: the test ends every listening connection to it.
    const { database, close } = await isolatedDatabase("postgres", 3);
    const app = testApp(database);
    const f = new Factories(database.db);
    const u = await f.user();
    const tab = await openTab(app, await tokenFor(database.db, u));
    try {
      const [listener] = await executeRows<{ ended: boolean }>(
        database.db,
        sql`select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = current_database() and query ilike 'listen%'`,
      );
      assert.equal(listener?.ended, true, "a listening connection was there to end");
      // Events raised meanwhile are lost to this instance: its tabs are told to read again.
      await tab.waitFor((e) => e.type === "resync", 10_000);
      const tgid = await f.tgid({ teamId: u.teamId });
      const [m] = await f.pushTraffic({ tgidId: tgid.id });
      await tab.waitFor((e) => e.data.ids?.includes(String(m.id)) ?? false);
    } finally {
      await tab.close();
      await app.events.close();
      await close();
    }
  },
});
