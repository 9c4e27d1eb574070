/**
 * Statements built once (db/statements.ts; scopedStatement in services/tenancy.ts; preparedFind
 * in services/paging.ts) answer every request with its own values. The same statements run, in
 * turn, for two companies' clients, for an administrator, and with other filter values and pages:
 * a value frozen into a statement by its first run would show one company's rows to the other,
 * or the first filter's rows to the second.
 */
import assert from "node:assert/strict";
import { dbTest } from "../fixtures/app.ts";
import { admin, clientWithTgid } from "../fixtures/companies_teams.ts";
import { unique } from "../fixtures/factories.ts";
import { TransactionRollbackError } from "drizzle-orm";
import { terminals } from "../../db/schema/mod.ts";
import { findTerminals, getTerminal } from "../../server/services/terminal/read.ts";

type Body = Record<string, unknown> & { results?: Record<string, unknown>[] };
const ids = (body: Body, key: string) => body.results!.map((r) => r[key]).sort();

dbTest("statements built once take each request's company, filter and page", async (ctx) => {
  const label = unique("Prepared");
  const a = await clientWithTgid(ctx);
  const b = await clientWithTgid(ctx);
  const ta = await ctx.f.terminal({ tgidId: a.tgid.id, label: `${label} alpha` });
  const tb = await ctx.f.terminal({ tgidId: b.tgid.id, label: `${label} beta` });
  await ctx.f.pushTraffic({ tgidId: a.tgid.id, count: 3 });
  await ctx.f.pushTraffic({ tgidId: b.tgid.id, count: 2 });
  const get = async (token: string, path: string) => (await ctx.call("GET", path, { token }));
  const find = async (token: string, path: string, json: unknown) =>
    (await ctx.call("POST", path, { token, json })).body as Body;

  // Each client in turn (the same statements): its own rows, and the other's answer 404.
  for (const [me, mine, theirs] of [[a, ta, tb], [b, tb, ta]] as const) {
    const own = await get(me.token, `/rest/terminal/get?id=${mine.deviceId}`);
    assert.equal(own.status, 200);
    assert.equal((own.body as Body).deviceLabel, mine.deviceLabel);
    assert.equal((await get(me.token, `/rest/terminal/get?id=${theirs.deviceId}`)).status, 404);
    const tgid = await get(me.token, `/rest/tgid/get?id=${me.tgid.id}`);
    assert.equal(tgid.status, 200);
    assert.deepEqual(
      (tgid.body as { devices: { deviceId: number }[] }).devices.map((d) => d.deviceId),
      [
        mine.deviceId,
      ],
    );
    const other = me === a ? b : a;
    assert.equal((await get(me.token, `/rest/tgid/get?id=${other.tgid.id}`)).status, 404);

    const terminals = await find(me.token, "/rest/terminal/findDevice", { filter: { label } });
    assert.deepEqual(ids(terminals, "deviceId"), [mine.deviceId]);
    const traffic = await find(me.token, "/rest/push/find", {
      type: "pushTraffic",
      filter: {},
      count: 20,
    });
    assert.equal(traffic.total, me === a ? 3 : 2);
    assert.deepEqual([...new Set(traffic.results!.map((r) => r.tgid))], [me.tgid.id]);
    const tgids = await find(me.token, "/rest/tgid/find", { filter: { id: me.tgid.id } });
    assert.deepEqual(ids(tgids, "id"), [me.tgid.id]);
    assert.deepEqual(
      ids(await find(me.token, "/rest/tgid/find", { filter: { id: other.tgid.id } }), "id"),
      [],
    );
  }

  // An administrator reaches both; another value of the same filter finds other rows.
  const { token } = await admin(ctx);
  const both = await find(token, "/rest/terminal/findDevice", { filter: { label } });
  assert.deepEqual(ids(both, "deviceId"), [ta.deviceId, tb.deviceId].sort());
  for (const [word, terminal] of [["alpha", ta], ["beta", tb]] as const) {
    const one = await find(token, "/rest/terminal/findDevice", {
      filter: { label: `${label} ${word}` },
    });
    assert.deepEqual(ids(one, "deviceId"), [terminal.deviceId]);
  }

  // The page is a value too: a's three rows over pages of two.
  const page = async (n: number) =>
    ids(
      await find(a.token, "/rest/push/find", {
        type: "pushTraffic",
        filter: {},
        count: 2,
        page: n,
      }),
      "pushTrafficId",
    );
  const [first, second] = [await page(1), await page(2)];
  assert.equal(first.length, 2);
  assert.equal(second.length, 1);
  assert.ok(!first.includes(second[0]));
});

dbTest(
  "a statement built once runs in a transaction on the transaction's connection",
  async (ctx) => {
    const label = unique("In transaction");
    const a = await clientWithTgid(ctx);
    const scope = { onlyCompany: a.company.id };
    const request = { filter: { label }, count: 10, page: 1 } as Parameters<
      typeof findTerminals
    >[2];
    const labels = (page: { results: { deviceLabel: string | null }[] }) =>
      page.results.map((r) => r.deviceLabel);
    // Built outside any transaction first, then run in two in turn (one rolled back), then outside.
    assert.deepEqual(labels(await findTerminals(ctx.db, scope, request)), []);
    for (const keep of [false, true]) {
      await ctx.db.transaction(async (tx) => {
        const [row] = await tx.insert(terminals).values({
          deviceTypeId: 0,
          tgidId: a.tgid.id,
          deviceLabel: `${label} ${keep}`,
        }).returning({ deviceId: terminals.deviceId });
        // Only the transaction sees its row: a statement run on another connection would not.
        assert.equal((await getTerminal(tx, scope, row.deviceId)).deviceLabel, `${label} ${keep}`);
        assert.deepEqual(labels(await findTerminals(tx, scope, request)), [`${label} ${keep}`]);
        if (!keep) tx.rollback();
      }).catch((e) => {
        if (!(e instanceof TransactionRollbackError)) throw e;
      });
    }
    assert.deepEqual(labels(await findTerminals(ctx.db, scope, request)), [`${label} true`]);
  },
);
