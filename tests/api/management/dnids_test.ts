import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { type Ctx, dbTest, signIn } from "../../fixtures/app.ts";
import { TEST_PASSWORD, unique } from "../../fixtures/factories.ts";
import { admin, assertAdminOnly } from "../../fixtures/companies_teams.ts";
import {
  defaultMtls,
  dnids,
  dnidStatuses,
  pushProcesses,
  routingMemberRules,
  tgids,
} from "../../../db/schema/mod.ts";
import {
  DNID_MESSAGES,
  DnidFormSchema,
  dnidRequest,
} from "../../../openapi/schemas/dnids/dnids.ts";
import { SELECT_TGID } from "../../../openapi/schemas/messages.ts";

/** A dnid number no other test picks (above the seed's, below the factories' ten digits). */
const freeNumber = () => 20_000_000 + Math.floor(Math.random() * 70_000_000);

/** A company with a client team, its tgid and a client signed in. */
async function tenant(ctx: Ctx) {
  const company = await ctx.f.company();
  const team = await ctx.f.team({ companyId: company.id, rights: 100 });
  const tgid = await ctx.f.tgid({ teamId: team.id });
  const client = await ctx.f.user({ teamId: team.id, companyId: company.id });
  const { token } = await signIn(ctx, client.id, TEST_PASSWORD);
  return { company, team, tgid, client, token };
}

const body = (
  t: { company: { id: number }; team: { id: number }; tgid: { id: number } },
  extra: Record<string, unknown> = {},
  opts: Record<string, unknown> = {},
) => ({
  id: freeNumber(),
  les: 21,
  company: t.company.id,
  tgid: t.tgid.id,
  opts: { team: t.team.id, immediateDelivery: 0, vms: 0, color: null, ...opts },
  ...extra,
});

dbTest(
  "[rest/dnids] add: les is 21, 4660 is forbidden, a team and a tgid are required",
  async (ctx) => {
    const { token } = await admin(ctx);
    const t = await tenant(ctx);
    const ok = body(t, { les: undefined }, { comments: "Position reports" });
    const r = await ctx.call("POST", "/rest/dnids/add", { token, json: ok });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.les, 21);
    assert.equal(r.body.immediateDelivery, 0);
    assert.equal(r.body.vms, 0);
    assert.equal(r.body.color, null);
    assert.deepEqual(r.body.tgid, { id: t.tgid.id, label: t.tgid.label });
    assert.deepEqual(r.body.team, { id: t.team.id, name: t.team.name });

    const refusals: [Record<string, unknown>, string][] = [
      [body(t, { id: 4660 }), DNID_MESSAGES.forbidden],
      [body(t, { les: 15 }), DNID_MESSAGES.lesFixed],
      [body(t, {}, { team: null }), DNID_MESSAGES.selectTeam],
      [body(t, { tgid: null }), SELECT_TGID],
      [body(t, {}, { isNewTgid: 1, tgidLabel: "" }), DNID_MESSAGES.tgidLabel],
    ];
    for (const [json, message] of refusals) {
      const bad = await ctx.call("POST", "/rest/dnids/add", { token, json });
      assert.equal(bad.status, 400, message);
      assert.equal(bad.body.message, message);
      const [row] = await ctx.db.select().from(dnids).where(eq(dnids.id, json.id as number));
      assert.equal(row, undefined, `nothing created for: ${message}`);
    }
  },
);

dbTest("[rest/dnids] add: a team of another company, or its tgid, is refused", async (ctx) => {
  const { token } = await admin(ctx);
  const a = await tenant(ctx), b = await tenant(ctx);
  const otherTeam = await ctx.call("POST", "/rest/dnids/add", {
    token,
    json: body(a, {}, { team: b.team.id }),
  });
  assert.equal(otherTeam.status, 400);
  assert.equal(otherTeam.body.message, DNID_MESSAGES.selectTeam);
  const otherTgid = await ctx.call("POST", "/rest/dnids/add", {
    token,
    json: body(a, { tgid: b.tgid.id }),
  });
  assert.equal(otherTgid.status, 400);
  assert.match(otherTgid.body.message, /Please, select a Tgid/);
  // A tgid shared with one of the company's teams is fine.
  const shared = await ctx.f.tgid({ teamId: b.team.id, sharedWith: [a.team.id] });
  const ok = await ctx.call("POST", "/rest/dnids/add", {
    token,
    json: body(a, { tgid: shared.id }),
  });
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
});

dbTest(
  "[rest/dnids] add with a new tgid is atomic: a taken number creates neither",
  async (ctx) => {
    const { token } = await admin(ctx);
    const t = await tenant(ctx);
    const label = unique("New tgid");
    const first = body(t, { tgid: null }, { isNewTgid: 1, tgidLabel: label });
    const r = await ctx.call("POST", "/rest/dnids/add", { token, json: first });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.tgid.label, label);
    const [made] = await ctx.db.select().from(tgids).where(eq(tgids.id, r.body.tgid.id));
    assert.equal(made.teamId, t.team.id);

    const label2 = unique("Never made");
    const again = await ctx.call("POST", "/rest/dnids/add", {
      token,
      json: { ...first, opts: { ...first.opts, tgidLabel: label2 } },
    });
    assert.equal(again.status, 409);
    assert.deepEqual(again.body, { code: 23000, message: DNID_MESSAGES.exists(first.id) });
    const orphans = await ctx.db.select().from(tgids).where(eq(tgids.label, label2));
    assert.deepEqual(orphans, [], "the new tgid was rolled back with the dnid");
  },
);

Deno.test("[rest/dnids] the dialog's form sends create's fixed values", () => {
  const parsed = DnidFormSchema.parse({
    id: " 10234 ",
    company: 3,
    team: 7,
    isNewTgid: true,
    tgid: null,
    tgidLabel: "Fleet",
    rul: null,
    carbonCopy: "",
    comments: "x",
    comments2: "",
  });
  const req = dnidRequest(parsed, { immediateDelivery: false, vms: 0, color: null });
  assert.deepEqual(req, {
    id: 10234,
    les: 21,
    company: 3,
    tgid: null,
    opts: {
      rulId: null,
      carbonCopy: null,
      color: null,
      comments: "x",
      comments2: null,
      immediateDelivery: 0,
      vms: 0,
      isNewTgid: true,
      team: 7,
      tgidLabel: "Fleet",
    },
  });
  const forbidden = DnidFormSchema.safeParse({
    ...parsed,
    id: "4660",
    company: { id: 3, name: "" },
  });
  assert.equal(forbidden.success, false);
  assert.equal(forbidden.error?.issues[0].message, DNID_MESSAGES.forbidden);
});

dbTest("[rest/dnids] update, toggle monitoring, last dnid", async (ctx) => {
  const { token } = await admin(ctx);
  const t = await tenant(ctx);
  const json = body(t);
  await ctx.call("POST", "/rest/dnids/add", { token, json });
  const other = await ctx.f.tgid({ teamId: t.team.id });
  const up = await ctx.call("POST", "/rest/dnids/update", {
    token,
    json: { ...json, tgid: other.id, opts: { team: t.team.id, comments: "Alarm channel" } },
  });
  assert.equal(up.status, 200, JSON.stringify(up.body));
  assert.equal(up.body.tgid.id, other.id);
  assert.equal(up.body.comments, "Alarm channel");
  const missing = await ctx.call("POST", "/rest/dnids/update", {
    token,
    json: { ...json, id: freeNumber() },
  });
  assert.equal(missing.status, 404);

  const key = { id: json.id, les: 21 };
  const on = await ctx.call("POST", "/rest/dnids/toggleMonitoring", { token, json: key });
  assert.deepEqual(on.body, { ...key, immediateDelivery: 1 });
  const off = await ctx.call("POST", "/rest/dnids/toggleMonitoring", { token, json: key });
  assert.deepEqual(off.body, { ...key, immediateDelivery: 0 });
  const set = await ctx.call("POST", "/rest/dnids/toggleMonitoring", {
    token,
    json: { ...key, immediateDelivery: 1 },
  });
  assert.equal(set.body.immediateDelivery, 1);

  const last = await ctx.call("GET", "/rest/dnids/lastDnid", { token });
  assert.ok(last.body.id >= json.id);
  const top = await ctx.f.dnid({ id: last.body.id + 1 });
  const after = await ctx.call("GET", "/rest/dnids/lastDnid", { token });
  assert.equal(after.body.id, top.id);
});

dbTest(
  "[rest/dnids] delete takes its members, defaults and routing exceptions with it",
  async (ctx) => {
    const { token } = await admin(ctx);
    const t = await tenant(ctx);
    const dnid = await ctx.f.dnid({
      companyId: t.company.id,
      tgidId: t.tgid.id,
      teamId: t.team.id,
    });
    const s = await ctx.f.dnidStatus({ dnidId: dnid.id, member: 4 });
    await ctx.f.dnidStatus({ dnidId: dnid.id, member: 5 });
    await ctx.db.insert(defaultMtls).values({
      deviceId: s.device,
      dnidId: dnid.id,
      les: 21,
      member: 4,
    });
    await ctx.db.insert(routingMemberRules).values({
      tgidId: t.tgid.id,
      dnidId: dnid.id,
      les: 21,
      member: 4,
      ocean: "AORE",
    });
    const r = await ctx.call("POST", "/rest/dnids/delete", {
      token,
      json: { id: dnid.id, les: 21 },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body, { id: dnid.id, les: 21, members: 2, routingExceptions: 1 });
    for (const table of [dnidStatuses, routingMemberRules] as const) {
      const left = await ctx.db.select().from(table).where(eq(table.dnidId, dnid.id));
      assert.deepEqual(left, []);
    }
    assert.deepEqual(
      await ctx.db.select().from(defaultMtls).where(eq(defaultMtls.deviceId, s.device)),
      [],
    );
    const again = await ctx.call("POST", "/rest/dnids/delete", { token, json: { id: dnid.id } });
    assert.equal(again.status, 404);
  },
);

dbTest(
  "[rest/dnids] a client reads its own company's dnids only, and changes none",
  async (ctx) => {
    const a = await tenant(ctx), b = await tenant(ctx);
    const mine = await ctx.f.dnid({
      companyId: a.company.id,
      tgidId: a.tgid.id,
      teamId: a.team.id,
    });
    const theirs = await ctx.f.dnid({ companyId: b.company.id, tgidId: b.tgid.id });
    await ctx.db.insert(pushProcesses).values({
      hostname: "pushc",
      mode: "D",
      port: 23_456,
      minSpare: 2,
      maxSpare: 4,
      teamId: a.team.id,
    });

    const get = (d: { id: number }) =>
      ctx.call("GET", `/rest/dnids/get?id=${d.id}&les=21`, { token: a.token });
    const own = await get(mine);
    assert.equal(own.status, 200);
    assert.deepEqual(own.body.teams, [{ id: a.team.id, name: a.team.name, owner: true }]);
    assert.deepEqual(own.body.users.map((u: { id: string }) => u.id), [a.client.id]);
    const other = await get(theirs);
    assert.equal(other.status, 404);
    assert.doesNotMatch(JSON.stringify(other.body), new RegExp(b.company.name));
    for (const path of ["/rest/dnids/getLesDetails?id=", "/rest/tgid/dnidOpenPorts?dnid="]) {
      assert.equal((await ctx.call("GET", `${path}${theirs.id}`, { token: a.token })).status, 404);
      assert.equal((await ctx.call("GET", `${path}${mine.id}`, { token: a.token })).status, 200);
    }
    const ports = await ctx.call("GET", `/rest/tgid/dnidOpenPorts?dnid=${mine.id}`, {
      token: a.token,
    });
    assert.deepEqual(ports.body.map((p: { port: number }) => p.port), [23_456]);

    const found = await ctx.call("POST", "/rest/dnids/find", { token: a.token, json: {} });
    assert.deepEqual(found.body.dnids.map((d: { id: number }) => d.id), [mine.id]);
    assert.equal(found.body.total, 1);
    const keys = await ctx.call("GET", "/rest/dnids/getDnidsKeys", { token: a.token });
    assert.deepEqual(keys.body, { dnids: [{ id: mine.id, les: 21 }] });

    await assertAdminOnly(ctx, a.token, [
      ["POST", "/rest/dnids/add", body(a)],
      ["POST", "/rest/dnids/update", body(a, { id: mine.id })],
      ["POST", "/rest/dnids/toggleMonitoring", { id: mine.id, les: 21 }],
      ["POST", "/rest/dnids/delete", { id: mine.id, les: 21 }],
      ["GET", "/rest/dnids/lastDnid"],
    ]);
    const [still] = await ctx.db.select().from(dnids)
      .where(and(eq(dnids.id, mine.id), eq(dnids.les, 21)));
    assert.equal(still.immediateDelivery, false);
  },
);

dbTest("[rest/dnids] find: filters, monitoring, sorting and a page of 255", async (ctx) => {
  const { token } = await admin(ctx);
  const t = await tenant(ctx);
  const base = freeNumber();
  for (let i = 0; i < 4; i++) {
    await ctx.f.dnid({
      id: base + i,
      companyId: t.company.id,
      tgidId: t.tgid.id,
      teamId: t.team.id,
      immediateDelivery: i % 2 === 0,
    });
  }
  const find = (json: unknown) => ctx.call("POST", "/rest/dnids/find", { token, json });
  const byCompany = await find({ filter: { company: t.company.name }, count: 255 });
  assert.equal(byCompany.status, 200);
  assert.equal(byCompany.body.filtered, 4);
  assert.deepEqual(
    byCompany.body.dnids.map((d: { id: number }) => d.id),
    [0, 1, 2, 3].map((i) => base + i),
  );
  const monitored = await find({ filter: { company: t.company.name, monitoring: "1" } });
  assert.deepEqual(monitored.body.dnids.map((d: { id: number }) => d.id), [base, base + 2]);
  const desc = await find({
    filter: { tgid: t.tgid.label },
    sorting: { field: "id", direction: "desc" },
    count: 2,
  });
  assert.deepEqual(desc.body.dnids.map((d: { id: number }) => d.id), [base + 3, base + 2]);
  const tooBig = await find({ count: 100_000 });
  assert.equal(tooBig.status, 400);
});

dbTest("[rest/dnids] LES details and the allocation of a range", async (ctx) => {
  const { token } = await admin(ctx);
  const t = await tenant(ctx);
  const base = freeNumber();
  const d = await ctx.f.dnid({ id: base + 1, companyId: t.company.id, tgidId: t.tgid.id });
  const s = await ctx.f.dnidStatus({ dnidId: d.id, member: 9, status: -1 });
  const les = await ctx.call("GET", `/rest/dnids/getLesDetails?id=${d.id}&les=21`, { token });
  assert.equal(les.status, 200);
  assert.equal(les.body.stationDnid.lesName, "LES 21");
  assert.equal(les.body.stationDnid.storeNPushHost, "pushc");
  assert.deepEqual(les.body.stationDnid.members, [
    { member: 9, mtl: s.device, state: "unauthorized", defaultDnid: false },
  ]);
  const missing = await ctx.call("GET", `/rest/dnids/getLesDetails?id=${base + 2}`, { token });
  assert.equal(missing.status, 404);

  const alloc = await ctx.call("GET", `/rest/dnids/allocation?from=${base}&to=${base + 9}`, {
    token,
  });
  assert.equal(alloc.status, 200);
  assert.deepEqual(alloc.body.allocated.map((a: { id: number }) => a.id), [d.id]);
  assert.equal(alloc.body.free, 9);
  const around4660 = await ctx.call("GET", "/rest/dnids/allocation?from=4655&to=4665", { token });
  assert.equal(
    around4660.body.free,
    11 - around4660.body.allocated.filter((a: { les: number }) => a.les === 21).length - 1,
  );
  const wide = await ctx.call("GET", "/rest/dnids/allocation?from=1&to=5000", { token });
  assert.equal(wide.status, 400);
  const host = await ctx.call("GET", "/rest/dnids/getStoreNPushHostName", { token });
  assert.deepEqual(host.body, { hostName: "pushc" });
});

dbTest(
  "[rest/dnids] allocation: a client sees its company's numbers only, an administrator all",
  async (ctx) => {
    const { token } = await admin(ctx);
    const a = await tenant(ctx), b = await tenant(ctx);
    const base = freeNumber();
    const mine = await ctx.f.dnid({ id: base + 2, companyId: a.company.id, tgidId: a.tgid.id });
    await ctx.f.dnid({ id: base + 2, les: 15, companyId: a.company.id });
    const theirs = await ctx.f.dnid({ id: base + 5, companyId: b.company.id, tgidId: b.tgid.id });
    const range = `/rest/dnids/allocation?from=${base}&to=${base + 9}`;
    const keys = (r: { body: { allocated: { id: number; les: number }[] } }) =>
      r.body.allocated.map((d) => `${d.id}/${d.les}`);

    const client = await ctx.call("GET", range, { token: a.token });
    assert.equal(client.status, 200, JSON.stringify(client.body));
    assert.deepEqual(keys(client), [`${mine.id}/15`, `${mine.id}/21`]);
    assert.deepEqual(client.body.allocated[1].tgid, { id: a.tgid.id, label: a.tgid.label });
    // Nothing that counts other companies' numbers: not the free ones, not the last dnid.
    assert.equal(client.body.free, null);
    assert.equal(client.body.lastDnid, null);
    const text = JSON.stringify(client.body);
    for (const marker of [String(theirs.id), b.company.name, b.team.name, b.tgid.label!]) {
      assert.ok(!text.includes(marker), marker);
    }
    // A range holding only another company's number: empty.
    const only = await ctx.call("GET", `/rest/dnids/allocation?from=${theirs.id}&to=${theirs.id}`, {
      token: a.token,
    });
    assert.deepEqual(only.body, {
      from: theirs.id,
      to: theirs.id,
      allocated: [],
      free: null,
      lastDnid: null,
    });

    const all = await ctx.call("GET", range, { token });
    assert.deepEqual(keys(all), [`${mine.id}/15`, `${mine.id}/21`, `${theirs.id}/21`]);
    assert.equal(all.body.free, 8);
    assert.ok(all.body.lastDnid >= theirs.id);
  },
);
