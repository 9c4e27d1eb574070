/**
 * A message and a command keep the label their target had when they were sent, as their company
 * saw it (docs/decisions/0019): company A's client sends to its terminals, which then become
 * company B's (one in a tgid B shares with A); B renames them; A's traffic (POST /rest/station/find, the /station pages, the command
 * details) still shows the label A sent with, and a filter by B's new label finds nothing — for an
 * administrator too. A target A cannot see at all when sending (an administrator's carbon copy to
 * B) keeps nothing of B's in A's rows.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { type Ctx, dbTest } from "../../fixtures/app.ts";
import { admin, clientWithTgid, html } from "../../fixtures/companies_teams.ts";
import { plainMessage } from "../../fixtures/messaging_c.ts";
import { unique } from "../../fixtures/factories.ts";
import { terminals } from "../../../db/schema/mod.ts";

type Tenant = Awaited<ReturnType<typeof clientWithTgid>>;

/** An Inmarsat C terminal labelled `label` in tgid `tgidId`; answers its device id and imn. */
async function inmarsatC(ctx: Ctx, tgidId: number, label: string) {
  const t = await ctx.f.terminal({ tgidId, deviceTypeId: 0, label });
  return { deviceId: t.deviceId, imn: t.mtl!.imn };
}

const find = async (ctx: Ctx, token: string, filter: Record<string, unknown>) => {
  const r = await ctx.call("POST", "/rest/station/find", {
    token,
    json: { filter, sorting: { field: "refNum", direction: "asc" } },
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.rows as { refNum: number; recipient: string; recipientLabel: string | null }[];
};

/** [refNum, recipientLabel] of each row `token` finds with `filter`. */
const labelsFound = async (ctx: Ctx, token: string, filter: Record<string, unknown>) =>
  (await find(ctx, token, filter)).map((m) => [m.refNum, m.recipientLabel]);

const details = async (ctx: Ctx, token: string, listId: number, itemId = 1) => {
  const q = `listId=${listId}&groupId=1&itemId=${itemId}`;
  const r = await ctx.call("GET", `/rest/command/getCommandDetails?${q}`, { token });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const full = await ctx.call("GET", `/rest/command/getCommandFull?${q}`, { token });
  assert.equal(full.status, 200, JSON.stringify(full.body));
  assert.equal(full.body.fullCommandObject.targetLabel, r.body.targetLabel);
  return r.body.targetLabel as string | null;
};

const rename = async (ctx: Ctx, owner: Tenant, deviceId: number, label: string) => {
  const r = await ctx.call("POST", "/rest/terminal/updateLabel", {
    token: owner.token,
    json: { deviceId, label },
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
};

dbTest(
  "[rest/station] a terminal passed to company B: A's traffic keeps the label A sent with, never B's new one",
  async (ctx) => {
    const a = await clientWithTgid(ctx, { messagingCAccess: true });
    const b = await clientWithTgid(ctx, { messagingCAccess: true });
    const boss = await admin(ctx);
    // Two of A's own terminals, which later pass to company B: one into B's own tgid, the other
    // into a tgid B shares with A's team (A still reads it, but no longer sends to it).
    const before = { own: unique("A vessel"), shared: unique("A lent vessel") };
    const own = await inmarsatC(ctx, a.tgid.id, before.own);
    const sharedTgid = await ctx.f.tgid({ teamId: b.team.id, sharedWith: [a.team.id] });
    const shared = await inmarsatC(ctx, a.tgid.id, before.shared);

    const sent = await ctx.call("POST", "/rest/inmarsat/send", {
      token: a.token,
      json: { recipient: own.imn, carboncopies: [], message: plainMessage() },
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const mine = sent.body.recipients[0].refNum as number;
    const test = await ctx.call("POST", "/rest/mtls/sendTestMessage", {
      token: a.token,
      json: { id: shared.imn },
    });
    assert.equal(test.status, 200, JSON.stringify(test.body));
    const tested = test.body.reference as number;

    // As sent: each with the label A saw.
    assert.deepEqual(await labelsFound(ctx, a.token, {}), [
      [mine, before.own],
      [tested, before.shared],
    ]);

    // An administrator moves A's terminals into B's tgids; B renames both terminals.
    await ctx.db.update(terminals).set({ tgidId: b.tgid.id })
      .where(eq(terminals.deviceId, own.deviceId));
    await ctx.db.update(terminals).set({ tgidId: sharedTgid.id })
      .where(eq(terminals.deviceId, shared.deviceId));
    const after = { own: unique("B secret"), shared: unique("B renamed") };
    await rename(ctx, b, own.deviceId, after.own);
    await rename(ctx, b, shared.deviceId, after.shared);

    // A's traffic, its Messaging C history (mine) and the administrator's: the labels as sent.
    for (const token of [a.token, boss.token]) {
      assert.deepEqual(await labelsFound(ctx, token, { refNum: mine }), [[mine, before.own]]);
      assert.deepEqual(await labelsFound(ctx, token, { refNum: tested }), [[
        tested,
        before.shared,
      ]]);
      // A filter by B's new labels finds nothing; by the labels as sent, the messages.
      for (const label of [after.own, after.shared]) {
        assert.deepEqual(await labelsFound(ctx, token, { recipient: label }), [], label);
      }
      assert.deepEqual(
        (await find(ctx, token, { recipient: before.own.toUpperCase() })).map((m) => m.refNum),
        [mine],
      );
      assert.deepEqual(
        (await find(ctx, token, { recipient: before.shared })).map((m) => m.refNum),
        [tested],
      );
    }
    assert.deepEqual(await labelsFound(ctx, a.token, { mine: true }), [
      [mine, before.own],
      [tested, before.shared],
    ]);
    // B never sees A's traffic.
    assert.deepEqual(await find(ctx, b.token, {}), []);

    // The commands that carried them keep the same labels.
    for (const token of [a.token, boss.token]) {
      assert.equal(await details(ctx, token, sent.body.listId), before.own);
      assert.equal(await details(ctx, token, test.body.listId), before.shared);
    }

    // The pages: the label as sent, nothing of B's new ones.
    for (const path of ["/station", "/station/traffic"]) {
      const page = html((await ctx.call("GET", path, { cookie: a.cookie })).body);
      assert.match(page, new RegExp(before.own));
      for (const label of [after.own, after.shared]) assert.doesNotMatch(page, new RegExp(label));
    }

    // A reads the shared terminal as it is today (B's label), while its traffic keeps what was
    // sent; A sends to neither any more: a tgid merely shared with A is read-only for it.
    const read = await ctx.call("GET", `/rest/mtls/getMtl?mtl=${shared.imn}`, { token: a.token });
    assert.equal(read.body.deviceLabel, after.shared);
    const again = await ctx.call("POST", "/rest/mtls/sendTestMessage", {
      token: a.token,
      json: { id: shared.imn },
    });
    assert.equal(again.status, 404, JSON.stringify(again.body));
    const refused = await ctx.call("POST", "/rest/inmarsat/send", {
      token: a.token,
      json: { recipient: own.imn, carboncopies: [], message: plainMessage() },
    });
    assert.equal(refused.status, 404);
    assert.deepEqual(
      (await find(ctx, a.token, {})).map((m) => m.refNum),
      [mine, tested],
      "nothing new recorded",
    );
  },
);

dbTest(
  "[rest/station] an administrator's carbon copy to company B: A's rows keep nothing of B's label, B's keep B's",
  async (ctx) => {
    const a = await clientWithTgid(ctx, { messagingCAccess: true });
    const b = await clientWithTgid(ctx, { messagingCAccess: true });
    const boss = await admin(ctx);
    const ours = await inmarsatC(ctx, a.tgid.id, unique("A vessel"));
    const label = unique("B vessel");
    const theirs = await inmarsatC(ctx, b.tgid.id, label);
    const sent = await ctx.call("POST", "/rest/inmarsat/send", {
      token: boss.token,
      json: { recipient: ours.imn, carboncopies: [theirs.imn], message: plainMessage() },
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const [toA, toB] = sent.body.recipients.map((r: { refNum: number }) => r.refNum);

    // The list is A's: its command to B's terminal keeps no label (A cannot see that terminal).
    assert.equal(await details(ctx, a.token, sent.body.listId, 2), null);
    assert.equal(await details(ctx, boss.token, sent.body.listId, 2), null);
    // The carbon copy's station message is B's, with B's label; A's names B's imn only.
    const [rowA] = await find(ctx, a.token, {});
    assert.equal(rowA.refNum, toA);
    assert.equal(rowA.recipient, ours.imn);
    assert.doesNotMatch(JSON.stringify(rowA), new RegExp(label));
    assert.deepEqual(await labelsFound(ctx, a.token, { recipient: label }), []);
    assert.deepEqual(await labelsFound(ctx, b.token, {}), [[toB, label]]);
  },
);
