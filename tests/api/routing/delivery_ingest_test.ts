/**
 * Receiving a message: one push traffic row per route of the tgid that takes the member (the
 * first the message, the others its multi-push items), due now; a tgid without routes gets one
 * DB row; the demo feed's report has the seed's form and lands on a routed terminal.
 */
import assert from "node:assert/strict";
import { asc, eq, inArray } from "drizzle-orm";
import { dbTest } from "../../fixtures/app.ts";
import { freshPglite } from "../../fixtures/db.ts";
import { Factories } from "../../fixtures/factories.ts";
import { pushTraffic, smtpRoutes, tcpRoutes } from "../../../db/schema/mod.ts";
import { receiveMessage } from "../../../server/delivery/ingest.ts";
import { positionReport, receiveOneReport } from "../../../server/station/inbound_report.ts";

dbTest(
  "[delivery/ingest] one row per route taking the member, items under the first",
  async (ctx) => {
    const tgid = await ctx.f.tgid();
    const [all] = await ctx.db.insert(tcpRoutes).values({
      tgidId: tgid.id,
      ipPortTxPrimary: "127.0.0.1:5001",
    }).returning();
    const [member7] = await ctx.db.insert(smtpRoutes).values({
      tgidId: tgid.id,
      memberOrMobileNum: "7",
      emailMaster: "a@customer.test",
    }).returning();
    await ctx.db.insert(smtpRoutes).values({
      tgidId: tgid.id,
      memberOrMobileNum: "8",
      emailMaster: "b@customer.test",
    });
    const before = Date.now();
    const ids = await receiveMessage(ctx.db, {
      tgidId: tgid.id,
      dnid: 10001,
      les: 21,
      member: 7,
      protocol: 0,
      content: "DNID 10001 MEM 7 POS 12.0000N 004.0000W",
    });
    assert.equal(ids.length, 2);
    const rows = await ctx.db.select().from(pushTraffic).where(inArray(pushTraffic.id, ids))
      .orderBy(asc(pushTraffic.id));
    assert.deepEqual(
      rows.map((r) => [r.deliveryType, r.routagePushId, r.parentId, r.status]),
      [[0, all.id, null, 0], [1, member7.id, ids[0], 0]],
    );
    for (const r of rows) {
      assert.ok(r.nextAttemptAt && r.nextAttemptAt.getTime() >= before - 60_000, "due now");
      assert.equal(r.dataLength, 39);
    }

    // Without routes: one row for polling (DB).
    const bare = await ctx.f.tgid();
    const [only] = await receiveMessage(ctx.db, {
      tgidId: bare.id,
      dnid: null,
      les: null,
      member: null,
      protocol: 1,
      content: "SBD",
    });
    const [db] = await ctx.db.select().from(pushTraffic).where(eq(pushTraffic.id, only));
    assert.equal(db.deliveryType, 2);
    assert.equal(db.routagePushId, null);
  },
);

// A database of its own: the feed picks among every routed terminal of the database.
Deno.test("[delivery/ingest] the demo feed reports from a routed terminal, in the seed's form", async () => {
  const at = new Date("2026-11-23T10:15:00Z");
  const fixed = () => 0.5;
  assert.equal(
    positionReport(10001, 7, at, fixed),
    "DNID 10001 MEM 7 POS 26.0000N 002.5000E SPD 7.0 CRS 180 2026-11-23 10:15",
  );
  const database = await freshPglite();
  try {
    const f = new Factories(database.db);
    assert.deepEqual(await receiveOneReport(database.db, fixed), [], "no routed terminal yet");
    const tgid = await f.tgid();
    const dnid = await f.dnid({ tgidId: tgid.id });
    assert.deepEqual(await receiveOneReport(database.db, fixed), [], "its tgid has no route");
    await database.db.insert(tcpRoutes).values({
      tgidId: tgid.id,
      ipPortTxPrimary: "127.0.0.1:5001",
    });
    const ids = await receiveOneReport(database.db, fixed);
    assert.equal(ids.length, 1);
    const [row] = await database.db.select().from(pushTraffic).where(eq(pushTraffic.id, ids[0]));
    assert.equal(row.tgidId, tgid.id);
    assert.equal(row.dnid, dnid.id);
    assert.match(row.content!, new RegExp(`^DNID ${dnid.id} MEM 128 POS 26.0000N 002.5000E`));
  } finally {
    await database.close();
  }
});
