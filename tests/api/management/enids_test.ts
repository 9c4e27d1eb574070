/**
 * The /rest/enids calls: create and update rules (a rul, at least one team, a free id), the
 * team list, delete with its team links, find, search, lastEnid, the dialogs' team choice, and
 * client isolation (a client reaches only its company's enids, ruls and teams).
 */
import assert from "node:assert/strict";
import { and, eq, sql } from "drizzle-orm";
import { type Ctx, dbTest, signIn } from "../../fixtures/app.ts";
import { TEST_PASSWORD, unique } from "../../fixtures/factories.ts";
import { admin, randomId } from "../../fixtures/companies_teams.ts";
import { enids, enidTeams, ruls } from "../../../db/schema/mod.ts";
import { ENID_MESSAGES } from "../../../openapi/schemas/enids.ts";

/** A rul of `companyId` (null: an operator's own). */
async function makeRul(ctx: Ctx, companyId: number | null, les = 21) {
  const [row] = await ctx.db.insert(ruls).values({
    id: randomId(),
    les,
    customerName: unique("Customer"),
    companyId,
  }).returning();
  return row;
}

/** An enid of `companyId` on `rul`, used by `teamIds`. */
async function makeEnid(
  ctx: Ctx,
  opts: { companyId: number; rul: { id: number; les: number }; teamIds: number[]; id?: number },
) {
  const [row] = await ctx.db.insert(enids).values({
    id: opts.id ?? randomId(),
    rulLes: opts.rul.les,
    companyId: opts.companyId,
    rulId: opts.rul.id,
    comments: unique("note"),
  }).returning();
  if (opts.teamIds.length) {
    await ctx.db.insert(enidTeams).values(
      opts.teamIds.map((teamId) => ({ enidId: row.id, rulLes: row.rulLes, teamId })),
    );
  }
  return row;
}

/** A company with a client team, a signed-in client, a second team and a rul of its own. */
async function tenant(ctx: Ctx) {
  const company = await ctx.f.company();
  const team = await ctx.f.team({ companyId: company.id, name: unique("Alpha"), rights: 100 });
  const other = await ctx.f.team({ companyId: company.id, name: unique("Beta"), rights: 100 });
  const user = await ctx.f.user({ teamId: team.id, companyId: company.id });
  const { token } = await signIn(ctx, user.id, TEST_PASSWORD);
  const rul = await makeRul(ctx, company.id);
  return { company, team, other, user, token, rul };
}

const linksOf = async (ctx: Ctx, id: number) =>
  (await ctx.db.select({ teamId: enidTeams.teamId }).from(enidTeams)
    .where(eq(enidTeams.enidId, id))).map((r) => r.teamId).sort((a, b) => a - b);

const exists = async (ctx: Ctx, id: number) =>
  (await ctx.db.select().from(enids).where(eq(enids.id, id))).length > 0;

// ---- create ----

dbTest(
  "[rest/enids] create: the enid with its company, rul and teams; LES 21 by default",
  async (ctx) => {
    const t = await tenant(ctx);
    const id = randomId();
    const r = await ctx.call("POST", "/rest/enids/create", {
      token: t.token,
      json: {
        id,
        company: t.company.id,
        rul_id: t.rul.id,
        opts: { comments: "  first  ", comments2: "", teams: [t.other.id, t.team.id, t.team.id] },
      },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const teamRef = (team: { id: number; name: string }) => ({
      id: team.id,
      name: team.name,
      company: { id: t.company.id, name: t.company.name },
    });
    assert.deepEqual(r.body, {
      id,
      rul_les: 21,
      company: { id: t.company.id, name: t.company.name },
      rul_id: t.rul.id,
      rul: { id: t.rul.id, les: 21, customerName: t.rul.customerName },
      comments: "first",
      comments2: null,
      // By name: Alpha… before Beta…
      teams: [teamRef(t.team), teamRef(t.other)],
      createdAt: r.body.createdAt,
      updatedAt: r.body.updatedAt,
    });
    assert.ok(!Number.isNaN(Date.parse(r.body.createdAt)));
    assert.deepEqual(await linksOf(ctx, id), [t.team.id, t.other.id].sort((a, b) => a - b));

    // get answers the same.
    const got = await ctx.call("GET", `/rest/enids/get?id=${id}`, { token: t.token });
    assert.equal(got.status, 200);
    assert.deepEqual(got.body, r.body);
    // The company as the picker holds it ({id, name}) is accepted too.
    const picked = await ctx.call("POST", "/rest/enids/create", {
      token: t.token,
      json: {
        id: randomId(),
        rul_les: 21,
        company: { id: t.company.id, name: t.company.name },
        rul_id: t.rul.id,
        opts: { teams: [t.team.id] },
      },
    });
    assert.equal(picked.status, 200, JSON.stringify(picked.body));
  },
);

dbTest("[rest/enids] create: a rul must be selected and exist with that LES", async (ctx) => {
  const t = await tenant(ctx);
  const rul15 = await makeRul(ctx, t.company.id, 15);
  const base = { company: t.company.id, opts: { teams: [t.team.id] } };
  const cases: Record<string, unknown>[] = [
    { ...base },
    { ...base, rul_id: null },
    { ...base, rul_id: 0 },
    { ...base, rul_id: "x" },
    // Unknown rul; a rul of LES 15 named with the default LES 21.
    { ...base, rul_id: randomId() },
    { ...base, rul_id: rul15.id },
    { ...base, rul_id: t.rul.id, rul_les: 15 },
  ];
  for (const json of cases) {
    const id = randomId();
    const r = await ctx.call("POST", "/rest/enids/create", {
      token: t.token,
      json: { id, ...json },
    });
    assert.equal(r.status, 400, JSON.stringify(json));
    assert.equal(r.body.message, ENID_MESSAGES.selectRul, JSON.stringify(json));
    assert.ok(
      r.body.fields.some((f: { path: string; message: string }) =>
        f.path === "rul_id" && f.message === ENID_MESSAGES.selectRul
      ),
      JSON.stringify(r.body),
    );
    assert.equal(await exists(ctx, id), false, "nothing created");
  }
  // The LES 15 rul with its LES is fine.
  const ok = await ctx.call("POST", "/rest/enids/create", {
    token: t.token,
    json: { id: randomId(), rul_les: 15, rul_id: rul15.id, ...base },
  });
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  assert.equal(ok.body.rul_les, 15);
});

dbTest("[rest/enids] create: the team list needs at least one team, each existing", async (ctx) => {
  const t = await tenant(ctx);
  const base = { company: t.company.id, rul_id: t.rul.id };
  for (const json of [{ ...base }, { ...base, opts: {} }, { ...base, opts: { teams: [] } }]) {
    const id = randomId();
    const r = await ctx.call("POST", "/rest/enids/create", {
      token: t.token,
      json: { id, ...json },
    });
    assert.equal(r.status, 400, JSON.stringify(json));
    assert.equal(r.body.message, ENID_MESSAGES.teamRequired, JSON.stringify(r.body));
    assert.equal(await exists(ctx, id), false);
  }
  const { token } = await admin(ctx);
  const id = randomId();
  const unknown = 2_000_000_000 + Math.floor(Math.random() * 100_000_000);
  const r = await ctx.call("POST", "/rest/enids/create", {
    token,
    json: { id, ...base, opts: { teams: [t.team.id, unknown] } },
  });
  assert.equal(r.status, 400);
  assert.equal(r.body.message, `Team ${unknown} not found`);
  assert.equal(await exists(ctx, id), false);
});

dbTest("[rest/enids] create: a taken id answers 409, code 23000, whatever the LES", async (ctx) => {
  const t = await tenant(ctx);
  const rul15 = await makeRul(ctx, t.company.id, 15);
  const taken = await makeEnid(ctx, { companyId: t.company.id, rul: t.rul, teamIds: [t.team.id] });
  for (const rul of [t.rul, rul15]) {
    const r = await ctx.call("POST", "/rest/enids/create", {
      token: t.token,
      json: {
        id: taken.id,
        rul_les: rul.les,
        company: t.company.id,
        rul_id: rul.id,
        opts: { teams: [t.other.id] },
      },
    });
    assert.equal(r.status, 409);
    assert.deepEqual(r.body, { code: 23000, message: `Enid with id ${taken.id} already exists` });
  }
  // The existing enid is untouched.
  assert.deepEqual(await linksOf(ctx, taken.id), [t.team.id]);
});

// ---- administrators and clients ----

dbTest("[rest/enids] an administrator may use any company, rul and teams", async (ctx) => {
  const { token } = await admin(ctx);
  const a = await tenant(ctx), b = await tenant(ctx);
  const operatorRul = await makeRul(ctx, null);
  const id = randomId();
  const r = await ctx.call("POST", "/rest/enids/create", {
    token,
    json: {
      id,
      company: a.company.id,
      rul_id: operatorRul.id,
      opts: { teams: [a.team.id, b.team.id] },
    },
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(
    r.body.teams.map((x: { id: number }) => x.id).sort(),
    [a.team.id, b.team.id].sort(),
  );
  // A's client sees the enid with its own company's team only, and keeps B's link when it
  // replaces the list.
  const got = await ctx.call("GET", `/rest/enids/get?id=${id}`, { token: a.token });
  assert.equal(got.status, 200);
  assert.deepEqual(got.body.teams.map((x: { id: number }) => x.id), [a.team.id]);
  assert.ok(!JSON.stringify(got.body).includes(b.team.name));
  const replaced = await ctx.call("POST", "/rest/enids/updateTeams", {
    token: a.token,
    json: { enidId: id, enidTeams: [a.other.id] },
  });
  assert.equal(replaced.status, 200, JSON.stringify(replaced.body));
  assert.deepEqual(replaced.body.map((x: { id: number }) => x.id), [a.other.id]);
  assert.deepEqual(await linksOf(ctx, id), [a.other.id, b.team.id].sort((x, y) => x - y));
  // The administrator sees and replaces every link.
  const all = await ctx.call("GET", `/rest/enids/getTeams?enidId=${id}`, { token });
  assert.deepEqual(
    all.body.map((x: { id: number }) => x.id).sort(),
    [a.other.id, b.team.id].sort(),
  );
  const byAdmin = await ctx.call("POST", "/rest/enids/updateTeams", {
    token,
    json: { enidId: id, enidTeams: [a.team.id] },
  });
  assert.equal(byAdmin.status, 200);
  assert.deepEqual(await linksOf(ctx, id), [a.team.id]);
});

dbTest(
  "[rest/enids] a client reaches only its own company's enids, ruls and teams",
  async (ctx) => {
    const a = await tenant(ctx), b = await tenant(ctx);
    const bEnid = await makeEnid(ctx, {
      companyId: b.company.id,
      rul: b.rul,
      teamIds: [b.team.id],
    });
    const aEnid = await makeEnid(ctx, {
      companyId: a.company.id,
      rul: a.rul,
      teamIds: [a.team.id],
    });
    const notFound = { code: 404, message: "Enid not found" };

    // B's enid is missing for A, for every call that names it.
    const calls: [string, string, unknown?][] = [
      ["GET", `/rest/enids/get?id=${bEnid.id}`],
      ["GET", `/rest/enids/getTeams?enidId=${bEnid.id}`],
      ["POST", "/rest/enids/updateTeams", { enidId: bEnid.id, enidTeams: [a.team.id] }],
      ["POST", "/rest/enids/update", {
        id: bEnid.id,
        company: a.company.id,
        rul_id: a.rul.id,
        opts: { teams: [a.team.id] },
      }],
      ["POST", "/rest/enids/delete", { id: bEnid.id, rul_les: 21 }],
    ];
    for (const [method, path, json] of calls) {
      const r = await ctx.call(method, path, { token: a.token, json });
      assert.equal(r.status, 404, `${method} ${path}`);
      assert.deepEqual(r.body, notFound, `${method} ${path}`);
    }
    assert.equal(await exists(ctx, bEnid.id), true);
    assert.deepEqual(await linksOf(ctx, bEnid.id), [b.team.id]);

    // Creating: never for B's company, nor with B's rul or teams.
    const create = (json: Record<string, unknown>) =>
      ctx.call("POST", "/rest/enids/create", {
        token: a.token,
        json: { id: randomId(), company: a.company.id, rul_id: a.rul.id, ...json },
      });
    const forB = await create({ company: b.company.id, opts: { teams: [a.team.id] } });
    assert.equal(forB.status, 404);
    assert.deepEqual(forB.body, { code: 404, message: "Company not found" });
    const withBRul = await create({ rul_id: b.rul.id, opts: { teams: [a.team.id] } });
    assert.equal(withBRul.status, 400);
    assert.equal(withBRul.body.message, ENID_MESSAGES.selectRul);
    const operatorRul = await makeRul(ctx, null);
    const withOperatorRul = await create({ rul_id: operatorRul.id, opts: { teams: [a.team.id] } });
    assert.equal(withOperatorRul.body.message, ENID_MESSAGES.selectRul);
    const withBTeam = await create({ opts: { teams: [a.team.id, b.team.id] } });
    assert.equal(withBTeam.status, 400);
    assert.equal(withBTeam.body.message, `Team ${b.team.id} not found`);
    // Nor move its own enid to B, nor give it B's rul or teams.
    const update = (json: Record<string, unknown>) =>
      ctx.call("POST", "/rest/enids/update", {
        token: a.token,
        json: { id: aEnid.id, company: a.company.id, rul_id: a.rul.id, ...json },
      });
    assert.equal((await update({ company: b.company.id })).status, 404);
    assert.equal((await update({ rul_id: b.rul.id })).body.message, ENID_MESSAGES.selectRul);
    assert.equal((await update({ opts: { teams: [b.team.id] } })).status, 400);
    const teamsToB = await ctx.call("POST", "/rest/enids/updateTeams", {
      token: a.token,
      json: { enidId: aEnid.id, enidTeams: [b.team.id] },
    });
    assert.equal(teamsToB.status, 400);
    const [row] = await ctx.db.select().from(enids).where(eq(enids.id, aEnid.id));
    assert.equal(row.companyId, a.company.id);
    assert.equal(row.rulId, a.rul.id);
    assert.deepEqual(await linksOf(ctx, aEnid.id), [a.team.id]);

    // Lists and searches show none of B's.
    const everything = await ctx.call("POST", "/rest/enids/find", {
      token: a.token,
      json: { count: 2000 },
    });
    assert.equal(everything.status, 200);
    assert.deepEqual(everything.body.results.map((e: { id: number }) => e.id), [aEnid.id]);
    assert.equal(everything.body.total, 1);
    const byCompany = await ctx.call("POST", "/rest/enids/find", {
      token: a.token,
      json: { filter: { company: String(b.company.id) } },
    });
    assert.deepEqual(byCompany.body, {
      results: [],
      total: 1,
      filtered: 0,
      totalCapped: false,
      filteredCapped: false,
    });
    for (const query of [String(bEnid.id), b.company.name, bEnid.comments!]) {
      const s = await ctx.call("GET", `/rest/enids/search?query=${encodeURIComponent(query)}`, {
        token: a.token,
      });
      assert.equal(s.status, 200);
      assert.deepEqual(s.body, [], query);
    }
    const own = await ctx.call("GET", `/rest/enids/search?query=${aEnid.id}`, { token: a.token });
    assert.deepEqual(own.body.map((e: { id: number }) => e.id), [aEnid.id]);
    const choices = await ctx.call("GET", "/rest/enids/teamChoices", { token: a.token });
    assert.deepEqual(
      choices.body.map((x: { id: number }) => x.id).sort(),
      [a.team.id, a.other.id].sort(),
    );
    const bTeam = await ctx.call(
      "GET",
      `/rest/enids/teamChoices?query=${encodeURIComponent(b.team.name)}`,
      { token: a.token },
    );
    assert.deepEqual(bTeam.body, []);
  },
);

// ---- update ----

dbTest("[rest/enids] update: keyed by id and LES; teams replaced only when given", async (ctx) => {
  const t = await tenant(ctx);
  const other = await makeRul(ctx, t.company.id);
  const rul15 = await makeRul(ctx, t.company.id, 15);
  const e = await makeEnid(ctx, { companyId: t.company.id, rul: t.rul, teamIds: [t.team.id] });
  const update = (json: Record<string, unknown>) =>
    ctx.call("POST", "/rest/enids/update", {
      token: t.token,
      json: { id: e.id, company: t.company.id, rul_id: t.rul.id, ...json },
    });
  // Another rul of the same LES; comments left out are kept; teams unchanged.
  const r = await update({ rul_id: other.id, opts: { comments2: "second" } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.rul_id, other.id);
  assert.equal(r.body.comments, e.comments);
  assert.equal(r.body.comments2, "second");
  assert.deepEqual(await linksOf(ctx, e.id), [t.team.id]);
  // The team list replaced; an empty comment clears it.
  const r2 = await update({ opts: { comments: "", teams: [t.other.id] } });
  assert.equal(r2.status, 200);
  assert.equal(r2.body.comments, null);
  assert.deepEqual(await linksOf(ctx, e.id), [t.other.id]);
  // An empty team list is refused; a rul of another LES is not this enid's.
  const empty = await update({ opts: { teams: [] } });
  assert.equal(empty.status, 400);
  assert.equal(empty.body.message, ENID_MESSAGES.teamRequired);
  const wrongLes = await update({ rul_id: rul15.id });
  assert.equal(wrongLes.body.message, ENID_MESSAGES.selectRul);
  // Unknown (id, LES): 404.
  const unknown = await update({ rul_les: 15, rul_id: rul15.id });
  assert.equal(unknown.status, 404);
  assert.deepEqual(unknown.body, { code: 404, message: "Enid not found" });
  assert.deepEqual(await linksOf(ctx, e.id), [t.other.id]);
});

// ---- delete ----

dbTest("[rest/enids] delete removes the enid and its team links; 404 after", async (ctx) => {
  const t = await tenant(ctx);
  const e = await makeEnid(ctx, {
    companyId: t.company.id,
    rul: t.rul,
    teamIds: [t.team.id, t.other.id],
  });
  const wrongLes = await ctx.call("POST", "/rest/enids/delete", {
    token: t.token,
    json: { id: e.id, rul_les: 15 },
  });
  assert.equal(wrongLes.status, 404);
  const r = await ctx.call("POST", "/rest/enids/delete", { token: t.token, json: { id: e.id } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.id, e.id);
  assert.equal(r.body.teams.length, 2);
  assert.equal(await exists(ctx, e.id), false);
  assert.deepEqual(await linksOf(ctx, e.id), [], "no team link is left");
  const again = await ctx.call("POST", "/rest/enids/delete", {
    token: t.token,
    json: { id: e.id, rul_les: 21 },
  });
  assert.equal(again.status, 404);
  // The rul stays.
  assert.equal(
    (await ctx.db.select().from(ruls).where(and(eq(ruls.id, t.rul.id), eq(ruls.les, 21)))).length,
    1,
  );
});

// ---- teams ----

dbTest("[rest/enids] getTeams and updateTeams: by name; at least one team", async (ctx) => {
  const t = await tenant(ctx);
  const e = await makeEnid(ctx, { companyId: t.company.id, rul: t.rul, teamIds: [t.other.id] });
  const r = await ctx.call("POST", "/rest/enids/updateTeams", {
    token: t.token,
    json: { enidId: e.id, enidTeams: [t.other.id, t.team.id] },
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const company = { id: t.company.id, name: t.company.name };
  assert.deepEqual(r.body, [
    { id: t.team.id, name: t.team.name, company },
    { id: t.other.id, name: t.other.name, company },
  ]);
  const got = await ctx.call("GET", `/rest/enids/getTeams?enidId=${e.id}`, { token: t.token });
  assert.deepEqual(got.body, r.body);
  for (const enidTeamsValue of [[], undefined, [0]]) {
    const bad = await ctx.call("POST", "/rest/enids/updateTeams", {
      token: t.token,
      json: { enidId: e.id, enidTeams: enidTeamsValue },
    });
    assert.equal(bad.status, 400, JSON.stringify(enidTeamsValue));
    if (enidTeamsValue?.length !== 1) assert.equal(bad.body.message, ENID_MESSAGES.teamRequired);
  }
  assert.deepEqual(await linksOf(ctx, e.id), [t.team.id, t.other.id].sort((a, b) => a - b));
  const missing = await ctx.call("GET", `/rest/enids/getTeams?enidId=${randomId()}`, {
    token: t.token,
  });
  assert.equal(missing.status, 404);
});

// Two editors who opened the enid's team list on the same read send it with that read
// (`baseTeams`): only what each changed is made.

/** A client's enid used by its teams `team` and `other`, a third team `x`, and the two saves. */
async function twoTeamEnid(ctx: Ctx) {
  const t = await tenant(ctx);
  const x = await ctx.f.team({ companyId: t.company.id, name: unique("Gamma"), rights: 100 });
  const e = await makeEnid(ctx, {
    companyId: t.company.id,
    rul: t.rul,
    teamIds: [t.team.id, t.other.id],
  });
  const base = [t.team.id, t.other.id];
  /** "Manage teams": the list as left, with the list it started from. */
  const manage = (enidTeams: number[]) =>
    ctx.call("POST", "/rest/enids/updateTeams", {
      token: t.token,
      json: { enidId: e.id, enidTeams, baseTeams: base },
    });
  /** The edit dialog: the same, with the enid's other fields. */
  const edit = (teams: number[]) =>
    ctx.call("POST", "/rest/enids/update", {
      token: t.token,
      json: { id: e.id, company: t.company.id, rul_id: t.rul.id, opts: { teams, baseTeams: base } },
    });
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
  return { ...t, x, e, manage, edit, links: () => linksOf(ctx, e.id), sorted };
}

const raceRuns = (kind: string) => kind === "postgres" ? 10 : 2;

dbTest(
  "[rest/enids] team list saved with baseTeams: two editors' changes both stay",
  async (ctx) => {
    const t = await twoTeamEnid(ctx);
    // A adds x; B (edit dialog, same read) takes `other` off: A's x stays.
    const a = await t.manage([t.team.id, t.other.id, t.x.id]);
    assert.equal(a.status, 200, JSON.stringify(a.body));
    const b = await t.edit([t.team.id]);
    assert.equal(b.status, 200, JSON.stringify(b.body));
    assert.deepEqual(await t.links(), t.sorted([t.team.id, t.x.id]));
    // The same save again is a no-op; a team of another company is still refused.
    assert.equal((await t.manage([t.team.id, t.other.id, t.x.id])).status, 200);
    assert.deepEqual(await t.links(), t.sorted([t.team.id, t.x.id]));
    const foreign = await ctx.f.team();
    const refused = await t.manage([t.team.id, t.other.id, foreign.id]);
    assert.equal(refused.status, 400);
    assert.equal(refused.body.message, `Team ${foreign.id} not found`);
    assert.deepEqual(await t.links(), t.sorted([t.team.id, t.x.id]));
  },
);

dbTest(
  "[rest/enids] team list saved with baseTeams: each editor taking off one of two: never zero",
  async (ctx) => {
    const t = await twoTeamEnid(ctx);
    assert.equal((await t.manage([t.other.id])).status, 200);
    const last = await t.edit([t.team.id]);
    assert.equal(last.status, 409);
    assert.deepEqual(last.body, { code: 409, message: ENID_MESSAGES.teamRequired });
    assert.deepEqual(await t.links(), [t.other.id]);
  },
);

dbTest("[rest/enids] team list: two editors at once: changes merge, never zero", async (ctx) => {
  for (let run = 0; run < raceRuns(ctx.kind); run++) {
    const merge = await twoTeamEnid(ctx);
    const both = await Promise.all([
      merge.manage([merge.team.id, merge.other.id, merge.x.id]),
      merge.manage([merge.team.id]),
    ]);
    assert.deepEqual(
      both.map((r) => r.status),
      [200, 200],
      JSON.stringify(both.map((r) => r.body)),
    );
    assert.deepEqual(await merge.links(), merge.sorted([merge.team.id, merge.x.id]), `run ${run}`);

    const race = await twoTeamEnid(ctx);
    const [a, b] = await Promise.all([race.manage([race.other.id]), race.manage([race.team.id])]);
    assert.deepEqual([a.status, b.status].sort(), [200, 409], `run ${run}`);
    assert.equal((a.status === 409 ? a : b).body.message, ENID_MESSAGES.teamRequired);
    assert.equal((await race.links()).length, 1, `run ${run}`);
  }
});

// ---- find, search, lastEnid ----

dbTest("[rest/enids] find: filters, sorts and totals", async (ctx) => {
  const t = await tenant(ctx);
  const rul15 = await makeRul(ctx, t.company.id, 15);
  const base = 1_500_000_000 + Math.floor(Math.random() * 100_000_000);
  const e1 = await makeEnid(ctx, {
    id: base + 2,
    companyId: t.company.id,
    rul: t.rul,
    teamIds: [t.team.id],
  });
  const e2 = await makeEnid(ctx, {
    id: base + 1,
    companyId: t.company.id,
    rul: rul15,
    teamIds: [t.other.id],
  });
  const e3 = await makeEnid(ctx, {
    id: base + 3,
    companyId: t.company.id,
    rul: t.rul,
    teamIds: [t.team.id, t.other.id],
  });
  const find = async (body: Record<string, unknown>) => {
    const r = await ctx.call("POST", "/rest/enids/find", { token: t.token, json: body });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body as {
      results: { id: number; teams: unknown[] }[];
      total: number;
      filtered: number;
    };
  };
  const ids = (r: { results: { id: number }[] }) => r.results.map((e) => e.id);
  // Default: by id ascending; the client's total is its company's.
  const all = await find({});
  assert.deepEqual(ids(all), [e2.id, e1.id, e3.id]);
  assert.equal(all.total, 3);
  assert.equal(all.results[2].teams.length, 2);
  assert.deepEqual(ids(await find({ sorting: { field: "id", direction: "desc" } })), [
    e3.id,
    e1.id,
    e2.id,
  ]);
  const byLes = await find({ filter: { rul_les: "15" } });
  assert.deepEqual(ids(byLes), [e2.id]);
  assert.equal(byLes.filtered, 1);
  assert.equal(byLes.total, 3);
  assert.deepEqual(ids(await find({ filter: { rul_id: t.rul.id } })), [e1.id, e3.id]);
  assert.deepEqual(ids(await find({ filter: { id: String(e3.id) } })), [e3.id]);
  assert.deepEqual(ids(await find({ filter: { comments: e1.comments!.toUpperCase() } })), [e1.id]);
  assert.deepEqual(ids(await find({ filter: { team: String(t.other.id) } })), [e2.id, e3.id]);
  assert.deepEqual(ids(await find({ filter: { team: t.team.name.slice(0, -2) } })), [
    e1.id,
    e3.id,
  ]);
  assert.deepEqual(ids(await find({ filter: { company: t.company.name } })).length, 3);
  // rul sort: by rul id then LES; paging.
  const sorted = await find({ sorting: { field: "rul_id", direction: "asc" }, count: 2, page: 2 });
  assert.equal(sorted.results.length, 1);
  const bad = await ctx.call("POST", "/rest/enids/find", {
    token: t.token,
    json: { sorting: { field: "comments" } },
  });
  assert.equal(bad.status, 400);
});

dbTest("[rest/enids] search and lastEnid see the caller's enids only", async (ctx) => {
  const t = await tenant(ctx);
  const empty = await ctx.call("GET", "/rest/enids/lastEnid", { token: t.token });
  assert.equal(empty.status, 200);
  assert.deepEqual(empty.body, { id: 0 });
  const low = await makeEnid(ctx, {
    id: 7_000 + Math.floor(Math.random() * 1000),
    companyId: t.company.id,
    rul: t.rul,
    teamIds: [t.team.id],
  });
  const high = await makeEnid(ctx, { companyId: t.company.id, rul: t.rul, teamIds: [t.team.id] });
  const last = await ctx.call("GET", "/rest/enids/lastEnid", { token: t.token });
  assert.deepEqual(last.body, { id: Math.max(low.id, high.id) });
  // An administrator sees the highest of all.
  const { token } = await admin(ctx);
  const all = await ctx.call("GET", "/rest/enids/lastEnid", { token });
  const [max] = await ctx.db.select({ id: sql<number>`max(${enids.id})` }).from(enids);
  assert.equal(all.body.id, Number(max.id));
  assert.ok(all.body.id >= last.body.id);
  // Search: the id's beginning, the comments, the company's name.
  const s = await ctx.call("GET", `/rest/enids/search?query=${String(high.id).slice(0, 9)}`, {
    token: t.token,
  });
  assert.deepEqual(s.body.map((e: { id: number }) => e.id), [high.id]);
  const byCompany = await ctx.call(
    "GET",
    `/rest/enids/search?query=${encodeURIComponent(t.company.name)}`,
    { token: t.token },
  );
  assert.deepEqual(
    byCompany.body.map((e: { id: number }) => e.id),
    [low.id, high.id].sort((a, b) => a - b),
  );
  assert.deepEqual(byCompany.body[0], {
    id: Math.min(low.id, high.id),
    rul_les: 21,
    rul_id: t.rul.id,
    company: { id: t.company.id, name: t.company.name },
    comments: (low.id < high.id ? low : high).comments,
  });
});

dbTest("[rest/enids] every call needs a session", async (ctx) => {
  for (
    const [method, path] of [
      ["GET", "/rest/enids/get?id=1"],
      ["POST", "/rest/enids/find"],
      ["GET", "/rest/enids/lastEnid"],
      ["GET", "/rest/enids/teamChoices"],
    ]
  ) {
    const r = await ctx.call(method, path, { json: method === "POST" ? {} : undefined });
    assert.equal(r.status, 401, path);
  }
});

// ---- pages ----

dbTest(
  "[pages/enids] the list and an enid's page, for a client its company's only",
  async (ctx) => {
    const a = await tenant(ctx), b = await tenant(ctx);
    const mine = await makeEnid(ctx, { companyId: a.company.id, rul: a.rul, teamIds: [a.team.id] });
    const theirs = await makeEnid(ctx, {
      companyId: b.company.id,
      rul: b.rul,
      teamIds: [b.team.id],
    });
    const { cookie } = await signIn(ctx, a.user.id, TEST_PASSWORD);
    const text = (body: unknown) => new TextDecoder().decode(body as Uint8Array);

    // The first page is rendered on the server, with the client's enids only.
    const list = await ctx.call("GET", "/management/enid", { cookie });
    assert.equal(list.status, 200);
    const listHtml = text(list.body);
    assert.match(listHtml, /<h1>Enids<\/h1>/);
    assert.ok(listHtml.includes(`/management/enid/${mine.id}`));
    assert.ok(!listHtml.includes(String(theirs.id)), "another company's enid is not rendered");
    assert.ok(!listHtml.includes(b.company.name));

    const page = await ctx.call("GET", `/management/enid/${mine.id}`, { cookie });
    assert.equal(page.status, 200);
    const pageHtml = text(page.body);
    assert.match(pageHtml, new RegExp(`<h1>Enid ${mine.id}</h1>`));
    assert.ok(pageHtml.includes(a.team.name));
    // Another company's enid is missing: /error/404, as an unknown one.
    for (const id of [theirs.id, randomId(), "x"]) {
      const r = await ctx.call("GET", `/management/enid/${id}`, { cookie });
      assert.equal(r.status, 302, String(id));
      assert.equal(r.res.headers.get("location"), "/error/404");
    }
  },
);
