/**
 * The /rest/mtls calls: register (administrators; the imn rule, duplicates), find and get (an
 * attached mtl follows its terminal's tgid, an unattached one is administrators'), the label,
 * delete with the terminal, the LES station's record (and its fault), the test message through
 * the command path, and the serial. A tgid shared with a client's company is read-only for it: no
 * label edit, no test message.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { type Ctx, dbTest } from "../../fixtures/app.ts";
import { unique } from "../../fixtures/factories.ts";
import {
  admin,
  assertAdminOnly,
  clientWithTgid as tenant,
  tgidSharedByB,
} from "../../fixtures/companies_teams.ts";
import {
  commandLists,
  commands,
  mtls,
  stationMessages,
  terminals,
} from "../../../db/schema/mod.ts";
import { MTL_MESSAGES } from "../../../openapi/schemas/mtls.ts";
import { UNKNOWN_MTL_FAULT } from "../../../server/station/adapter.ts";

/** A nine-digit imn starting with 4 that no other test picks. */
const newImn = () => String(400_000_000 + Math.floor(Math.random() * 99_999_999));

/** An Inmarsat C terminal of the tenant, with its mtl. */
const inmarsatC = (ctx: Ctx, tgidId: number, opts: Parameters<Ctx["f"]["terminal"]>[0] = {}) =>
  ctx.f.terminal({ tgidId, deviceTypeId: 0, ...opts });

// ---- register ----

dbTest(
  "[rest/mtls] addMtl: registers an unattached mobile terminal; a taken imn is 409",
  async (ctx) => {
    const { token } = await admin(ctx);
    const imn = newImn();
    const json = {
      imn,
      serial: "SN-1",
      model: "TT-3026",
      fwdId: "FWD1",
      deviceLabel: "New boat",
      updateDate: "2026-03-04T05:06:07.000Z",
    };
    const r = await ctx.call("POST", "/rest/mtls/addMtl", { token, json });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body, {
      imn,
      serial: "SN-1",
      model: "TT-3026",
      fwdId: "FWD1",
      deviceLabel: "New boat",
      mtl: 0,
      region: null,
      isValid: true,
      miniC: false,
      updateDate: "2026-03-04T05:06:07.000Z",
      deviceId: null,
      tgid: null,
      mayEdit: true,
    });
    const again = await ctx.call("POST", "/rest/mtls/addMtl", { token, json: { imn } });
    assert.equal(again.status, 409);
    assert.deepEqual(again.body, { code: 23000, message: MTL_MESSAGES.exists(imn) });
    for (const bad of ["12345678", "512345678", "4123456789", "41234567a", ""]) {
      const b = await ctx.call("POST", "/rest/mtls/addMtl", { token, json: { imn: bad } });
      assert.equal(b.status, 400, bad);
      assert.equal(b.body.message, "IMN must be 9 digits starting with 4");
    }
  },
);

dbTest("[rest/mtls] addMtl and deleteMtl are administrators' only", async (ctx) => {
  const t = await tenant(ctx);
  const terminal = await inmarsatC(ctx, t.tgid.id);
  await assertAdminOnly(ctx, t.token, [
    ["POST", "/rest/mtls/addMtl", { imn: newImn() }],
    ["DELETE", `/rest/mtls/deleteMtl?imn=${terminal.mtl!.imn}`],
  ]);
});

// ---- reads and isolation ----

dbTest(
  "[rest/mtls] a client reaches the mtls of its terminals only; unattached ones are administrators'",
  async (ctx) => {
    const a = await tenant(ctx);
    const b = await tenant(ctx);
    const label = unique("Vessel");
    const mine = await inmarsatC(ctx, a.tgid.id, { label: `${label} A` });
    const theirs = await inmarsatC(ctx, b.tgid.id, { label: `${label} B` });
    const loose = await ctx.f.mtl({ deviceLabel: `${label} loose` });

    const find = (token: string, filter: Record<string, unknown> = {}) =>
      ctx.call("POST", "/rest/mtls/findMtl", { token, json: { filter, count: 100 } });
    const imns = (r: { body: { results: { imn: string }[] } }) => r.body.results.map((m) => m.imn);

    const ownList = await find(a.token);
    assert.equal(ownList.status, 200);
    assert.deepEqual(imns(ownList), [mine.mtl!.imn]);
    assert.equal(ownList.body.total, 1);
    assert.deepEqual(ownList.body.results[0].tgid, { id: a.tgid.id, label: a.tgid.label });
    assert.equal(ownList.body.results[0].deviceId, mine.deviceId);

    const get = (token: string, imn: string) =>
      ctx.call("GET", `/rest/mtls/getMtl?mtl=${imn}`, { token });
    assert.equal((await get(a.token, mine.mtl!.imn)).status, 200);
    for (const imn of [theirs.mtl!.imn, loose.imn, "499999999"]) {
      const r = await get(a.token, imn);
      assert.equal(r.status, 404, imn);
      assert.deepEqual(r.body, { code: 404, message: "Mtl not found" });
    }
    const serial = await ctx.call("GET", `/rest/mtls/getSerial?imn=${theirs.mtl!.imn}`, {
      token: a.token,
    });
    assert.equal(serial.status, 404);

    const { token } = await admin(ctx);
    const all = await find(token, { label });
    assert.deepEqual(imns(all).sort(), [mine.mtl!.imn, theirs.mtl!.imn, loose.imn].sort());
    const unattached = await find(token, { label, attached: false });
    assert.deepEqual(imns(unattached), [loose.imn]);
    const attached = await find(token, { label, attached: true, tgid: String(b.tgid.id) });
    assert.deepEqual(imns(attached), [theirs.mtl!.imn]);
    assert.equal((await get(token, loose.imn)).body.tgid, null);
  },
);

dbTest(
  "[rest/mtls] mayEdit: a client's own tgid's mtls, not a shared tgid's; every one for an administrator",
  async (ctx) => {
    // Company B's team owns a tgid it shares with company A's team.
    const { a, b, shared } = await tgidSharedByB(ctx);
    const boss = await admin(ctx);
    const label = unique("MayEdit");
    const ours = (await inmarsatC(ctx, a.tgid.id, { label: `${label} A` })).mtl!.imn;
    const theirs = (await inmarsatC(ctx, shared.id, { label: `${label} B` })).mtl!.imn;
    const loose = (await ctx.f.mtl({ deviceLabel: `${label} loose` })).imn;
    /** mayEdit of each mtl `token` reads, by imn: the list (findMtl) and getMtl alike. */
    const seen = async (token: string) => {
      const list = await ctx.call("POST", "/rest/mtls/findMtl", {
        token,
        json: { filter: { label }, count: 100 },
      });
      assert.equal(list.status, 200, JSON.stringify(list.body));
      const rows: Record<string, boolean> = {};
      for (const m of list.body.results as { imn: string; mayEdit: boolean }[]) {
        rows[m.imn] = m.mayEdit;
        const one = await ctx.call("GET", `/rest/mtls/getMtl?mtl=${m.imn}`, { token });
        assert.equal(one.body.mayEdit, m.mayEdit, m.imn);
      }
      return rows;
    };
    assert.deepEqual(await seen(a.token), { [ours]: true, [theirs]: false });
    assert.deepEqual(await seen(b.token), { [theirs]: true });
    assert.deepEqual(await seen(boss.token), { [ours]: true, [theirs]: true, [loose]: true });
    // The label edit answers the mtl as its editor may: changeable.
    const relabelled = await ctx.call("POST", "/rest/mtls/updateLabel", {
      token: a.token,
      json: { imn: ours, label: `${label} A2` },
    });
    assert.equal(relabelled.body.mayEdit, true);
  },
);

dbTest("[rest/mtls] findMtl: filters by imn, serial, model and region; sorts", async (ctx) => {
  const t = await tenant(ctx);
  const model = unique("Model");
  const a = await inmarsatC(ctx, t.tgid.id, { mtl: { model, region: 1, serial: unique("SA") } });
  const b = await inmarsatC(ctx, t.tgid.id, { mtl: { model, region: 2 } });
  const find = (json: Record<string, unknown>) =>
    ctx.call("POST", "/rest/mtls/findMtl", { token: t.token, json });
  const byModel = await find({ filter: { model }, sorting: { field: "imn", direction: "desc" } });
  assert.deepEqual(
    byModel.body.results.map((m: { imn: string }) => m.imn),
    [a.mtl!.imn, b.mtl!.imn].sort().reverse(),
  );
  const byRegion = await find({ filter: { model, region: 2 } });
  assert.deepEqual(byRegion.body.results.map((m: { imn: string }) => m.imn), [b.mtl!.imn]);
  const bySerial = await find({ filter: { serial: a.mtl!.serial! } });
  assert.deepEqual(bySerial.body.results.map((m: { imn: string }) => m.imn), [a.mtl!.imn]);
  const byImn = await find({ filter: { imn: b.mtl!.imn } });
  assert.equal(byImn.body.filtered, 1);
  const badRegion = await find({ filter: { region: 5 } });
  assert.equal(badRegion.status, 400);
});

dbTest("[rest/mtls] getSerial: the imn and its serial", async (ctx) => {
  const t = await tenant(ctx);
  const terminal = await inmarsatC(ctx, t.tgid.id, { mtl: { serial: "TT30261234" } });
  const r = await ctx.call("GET", `/rest/mtls/getSerial?imn=${terminal.mtl!.imn}`, {
    token: t.token,
  });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, { imn: terminal.mtl!.imn, serial: "TT30261234" });
  const bad = await ctx.call("GET", "/rest/mtls/getSerial?imn=abc", { token: t.token });
  assert.equal(bad.status, 400);
});

// ---- label and delete ----

dbTest("[rest/mtls] updateLabel: the mtl's and its terminal's label", async (ctx) => {
  const t = await tenant(ctx);
  const other = await tenant(ctx);
  const terminal = await inmarsatC(ctx, t.tgid.id);
  const imn = terminal.mtl!.imn;
  const r = await ctx.call("POST", "/rest/mtls/updateLabel", {
    token: t.token,
    json: { imn, label: "Morning Star" },
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.deviceLabel, "Morning Star");
  const [row] = await ctx.db.select().from(terminals)
    .where(eq(terminals.deviceId, terminal.deviceId));
  assert.equal(row.deviceLabel, "Morning Star");
  const theirs = await ctx.call("POST", "/rest/mtls/updateLabel", {
    token: other.token,
    json: { imn, label: "Stolen" },
  });
  assert.equal(theirs.status, 404);
  assert.deepEqual(theirs.body, { code: 404, message: "Mtl not found" });
});

dbTest("[rest/mtls] deleteMtl: the mtl and its terminal", async (ctx) => {
  const t = await tenant(ctx);
  const { token } = await admin(ctx);
  const terminal = await inmarsatC(ctx, t.tgid.id);
  const imn = terminal.mtl!.imn;
  const r = await ctx.call("DELETE", `/rest/mtls/deleteMtl?imn=${imn}`, { token });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(r.body, { imn, deviceId: terminal.deviceId });
  assert.equal((await ctx.db.select().from(mtls).where(eq(mtls.imn, imn))).length, 0);
  const gone = await ctx.db.select().from(terminals)
    .where(eq(terminals.deviceId, terminal.deviceId));
  assert.equal(gone.length, 0);
  const loose = await ctx.f.mtl();
  const l = await ctx.call("DELETE", `/rest/mtls/deleteMtl?imn=${loose.imn}`, { token });
  assert.deepEqual(l.body, { imn: loose.imn, deviceId: null });
  const again = await ctx.call("DELETE", `/rest/mtls/deleteMtl?imn=${imn}`, { token });
  assert.equal(again.status, 404);
});

// ---- the LES station ----

dbTest(
  "[rest/mtls] getStationMtl: the station's record; an unknown imn gives its fault",
  async (ctx) => {
    const t = await tenant(ctx);
    const other = await tenant(ctx);
    const terminal = await inmarsatC(ctx, t.tgid.id, {
      items: [
        ["loginTime", "DATE", "2026-02-01T10:00:00.000Z"],
        ["logoutTime", "DATE", "2026-01-01T10:00:00.000Z"],
      ],
      mtl: { region: 3, mtl: 1, model: "SAILOR 6110", miniC: true },
    });
    const imn = terminal.mtl!.imn;
    const dnid = await ctx.f.dnid({ companyId: t.company.id });
    await ctx.f.dnidStatus({ dnidId: dnid.id, les: dnid.les, member: 7, device: imn, status: 3 });

    const r = await ctx.call("GET", `/rest/mtls/getStationMtl?id=${imn}`, { token: t.token });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body, {
      imn,
      serial: terminal.mtl!.serial,
      model: "SAILOR 6110",
      les: 21,
      region: 3,
      oceanRegion: "IOR",
      mtl: 1,
      isValid: true,
      miniC: true,
      status: "logged in",
      lastLogin: "2026-02-01T10:00:00.000Z",
      lastLogout: "2026-01-01T10:00:00.000Z",
      dnids: [{ dnid: dnid.id, les: dnid.les, member: 7, status: 3 }],
    });

    const unknown = await ctx.call("GET", "/rest/mtls/getStationMtl?id=499999998", {
      token: t.token,
    });
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.body, { code: 404, message: UNKNOWN_MTL_FAULT });
    const theirs = await ctx.call("GET", `/rest/mtls/getStationMtl?id=${imn}`, {
      token: other.token,
    });
    assert.deepEqual(theirs.body, unknown.body, "another company's answers like an unknown one");
  },
);

// ---- the test message ----

dbTest(
  "[rest/mtls] sendTestMessage: records a command list, its command and a station message",
  async (ctx) => {
    const t = await tenant(ctx);
    const terminal = await inmarsatC(ctx, t.tgid.id);
    const imn = terminal.mtl!.imn;
    const r = await ctx.call("POST", "/rest/mtls/sendTestMessage", {
      token: t.token,
      json: { id: imn },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.groupId, 1);
    assert.equal(r.body.itemId, 1);
    assert.equal(r.body.status, 1);

    const [list] = await ctx.db.select().from(commandLists)
      .where(eq(commandLists.id, r.body.listId));
    assert.equal(list.protocol, 5, "MESSAGINGC");
    assert.equal(list.companyId, t.company.id, "the company of the terminal's tgid's team");
    assert.equal(list.userKey, t.user.key);
    assert.equal(list.terminated, false);

    const [command] = await ctx.db.select().from(commands)
      .where(eq(commands.listId, r.body.listId));
    assert.equal(command.command, "sendMessage");
    assert.equal(command.status, 1, "In Progress");
    assert.equal(command.mt, imn);
    assert.equal(command.parameters.les, 21);
    assert.equal(command.parameters.format, "text");
    assert.match(String(command.parameters.text), /^Test message from /);

    const [message] = await ctx.db.select().from(stationMessages)
      .where(eq(stationMessages.listId, r.body.listId));
    assert.equal(message.refNum, r.body.reference);
    assert.equal(message.status, 0, "forward in progress");
    assert.equal(message.recipient, imn);
    assert.equal(message.les, 21);
    assert.equal(message.text, command.parameters.text);
    assert.equal(message.size, new TextEncoder().encode(message.text).length);
    assert.equal(message.userKey, t.user.key);
    assert.equal(message.companyId, t.company.id, "the station message is the list's company's");
  },
);

dbTest(
  "[rest/mtls] a tgid shared with the client's company is read-only: no label edit, no test message",
  async (ctx) => {
    // Company B's team owns a tgid it shares with company A's team: A reads its mtl only.
    const { a, b, shared } = await tgidSharedByB(ctx);
    const theirs = await inmarsatC(ctx, shared.id);
    const imn = theirs.mtl!.imn;
    const rowsOf = async () => ({
      mtl: await ctx.db.select().from(mtls).where(eq(mtls.imn, imn)),
      terminal: await ctx.db.select().from(terminals)
        .where(eq(terminals.deviceId, theirs.deviceId)),
      commands: await ctx.db.select().from(commands).where(eq(commands.mt, imn)),
      messages: await ctx.db.select().from(stationMessages)
        .where(eq(stationMessages.recipient, imn)),
    });
    const before = await rowsOf();
    const read = await ctx.call("GET", `/rest/mtls/getMtl?mtl=${imn}`, { token: a.token });
    assert.equal(read.status, 200, "A reads B's shared mtl");

    // Each answers 404 'Mtl not found', as for an unknown mtl, and nothing of B's changes.
    const relabel = await ctx.call("POST", "/rest/mtls/updateLabel", {
      token: a.token,
      json: { imn, label: "Stolen" },
    });
    const test = await ctx.call("POST", "/rest/mtls/sendTestMessage", {
      token: a.token,
      json: { id: imn },
    });
    for (const r of [relabel, test]) {
      assert.equal(r.status, 404, JSON.stringify(r.body));
      assert.deepEqual(r.body, { code: 404, message: MTL_MESSAGES.notFound });
    }
    assert.deepEqual(await rowsOf(), before, "B's mtl, terminal and traffic are unchanged");

    // A's own: both still work, for A's company.
    const ours = await inmarsatC(ctx, a.tgid.id);
    const mine = await ctx.call("POST", "/rest/mtls/updateLabel", {
      token: a.token,
      json: { imn: ours.mtl!.imn, label: "A vessel" },
    });
    assert.equal(mine.status, 200, JSON.stringify(mine.body));
    assert.equal(mine.body.deviceLabel, "A vessel");
    const sent = await ctx.call("POST", "/rest/mtls/sendTestMessage", {
      token: a.token,
      json: { id: ours.mtl!.imn },
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const [list] = await ctx.db.select().from(commandLists)
      .where(eq(commandLists.id, sent.body.listId));
    assert.equal(list.companyId, a.company.id);

    // B, the owner, and an administrator may; an administrator's test message is the owner's.
    const byOwner = await ctx.call("POST", "/rest/mtls/updateLabel", {
      token: b.token,
      json: { imn, label: "B vessel" },
    });
    assert.equal(byOwner.status, 200, JSON.stringify(byOwner.body));
    const boss = await admin(ctx);
    const byAdmin = await ctx.call("POST", "/rest/mtls/sendTestMessage", {
      token: boss.token,
      json: { id: imn },
    });
    assert.equal(byAdmin.status, 200, JSON.stringify(byAdmin.body));
    const [owned] = await ctx.db.select().from(commandLists)
      .where(eq(commandLists.id, byAdmin.body.listId));
    assert.equal(owned.companyId, b.company.id);
    assert.equal(owned.userKey, boss.user.key);
    const [message] = await ctx.db.select().from(stationMessages)
      .where(eq(stationMessages.listId, byAdmin.body.listId));
    assert.equal(message.companyId, b.company.id);
    const listed = (token: string) =>
      ctx.call("GET", `/rest/list/getCommandsFull?listId=${byAdmin.body.listId}`, { token });
    assert.equal((await listed(b.token)).status, 200, "the owner follows it");
    assert.equal((await listed(a.token)).status, 404, "the company it is shared with does not");
  },
);

dbTest(
  "[rest/mtls] sendTestMessage: an invalid, unattached or unreachable mtl is refused",
  async (ctx) => {
    const t = await tenant(ctx);
    const other = await tenant(ctx);
    const send = (token: string, id: string) =>
      ctx.call("POST", "/rest/mtls/sendTestMessage", { token, json: { id } });
    const invalid = await inmarsatC(ctx, t.tgid.id, { mtl: { isValid: false } });
    const r = await send(t.token, invalid.mtl!.imn);
    assert.equal(r.status, 409);
    assert.equal(r.body.message, MTL_MESSAGES.notValid(invalid.mtl!.imn));
    assert.match(r.body.message, new RegExp(`^Terminal ${invalid.mtl!.imn} is not valid`));

    const theirs = await inmarsatC(ctx, other.tgid.id);
    const foreign = await send(t.token, theirs.mtl!.imn);
    assert.equal(foreign.status, 404);
    assert.deepEqual(foreign.body, { code: 404, message: "Mtl not found" });

    const { token } = await admin(ctx);
    const loose = await ctx.f.mtl();
    const unattached = await send(token, loose.imn);
    assert.equal(unattached.status, 409);
    assert.equal(unattached.body.message, MTL_MESSAGES.notAttached(loose.imn));

    const lists = await ctx.db.select().from(commands).where(eq(commands.mt, invalid.mtl!.imn));
    assert.equal(lists.length, 0, "nothing recorded for a refused message");
  },
);
