/**
 * The /rest/tgid calls: create (a team is required, the caller is recorded), get with its
 * sub-lists and audit, the details lookup, update, the team list (never empty; the owner handed
 * on), delete (refused while dnids, terminals or routes use it), find, search, open ports, mtl
 * and per-tgid routing exceptions, and client isolation (a client reaches the tgids its
 * company's teams own or share; writes and routing exceptions are administrators').
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { type Ctx, dbTest, signIn } from "../../fixtures/app.ts";
import { TEST_PASSWORD, unique } from "../../fixtures/factories.ts";
import {
  admin,
  assertAdminOnly,
  pushProcess,
  tgidSharedByB,
} from "../../fixtures/companies_teams.ts";
import {
  ftpRoutes,
  routingMemberRules,
  routingMtlRules,
  smtpRoutes,
  tcpRoutes,
  terminals,
  tgids,
  tgidTeams,
  wsRoutes,
} from "../../../db/schema/mod.ts";
import { TGID_MESSAGES } from "../../../openapi/schemas/tgid/tgids.ts";
import { ROUTING_RULE_MESSAGES } from "../../../openapi/schemas/tgid/routing_rules.ts";
import { MULTISELECT_SEARCH_LIMIT, PAGE_SIZE } from "../../../openapi/enums.ts";

/** A company with a client team, a tgid of that team and a client signed in. */
async function tenant(ctx: Ctx) {
  const company = await ctx.f.company();
  const team = await ctx.f.team({ companyId: company.id, name: unique("Alpha"), rights: 100 });
  const tgid = await ctx.f.tgid({ teamId: team.id });
  const client = await ctx.f.user({ teamId: team.id, companyId: company.id });
  const { token } = await signIn(ctx, client.id, TEST_PASSWORD);
  return { company, team, tgid, client, token };
}

const ROUTE_ROWS = {
  tcp: (tgidId: number) => ({
    table: tcpRoutes,
    values: { tgidId, ipPortTxPrimary: "10.0.0.1:9" },
  }),
  ftp: (tgidId: number) => ({ table: ftpRoutes, values: { tgidId, ftpPrimary: "ftp://h/in" } }),
  smtp: (tgidId: number) => ({ table: smtpRoutes, values: { tgidId, emailMaster: "a@b.example" } }),
  ws: (tgidId: number) => ({ table: wsRoutes, values: { tgidId, wsPrimary: "https://h/ws" } }),
};

/** A route of `kind` for the tgid; its id. */
async function route(ctx: Ctx, kind: keyof typeof ROUTE_ROWS, tgidId: number) {
  const { table, values } = ROUTE_ROWS[kind](tgidId);
  // deno-lint-ignore no-explicit-any -- one insert for the four route tables
  const [row] = await ctx.db.insert(table as any).values(values).returning() as { id: number }[];
  return row.id;
}

const teamIdsOf = (body: { teams: { id: number; owner: boolean }[] }) =>
  body.teams.map((t) => `${t.id}${t.owner ? "*" : ""}`);

// ---- create, get, update ----

dbTest(
  "[rest/tgid] create: a team is required; the caller is recorded; label optional",
  async (ctx) => {
    const { token, user } = await admin(ctx);
    const t = await tenant(ctx);
    const label = unique("Fleet");
    const r = await ctx.call("POST", "/rest/tgid/create", {
      token,
      json: { label, team: t.team.id },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.label, label);
    assert.deepEqual(r.body.team, { id: t.team.id, name: t.team.name });
    assert.deepEqual(r.body.company, { id: t.company.id, name: t.company.name });
    assert.deepEqual(teamIdsOf(r.body), [`${t.team.id}*`]);
    assert.equal(r.body.createdBy, user.id);
    assert.equal(r.body.updatedBy, user.id);
    assert.ok(Date.parse(r.body.createdOn) > Date.now() - 60_000);

    // No label: the tgid shows its id.
    const bare = await ctx.call("POST", "/rest/tgid/create", { token, json: { team: t.team.id } });
    assert.equal(bare.status, 200);
    assert.equal(bare.body.label, String(bare.body.id));

    const before = (await ctx.db.select().from(tgids).where(eq(tgids.teamId, t.team.id))).length;
    for (const json of [{ label: "x" }, { label: "x", team: null }, { label: "x", team: 0 }]) {
      const bad = await ctx.call("POST", "/rest/tgid/create", { token, json });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.message, TGID_MESSAGES.teamRequired);
    }
    const unknown = await ctx.call("POST", "/rest/tgid/create", {
      token,
      json: { label: "x", team: 2_000_000_000 },
    });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.message, "Team 2000000000 not found");
    const after = (await ctx.db.select().from(tgids).where(eq(tgids.teamId, t.team.id))).length;
    assert.equal(after, before, "nothing created by the refusals");
  },
);

dbTest("[rest/tgid] get: teams, devices, dnids, users, routes, counts and audit", async (ctx) => {
  const { token } = await admin(ctx);
  const t = await tenant(ctx);
  const sharing = await ctx.f.team({ name: unique("Beta") });
  await ctx.db.insert(tgidTeams).values({ tgidId: t.tgid.id, teamId: sharing.id });
  const device = await ctx.f.terminal({ tgidId: t.tgid.id, deviceTypeId: 0, label: "Boat" });
  const dnid = await ctx.f.dnid({ companyId: t.company.id, tgidId: t.tgid.id });
  const tcp = await route(ctx, "tcp", t.tgid.id);
  const ws = [await route(ctx, "ws", t.tgid.id), await route(ctx, "ws", t.tgid.id)];
  const smtp = await route(ctx, "smtp", t.tgid.id);
  await route(ctx, "ftp", (await ctx.f.tgid()).id); // another tgid's

  const r = await ctx.call("GET", `/rest/tgid/get?id=${t.tgid.id}`, { token });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.label, t.tgid.label);
  assert.deepEqual(teamIdsOf(r.body), [`${t.team.id}*`, `${sharing.id}`]);
  assert.deepEqual(r.body.devices.map((d: { deviceId: number }) => d.deviceId), [device.deviceId]);
  assert.equal(r.body.devices[0].deviceType.id, 0);
  assert.deepEqual(r.body.dnids.map((d: { id: number }) => d.id), [dnid.id]);
  assert.deepEqual(r.body.users.map((u: { id: string }) => u.id), [t.client.id]);
  // Each protocol's routes, by id, with its destination and (but e-mail) whether it is up.
  const route0 = (id: number, destination: string, primaryUp: number | null) => ({
    id,
    memberOrMobileNum: null,
    conversion: 0,
    destination,
    secondary: null,
    primaryUp,
  });
  assert.deepEqual(r.body.routes, {
    tcp: [route0(tcp, "10.0.0.1:9", 1)],
    smtp: [route0(smtp, "a@b.example", null)],
    ftp: [],
    ws: ws.map((id) => route0(id, "https://h/ws", 1)),
  });
  assert.deepEqual(r.body.counts, {
    devices: 1,
    dnids: 1,
    routes: { tcp: 1, smtp: 1, ftp: 0, ws: 2 },
  });
  assert.equal(r.body.createdBy, null, "made by the factory, not by a user");

  // The push details dialog's lookup: the same tgid without its lists.
  const d = await ctx.call("GET", `/rest/tgid/details?tgid=${t.tgid.id}`, { token: t.token });
  assert.equal(d.status, 200);
  assert.deepEqual(d.body.counts, r.body.counts);
  assert.equal(d.body.devices, undefined);

  const missing = await ctx.call("GET", "/rest/tgid/get?id=2000000000", { token });
  assert.deepEqual(missing.body, { code: 404, message: "Tgid not found" });
});

dbTest("[rest/tgid] update: the label (empty: the id) and who changed it, when", async (ctx) => {
  const { token, user } = await admin(ctx);
  const t = await tenant(ctx);
  const label = unique("Renamed");
  const r = await ctx.call("POST", "/rest/tgid/update", {
    token,
    json: { tgidId: t.tgid.id, label: `  ${label} ` },
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.label, label);
  assert.equal(r.body.updatedBy, user.id);
  assert.ok(Date.parse(r.body.updatedOn) > Date.parse(r.body.createdOn));
  const cleared = await ctx.call("POST", "/rest/tgid/update", {
    token,
    json: { tgidId: t.tgid.id, label: "" },
  });
  assert.equal(cleared.body.label, String(t.tgid.id));
  const missing = await ctx.call("POST", "/rest/tgid/update", {
    token,
    json: { tgidId: 2_000_000_000, label: "x" },
  });
  assert.equal(missing.status, 404);
});

// ---- the team list ----

dbTest("[rest/tgid] updateTeams: add and remove; never empty; teams must exist", async (ctx) => {
  const { token, user } = await admin(ctx);
  const t = await tenant(ctx);
  const b = await ctx.f.team({ name: `A-${unique("b")}` });
  const c = await ctx.f.team({ name: `B-${unique("c")}` });
  const call = (json: unknown) => ctx.call("POST", "/rest/tgid/updateTeams", { token, json });

  const added = await call({ tgid: t.tgid.id, addedTeams: [b.id, c.id], removedTeams: [] });
  assert.equal(added.status, 200, JSON.stringify(added.body));
  assert.deepEqual(teamIdsOf(added.body), [`${t.team.id}*`, `${b.id}`, `${c.id}`]);
  assert.equal(added.body.updatedBy, user.id);

  // Taking the owner off: the first team left by name (b) owns it.
  const moved = await call({ tgid: t.tgid.id, addedTeams: [], removedTeams: [t.team.id] });
  assert.equal(moved.status, 200);
  assert.deepEqual(teamIdsOf(moved.body), [`${b.id}*`, `${c.id}`]);

  const empty = await call({ tgid: t.tgid.id, addedTeams: [], removedTeams: [b.id, c.id] });
  assert.equal(empty.status, 409);
  assert.equal(empty.body.message, TGID_MESSAGES.teamRequired);
  const unknown = await call({
    tgid: t.tgid.id,
    addedTeams: [2_000_000_000],
    removedTeams: [c.id],
  });
  assert.equal(unknown.status, 400);
  assert.equal(unknown.body.message, "Team 2000000000 not found");
  const now = await ctx.call("GET", `/rest/tgid/get?id=${t.tgid.id}`, { token });
  assert.deepEqual(teamIdsOf(now.body), [`${b.id}*`, `${c.id}`], "refusals changed nothing");

  const missing = await call({ tgid: 2_000_000_000, addedTeams: [b.id] });
  assert.equal(missing.status, 404);
});

// Two editors who opened "Manage teams" on the same list each send only what they changed.

/** A tgid owned by team `o` (first by name) and shared with `y`; an administrator's token. */
async function twoTeamTgid(ctx: Ctx) {
  const { token } = await admin(ctx);
  const o = await ctx.f.team({ name: `A-${unique("o")}` });
  const y = await ctx.f.team({ name: `B-${unique("y")}` });
  const tgid = await ctx.f.tgid({ teamId: o.id, sharedWith: [y.id] });
  const change = (addedTeams: number[], removedTeams: number[]) =>
    ctx.call("POST", "/rest/tgid/updateTeams", {
      token,
      json: { tgid: tgid.id, addedTeams, removedTeams },
    });
  const now = async () =>
    teamIdsOf((await ctx.call("GET", `/rest/tgid/get?id=${tgid.id}`, { token })).body);
  return { o, y, change, now };
}

/** How often a race is replayed: only PostgreSQL runs the two requests really at once. */
const raceRuns = (kind: string) => kind === "postgres" ? 10 : 2;

dbTest(
  "[rest/tgid] updateTeams: two editors' changes from the same read both stay",
  async (ctx) => {
    const t = await twoTeamTgid(ctx);
    const x = await ctx.f.team({ name: `C-${unique("x")}` });
    // A adds x, then B (who read o and y before) takes y off: A's x stays.
    assert.equal((await t.change([x.id], [])).status, 200);
    const b = await t.change([], [t.y.id]);
    assert.equal(b.status, 200, JSON.stringify(b.body));
    assert.deepEqual(teamIdsOf(b.body), [`${t.o.id}*`, `${x.id}`]);
    // The same changes again are no-ops: x is there already, y is gone already.
    assert.equal((await t.change([x.id], [t.y.id])).status, 200);
    assert.deepEqual(await t.now(), [`${t.o.id}*`, `${x.id}`]);
  },
);

dbTest(
  "[rest/tgid] updateTeams: two editors each taking off one of two teams: one wins, never zero",
  async (ctx) => {
    const t = await twoTeamTgid(ctx);
    assert.equal((await t.change([], [t.o.id])).status, 200);
    const last = await t.change([], [t.y.id]);
    assert.equal(last.status, 409);
    assert.deepEqual(last.body, { code: 409, message: TGID_MESSAGES.teamRequired });
    assert.deepEqual(await t.now(), [`${t.y.id}*`]);
  },
);

dbTest("[rest/tgid] updateTeams: two editors at once: changes merge, never zero", async (ctx) => {
  for (let run = 0; run < raceRuns(ctx.kind); run++) {
    const merge = await twoTeamTgid(ctx);
    const x = await ctx.f.team({ name: `C-${unique("x")}` });
    const both = await Promise.all([merge.change([x.id], []), merge.change([], [merge.y.id])]);
    assert.deepEqual(
      both.map((r) => r.status),
      [200, 200],
      JSON.stringify(both.map((r) => r.body)),
    );
    assert.deepEqual(await merge.now(), [`${merge.o.id}*`, `${x.id}`], `run ${run}`);

    const race = await twoTeamTgid(ctx);
    const [a, b] = await Promise.all([race.change([], [race.o.id]), race.change([], [race.y.id])]);
    assert.deepEqual([a.status, b.status].sort(), [200, 409], `run ${run}`);
    const loser = a.status === 409 ? a : b;
    assert.equal(loser.body.message, TGID_MESSAGES.teamRequired);
    const left = await race.now();
    assert.equal(left.length, 1, `run ${run}: ${left}`);
  }
});

dbTest(
  "[rest/tgid] deleteTeamTgid: a sharing team, the owner (handed on), never the last",
  async (ctx) => {
    const { token } = await admin(ctx);
    const t = await tenant(ctx);
    const b = await ctx.f.team({ name: `A-${unique("b")}` });
    const c = await ctx.f.team({ name: `B-${unique("c")}` });
    await ctx.db.insert(tgidTeams).values([
      { tgidId: t.tgid.id, teamId: b.id },
      { tgidId: t.tgid.id, teamId: c.id },
    ]);
    const del = (teamId: number) =>
      ctx.call("POST", "/rest/tgid/deleteTeamTgid", { token, json: { tgidId: t.tgid.id, teamId } });

    const r = await del(c.id);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(teamIdsOf(r.body), [`${t.team.id}*`, `${b.id}`]);
    const notOne = await del(c.id);
    assert.deepEqual(notOne.body, { code: 404, message: "Team not found" });
    const owner = await del(t.team.id);
    assert.deepEqual(teamIdsOf(owner.body), [`${b.id}*`]);
    const last = await del(b.id);
    assert.equal(last.status, 409);
    assert.equal(last.body.message, TGID_MESSAGES.teamRequired);
    const [row] = await ctx.db.select().from(tgids).where(eq(tgids.id, t.tgid.id));
    assert.equal(row.teamId, b.id);
  },
);

// ---- delete ----

dbTest("[rest/tgid] delete: refused while dnids, terminals or routes use it", async (ctx) => {
  const { token } = await admin(ctx);
  const t = await tenant(ctx);
  const del = () => ctx.call("GET", `/rest/tgid/delete?tgidId=${t.tgid.id}`, { token });
  const refused = async (what: string) => {
    const r = await del();
    assert.equal(r.status, 409, what);
    assert.deepEqual(r.body, { code: 409, message: TGID_MESSAGES.deleteBlocked }, what);
    assert.equal((await ctx.db.select().from(tgids).where(eq(tgids.id, t.tgid.id))).length, 1);
  };
  const dnid = await ctx.f.dnid({ companyId: t.company.id, tgidId: t.tgid.id });
  await refused("a dnid");
  await ctx.call("POST", "/rest/dnids/delete", { token, json: { id: dnid.id, les: dnid.les } });
  const device = await ctx.f.terminal({ tgidId: t.tgid.id });
  await refused("a terminal");
  await ctx.db.delete(terminals).where(eq(terminals.deviceId, device.deviceId));
  for (const kind of ["tcp", "ftp", "smtp", "ws"] as const) {
    const id = await route(ctx, kind, t.tgid.id);
    await refused(`a ${kind} route`);
    const { table } = ROUTE_ROWS[kind](t.tgid.id);
    await ctx.db.delete(table).where(eq(table.id, id));
  }

  // Nothing left: deleted, with its shares and routing exceptions.
  const other = await ctx.f.team();
  await ctx.db.insert(tgidTeams).values({ tgidId: t.tgid.id, teamId: other.id });
  const mtl = await ctx.f.mtl();
  await ctx.db.insert(routingMtlRules).values({ tgidId: t.tgid.id, mtlId: mtl.imn });
  const ok = await del();
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  assert.deepEqual(ok.body, { id: t.tgid.id });
  assert.equal(
    (await ctx.db.select().from(tgidTeams).where(eq(tgidTeams.tgidId, t.tgid.id))).length,
    0,
  );
  assert.equal(
    (await ctx.db.select().from(routingMtlRules).where(eq(routingMtlRules.tgidId, t.tgid.id)))
      .length,
    0,
  );
  assert.equal((await del()).status, 404);
});

// ---- lists ----

dbTest("[rest/tgid] find: filters, sorting, 10 rows by default, a client's own", async (ctx) => {
  const { token } = await admin(ctx);
  const t = await tenant(ctx);
  const other = await tenant(ctx);
  // A tgid of another company shared with the client's team: the client reaches it too.
  const shared = await ctx.f.tgid({ teamId: other.team.id, sharedWith: [t.team.id] });
  const word = unique("many");
  for (let i = 0; i < 12; i++) await ctx.f.tgid({ teamId: t.team.id, label: `${word}-${i}` });

  const find = (tok: string, json: unknown) =>
    ctx.call("POST", "/rest/tgid/find", { token: tok, json });
  const page = await find(token, { filter: { label: word } });
  assert.equal(page.status, 200, JSON.stringify(page.body));
  assert.equal(page.body.results.length, PAGE_SIZE);
  assert.equal(page.body.filtered, 12);
  const byLabel = await find(token, {
    filter: { label: word },
    sorting: { field: "label", direction: "desc" },
    count: 25,
  });
  assert.equal(byLabel.body.results[0].label, `${word}-9`);

  const byId = await find(token, { filter: { id: String(t.tgid.id) } });
  assert.deepEqual(byId.body.results.map((r: { id: number }) => r.id), [t.tgid.id]);
  const byTeam = await find(token, { filter: { team: t.team.name } });
  assert.ok(byTeam.body.results.some((r: { id: number }) => r.id === shared.id), "sharing team");
  const byCompany = await find(token, { filter: { company: other.company.name } });
  assert.deepEqual(
    byCompany.body.results.map((r: { id: number }) => r.id).sort(),
    [other.tgid.id, shared.id].sort(),
  );

  // The client: its own tgids and the one shared with it, nothing of the other company's own.
  const mine = await find(t.token, { count: 100 });
  const ids = mine.body.results.map((r: { id: number }) => r.id);
  assert.equal(mine.body.total, 14);
  assert.ok(ids.includes(t.tgid.id) && ids.includes(shared.id));
  assert.ok(!ids.includes(other.tgid.id));
  const sharedRow = mine.body.results.find((r: { id: number }) => r.id === shared.id);
  assert.deepEqual(teamIdsOf(sharedRow), [`${t.team.id}`], "only its own company's teams");
  // Nor can it find a tgid by a third company's team that shares it too.
  const third = await tenant(ctx);
  const both = await ctx.f.tgid({ teamId: other.team.id, sharedWith: [t.team.id, third.team.id] });
  const byThird = await find(t.token, { filter: { team: third.team.name } });
  assert.ok(!byThird.body.results.some((r: { id: number }) => r.id === both.id));
  const byThirdAdmin = await find(token, { filter: { team: third.team.name } });
  assert.ok(byThirdAdmin.body.results.some((r: { id: number }) => r.id === both.id));
});

dbTest("[rest/tgid] search: label or number, at most 25", async (ctx) => {
  const t = await tenant(ctx);
  const word = unique("srch");
  for (let i = 0; i < MULTISELECT_SEARCH_LIMIT + 2; i++) {
    await ctx.f.tgid({ teamId: t.team.id, label: `${word} ${i}` });
  }
  const r = await ctx.call("GET", `/rest/tgid/search?query=${word}`, { token: t.token });
  assert.equal(r.status, 200);
  assert.equal(r.body.length, MULTISELECT_SEARCH_LIMIT);
  const byId = await ctx.call("GET", `/rest/tgid/search?query=${t.tgid.id}`, { token: t.token });
  assert.equal(byId.body[0].id, t.tgid.id);
  // The label search starts at 3 characters; shorter text searches the numbers only.
  const short = await ctx.f.tgid({ teamId: t.team.id, label: `Zq ${word}` });
  const two = await ctx.call("GET", `/rest/tgid/search?query=Zq`, { token: t.token });
  assert.deepEqual(two.body, []);
  const three = await ctx.call("GET", `/rest/tgid/search?query=Zq%20`, { token: t.token });
  assert.deepEqual(three.body, []);
  const longer = await ctx.call("GET", `/rest/tgid/search?query=Zq%20s`, { token: t.token });
  assert.deepEqual(longer.body.map((r: { id: number }) => r.id), [short.id]);
});

dbTest(
  "[rest/tgid] search owned=true: the tgids a terminal may be added to (a client's own, not shared)",
  async (ctx) => {
    // Company B's team owns a tgid it shares with company A's team; A owns one, labelled alike.
    const { a, b, shared } = await tgidSharedByB(ctx);
    const word = unique("Owned").replace(/\W/g, "");
    await ctx.db.update(tgids).set({ label: `${word} B` }).where(eq(tgids.id, shared.id));
    await ctx.db.update(tgids).set({ label: `${word} A` }).where(eq(tgids.id, a.tgid.id));
    const ids = async (token: string, owned?: string) => {
      const q = owned === undefined ? "" : `&owned=${owned}`;
      const r = await ctx.call("GET", `/rest/tgid/search?query=${word}${q}`, { token });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body.map((t: { id: number }) => t.id).sort();
    };
    const both = [a.tgid.id, shared.id].sort();
    assert.deepEqual(await ids(a.token), both, "A reads both");
    assert.deepEqual(await ids(a.token, "false"), both);
    assert.deepEqual(await ids(a.token, "true"), [a.tgid.id], "A adds to its own only");
    assert.deepEqual(await ids(b.token, "true"), [shared.id], "B, the owner, adds to it");
    assert.deepEqual(await ids((await admin(ctx)).token, "true"), both, "an administrator: all");
    const bad = await ctx.call("GET", `/rest/tgid/search?query=${word}&owned=yes`, {
      token: a.token,
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, "Owned must be true or false");
  },
);

// ---- client isolation and open ports ----

dbTest(
  "[rest/tgid] a client reaches its company's tgids only; another's is not found",
  async (ctx) => {
    const a = await tenant(ctx);
    const b = await tenant(ctx);
    for (
      const path of [
        `/rest/tgid/get?id=${b.tgid.id}`,
        `/rest/tgid/details?tgid=${b.tgid.id}`,
        `/rest/tgid/openPorts?tgid=${b.tgid.id}`,
      ]
    ) {
      const r = await ctx.call("GET", path, { token: a.token });
      assert.deepEqual(r.body, { code: 404, message: "Tgid not found" }, path);
    }
    const own = await ctx.call("GET", `/rest/tgid/get?id=${a.tgid.id}`, { token: a.token });
    assert.equal(own.status, 200);
    // Shared with a's team: a reaches it, and sees its own team, dnids and users only.
    const shared = await ctx.f.tgid({ teamId: b.team.id, sharedWith: [a.team.id] });
    await ctx.f.dnid({ companyId: b.company.id, tgidId: shared.id });
    const s = await ctx.call("GET", `/rest/tgid/get?id=${shared.id}`, { token: a.token });
    assert.equal(s.status, 200);
    assert.deepEqual(teamIdsOf(s.body), [`${a.team.id}`]);
    assert.deepEqual(s.body.dnids, []);
    assert.equal(s.body.counts.dnids, 0);
    assert.deepEqual(s.body.users.map((u: { id: string }) => u.id), [a.client.id]);

    await assertAdminOnly(ctx, a.token, [
      ["POST", "/rest/tgid/create", { label: "x", team: a.team.id }],
      ["POST", "/rest/tgid/update", { tgidId: a.tgid.id, label: "x" }],
      ["POST", "/rest/tgid/updateTeams", { tgid: a.tgid.id, addedTeams: [], removedTeams: [] }],
      ["POST", "/rest/tgid/deleteTeamTgid", { tgidId: a.tgid.id, teamId: a.team.id }],
      ["GET", `/rest/tgid/delete?tgidId=${a.tgid.id}`],
      ["GET", `/rest/tgid/listRoutingRulesByTgid?tgid=${a.tgid.id}`],
      ["GET", "/rest/tgid/listRoutingRulesByMtl?mtl=412345678"],
      ["POST", "/rest/tgid/addMtlRoutingRules", { tgidid: a.tgid.id, mtlid: "412345678" }],
      ["POST", "/rest/tgid/removeMtlRoutingRule", { tgidid: a.tgid.id, mtlid: "412345678" }],
    ]);
  },
);

dbTest("[rest/tgid] openPorts: the processes of its teams, or of one of them", async (ctx) => {
  const { token } = await admin(ctx);
  const t = await tenant(ctx);
  const sharing = await ctx.f.team({ companyId: t.company.id });
  await ctx.db.insert(tgidTeams).values({ tgidId: t.tgid.id, teamId: sharing.id });
  const own = await pushProcess(ctx, t.team.id, 21_001);
  const theirs = await pushProcess(ctx, sharing.id, 21_000);
  await pushProcess(ctx, (await ctx.f.team()).id, 21_002);

  const all = await ctx.call("GET", `/rest/tgid/openPorts?tgid=${t.tgid.id}`, { token: t.token });
  assert.equal(all.status, 200, JSON.stringify(all.body));
  assert.deepEqual(all.body.map((p: { id: number }) => p.id), [theirs.id, own.id], "by port");
  const one = await ctx.call("GET", `/rest/tgid/openPorts?tgid=${t.tgid.id}&team=${t.team.id}`, {
    token,
  });
  assert.deepEqual(one.body.map((p: { id: number }) => p.id), [own.id]);
  const stranger = await ctx.f.team();
  const not = await ctx.call("GET", `/rest/tgid/openPorts?tgid=${t.tgid.id}&team=${stranger.id}`, {
    token,
  });
  assert.deepEqual(not.body, { code: 404, message: "Team not found" });
});

// ---- routing exceptions ----

dbTest("[rest/tgid] mtl routing exceptions: add, list by mtl and by tgid, remove", async (ctx) => {
  const { token } = await admin(ctx);
  const t = await tenant(ctx);
  const device = await ctx.f.terminal({ tgidId: t.tgid.id, deviceTypeId: 0 });
  const imn = device.mtl!.imn;
  const rule = { tgidid: t.tgid.id, mtlid: imn };

  const added = await ctx.call("POST", "/rest/tgid/addMtlRoutingRules", { token, json: rule });
  assert.equal(added.status, 200, JSON.stringify(added.body));
  assert.deepEqual(added.body.tgid, { id: t.tgid.id, label: t.tgid.label });
  assert.equal(added.body.mtl, imn);
  assert.equal(added.body.deviceId, device.deviceId);
  const again = await ctx.call("POST", "/rest/tgid/addMtlRoutingRules", { token, json: rule });
  assert.equal(again.status, 409);
  assert.deepEqual(again.body, { code: 23000, message: ROUTING_RULE_MESSAGES.duplicate });
  for (const json of [{ ...rule, mtlid: "499999999" }, { ...rule, tgidid: 2_000_000_000 }]) {
    const bad = await ctx.call("POST", "/rest/tgid/addMtlRoutingRules", { token, json });
    assert.equal(bad.status, 404);
  }
  const badMtl = await ctx.call("POST", "/rest/tgid/addMtlRoutingRules", {
    token,
    json: { ...rule, mtlid: "4x" },
  });
  assert.equal(badMtl.status, 400);

  const byMtl = await ctx.call("GET", `/rest/tgid/listRoutingRulesByMtl?mtl=${imn}`, { token });
  assert.deepEqual(byMtl.body.map((r: { tgid: { id: number } }) => r.tgid.id), [t.tgid.id]);

  // A member exception to the same tgid: listed with the mtl one.
  const dnid = await ctx.f.dnid({ companyId: t.company.id });
  const status = await ctx.f.dnidStatus({ dnidId: dnid.id, les: dnid.les });
  await ctx.db.insert(routingMemberRules).values({
    tgidId: t.tgid.id,
    dnidId: dnid.id,
    les: dnid.les,
    member: status.member,
    ocean: "IOR",
  });
  const byTgid = await ctx.call("GET", `/rest/tgid/listRoutingRulesByTgid?tgid=${t.tgid.id}`, {
    token,
  });
  assert.equal(byTgid.status, 200);
  assert.deepEqual(byTgid.body.mtl.map((r: { mtl: string }) => r.mtl), [imn]);
  assert.deepEqual(
    byTgid.body.member.map((r: { dnid: number; ocean: string }) => `${r.dnid} ${r.ocean}`),
    [`${dnid.id} IOR`],
  );

  const removed = await ctx.call("POST", "/rest/tgid/removeMtlRoutingRule", { token, json: rule });
  assert.equal(removed.status, 200);
  const gone = await ctx.call("POST", "/rest/tgid/removeMtlRoutingRule", { token, json: rule });
  assert.equal(gone.status, 404);
  const none = await ctx.call("GET", `/rest/tgid/listRoutingRulesByMtl?mtl=${imn}`, { token });
  assert.deepEqual(none.body, []);
  const unknown = await ctx.call("GET", "/rest/tgid/listRoutingRulesByTgid?tgid=2000000000", {
    token,
  });
  assert.equal(unknown.status, 404);
});
