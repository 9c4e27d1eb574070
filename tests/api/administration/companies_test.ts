import assert from "node:assert/strict";
import { eq, inArray, sql } from "drizzle-orm";
import { type Ctx, dbTest, signIn } from "../../fixtures/app.ts";
import { TEST_PASSWORD, unique } from "../../fixtures/factories.ts";
import {
  admin,
  assertAdminOnly,
  commandList,
  countRows,
  enid,
  h1,
  html,
  pushProcess,
  randomId,
  session,
  terminal,
} from "../../fixtures/companies_teams.ts";
import {
  companies,
  dnids,
  files,
  news,
  newsReads,
  sessions,
  teams,
  tgids,
  tgidTeams,
  userAliases,
  users,
} from "../../../db/schema/mod.ts";
import { executeRows } from "../../../db/client.ts";
import { COMPANY_NAME_MAX } from "../../../openapi/schemas/companies/companies.ts";

// ---- hierarchy ----

dbTest(
  "[rest/companies] hierarchy: every company by name with exactly its teams (id, name, rights) by name",
  async (ctx) => {
    const { token } = await admin(ctx);
    const tag = unique("Hier");
    const b = await ctx.f.company(`${tag}-B`);
    const a = await ctx.f.company(`${tag}-A`);
    const t2 = await ctx.f.team({ companyId: a.id, name: "Zulu", rights: 100 });
    const t1 = await ctx.f.team({ companyId: a.id, name: "Alpha", rights: 15 });
    const r = await ctx.call("GET", "/rest/companies/hierarchy", { token });
    assert.equal(r.status, 200);
    const mine = r.body.filter((c: { name: string }) => c.name.startsWith(tag));
    assert.deepEqual(mine, [
      {
        id: a.id,
        name: a.name,
        teams: [
          { id: t1.id, name: "Alpha", rights: 15 },
          { id: t2.id, name: "Zulu", rights: 100 },
        ],
      },
      { id: b.id, name: b.name, teams: [] },
    ]);
    // The whole list is ordered by name, in the database's collation. Other tests add and remove
    // companies concurrently, so only the companies in both answers are compared.
    const names: string[] = r.body.map((c: { name: string }) => c.name);
    const sorted = (await ctx.db.select({ name: companies.name }).from(companies)
      .orderBy(companies.name, companies.id)).map((c) => c.name);
    const answered = new Set(names);
    const both = new Set(sorted.filter((n) => answered.has(n)));
    assert.ok(both.size >= 2);
    assert.deepEqual(names.filter((n) => both.has(n)), sorted.filter((n) => both.has(n)));
  },
);

// ---- get, all ----

dbTest("[rest/companies] get answers the company with its counts; 404 and 400", async (ctx) => {
  const { token } = await admin(ctx);
  const company = await ctx.f.company();
  const team = await ctx.f.team({ companyId: company.id });
  await ctx.f.user({ teamId: team.id, companyId: company.id });
  await ctx.f.user({ teamId: team.id, companyId: company.id });
  await ctx.f.team({ companyId: company.id });

  const r = await ctx.call("GET", `/rest/companies/get?id=${company.id}`, { token });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, { id: company.id, name: company.name, teamCount: 2, userCount: 2 });

  const missing = await ctx.call("GET", "/rest/companies/get?id=2147483000", { token });
  assert.equal(missing.status, 404);
  assert.deepEqual(missing.body, { code: 404, message: "Company 2147483000 not found" });

  for (const bad of ["abc", "0", "-1", "1.5", ""]) {
    const r400 = await ctx.call("GET", `/rest/companies/get?id=${bad}`, { token });
    assert.equal(r400.status, 400, bad);
    assert.equal(r400.body.message, "Id is not in a valid format", bad);
  }
  const none = await ctx.call("GET", "/rest/companies/get", { token });
  assert.equal(none.status, 400);
  assert.equal(none.body.message, "Id is required");
});

dbTest("[rest/companies] all: every company with its counts, by name", async (ctx) => {
  const { token } = await admin(ctx);
  const tag = unique("All");
  const z = await ctx.f.company(`${tag}-z`);
  const a = await ctx.f.company(`${tag}-a`);
  await ctx.f.team({ companyId: z.id });
  const r = await ctx.call("GET", "/rest/companies/all", { token });
  assert.equal(r.status, 200);
  const mine = r.body.filter((c: { name: string }) => c.name.startsWith(tag));
  assert.deepEqual(mine, [
    { id: a.id, name: a.name, teamCount: 0, userCount: 0 },
    { id: z.id, name: z.name, teamCount: 1, userCount: 0 },
  ]);
});

// ---- details ----

dbTest(
  "[rest/companies] getDetails: teams, tgids, enids, dnids, terminals and users",
  async (ctx) => {
    const { token } = await admin(ctx);
    const company = await ctx.f.company();
    const ops = await ctx.f.team({ companyId: company.id, name: "Ops", rights: 100 });
    const care = await ctx.f.team({ companyId: company.id, name: "Care", rights: 15 });
    const user = await ctx.f.user({ teamId: ops.id, companyId: company.id });
    const tgid = await ctx.f.tgid({ teamId: ops.id, label: "Fleet" });
    const unlabelled = await ctx.f.tgid({ teamId: care.id, label: null });
    const dnid = await ctx.f.dnid({ companyId: company.id, tgidId: tgid.id });
    const loose = await ctx.f.dnid({ companyId: company.id });
    const e = await enid(ctx, company.id, [ops.id]);
    const imn = String(randomId());
    const device = await terminal(ctx, tgid.id, { label: "Vessel 1", imn, serial: "SN-1" });
    // Another company's rows stay out.
    const other = await ctx.f.team();
    await ctx.f.tgid({ teamId: other.id });
    await ctx.f.user({ teamId: other.id, companyId: other.companyId });

    const r = await ctx.call("GET", `/rest/companies/getDetails?id=${company.id}`, { token });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, {
      id: company.id,
      name: company.name,
      teams: [
        { id: care.id, name: "Care", rights: 15, userCount: 0 },
        { id: ops.id, name: "Ops", rights: 100, userCount: 1 },
      ],
      tgids: [
        { id: tgid.id, label: "Fleet", team: { id: ops.id, name: "Ops" } },
        { id: unlabelled.id, label: String(unlabelled.id), team: { id: care.id, name: "Care" } },
      ],
      enids: [{ id: e.id, rulLes: 21, rulId: e.rulId }],
      dnids: [
        { id: dnid.id, les: 21, tgid: { id: tgid.id, label: "Fleet" } },
        { id: loose.id, les: 21, tgid: null },
      ].sort((x, y) => x.id - y.id),
      devices: [{
        deviceId: device.deviceId,
        deviceType: { id: 0, name: "Inmarsat C" },
        label: "Vessel 1",
        serial: "SN-1",
        imn,
        tgid: { id: tgid.id, label: "Fleet" },
      }],
      users: [{
        id: user.id,
        name: "Test User",
        mail: user.mail,
        active: true,
        team: { id: ops.id, name: "Ops" },
      }],
    });

    const missing = await ctx.call("GET", "/rest/companies/getDetails?id=2147483000", { token });
    assert.equal(missing.status, 404);
  },
);

// ---- add ----

dbTest("[rest/companies] add: the name is trimmed, required, at most 100, unique", async (ctx) => {
  const { token } = await admin(ctx);
  const name = unique("New");
  const r = await ctx.call("POST", "/rest/companies/add", { token, json: { name: `  ${name} ` } });
  assert.equal(r.status, 200);
  assert.equal(r.body.name, name);
  assert.deepEqual(r.body, { id: r.body.id, name, teamCount: 0, userCount: 0 });
  const [row] = await ctx.db.select().from(companies).where(eq(companies.id, r.body.id));
  assert.equal(row.name, name);

  const dup = await ctx.call("POST", "/rest/companies/add", { token, json: { name } });
  assert.equal(dup.status, 409);
  assert.deepEqual(dup.body, { code: 23000, message: `A company named "${name}" already exists` });

  for (
    const [body, message] of [
      [{}, "Name is required"],
      [{ name: "   " }, "Name is required"],
      [{ name: 12 }, "Name is required"],
      [{ name: "x".repeat(COMPANY_NAME_MAX + 1) }, "Name must have at most 100 characters"],
      [{ name: unique("n"), id: 0 }, "Id must be at least 1"],
      [{ name: unique("n"), id: 1.5 }, "Id is not in a valid format"],
      [{ name: unique("n"), id: "7" }, "Id is not in a valid format"],
    ] as const
  ) {
    const bad = await ctx.call("POST", "/rest/companies/add", { token, json: body });
    assert.equal(bad.status, 400, JSON.stringify(body));
    assert.equal(bad.body.message, message, JSON.stringify(body));
    assert.ok(bad.body.fields.length > 0);
  }
  const longest = "y".repeat(COMPANY_NAME_MAX - 8) + unique("").slice(-8);
  const ok = await ctx.call("POST", "/rest/companies/add", { token, json: { name: longest } });
  assert.equal(ok.status, 200);
});

dbTest(
  "[rest/companies] add with an explicit id keeps it, refuses a taken one, and later ids go past it",
  async (ctx) => {
    const { token } = await admin(ctx);
    const [{ max }] = await executeRows<{ max: number }>(
      ctx.db,
      sql`select coalesce(max(id), 0)::int as max from companies`,
    );
    const id = Number(max) + 1000 + Math.floor(Math.random() * 1000);
    const name = unique("Legacy");
    const r = await ctx.call("POST", "/rest/companies/add", { token, json: { id, name } });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { id, name, teamCount: 0, userCount: 0 });

    const taken = await ctx.call("POST", "/rest/companies/add", {
      token,
      json: { id, name: unique("Other") },
    });
    assert.equal(taken.status, 409);
    assert.deepEqual(taken.body, { code: 23000, message: `Company id ${id} is already taken` });

    // Without an id: the sequence was moved past the explicit one (no collision).
    const next = await ctx.call("POST", "/rest/companies/add", {
      token,
      json: { name: unique("After") },
    });
    assert.equal(next.status, 200);
    assert.ok(next.body.id > id, `${next.body.id} > ${id}`);
    // The factories (plain inserts) do not collide either.
    const made = await ctx.f.company();
    assert.ok(made.id > id);
  },
);

// ---- update ----

dbTest("[rest/companies] update renames; 404 unknown, 409 duplicate, 400 invalid", async (ctx) => {
  const { token } = await admin(ctx);
  const company = await ctx.f.company();
  await ctx.f.team({ companyId: company.id });
  const other = await ctx.f.company();
  const name = unique("Renamed");
  const r = await ctx.call("POST", "/rest/companies/update", {
    token,
    json: { id: company.id, name: ` ${name}` },
  });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, { id: company.id, name, teamCount: 1, userCount: 0 });

  // Its own name again is fine.
  const same = await ctx.call("POST", "/rest/companies/update", {
    token,
    json: { id: company.id, name },
  });
  assert.equal(same.status, 200);

  const dup = await ctx.call("POST", "/rest/companies/update", {
    token,
    json: { id: company.id, name: other.name },
  });
  assert.equal(dup.status, 409);
  assert.deepEqual(dup.body, {
    code: 23000,
    message: `A company named "${other.name}" already exists`,
  });
  const [row] = await ctx.db.select().from(companies).where(eq(companies.id, company.id));
  assert.equal(row.name, name);

  const missing = await ctx.call("POST", "/rest/companies/update", {
    token,
    json: { id: 2147483000, name: unique("x") },
  });
  assert.equal(missing.status, 404);
  assert.equal(missing.body.message, "Company 2147483000 not found");

  const bad = await ctx.call("POST", "/rest/companies/update", { token, json: { id: company.id } });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.message, "Name is required");
  const noId = await ctx.call("POST", "/rest/companies/update", { token, json: { name: "x" } });
  assert.equal(noId.status, 400);
  assert.equal(noId.body.message, "Id is not in a valid format");
});

// ---- delete ----

/** Every row that hangs off the company, counted. */
async function footprint(ctx: Ctx, companyId: number) {
  const t = `(select id from teams where company_id = ${companyId})`;
  const u = `(select key from users where company_id = ${companyId})`;
  return {
    company: await countRows(ctx, "companies", `id = ${companyId}`),
    teams: await countRows(ctx, "teams", `company_id = ${companyId}`),
    users: await countRows(ctx, "users", `company_id = ${companyId}`),
    aliases: await countRows(ctx, "user_aliases", `user_key in ${u}`),
    sessions: await countRows(ctx, "sessions", `user_key in ${u}`),
    reads: await countRows(ctx, "news_reads", `user_key in ${u}`),
    files: await countRows(ctx, "files", `company_id = ${companyId}`),
    tgids: await countRows(ctx, "tgids", `team_id in ${t}`),
    shares: await countRows(ctx, "tgid_teams", `team_id in ${t}`),
    dnids: await countRows(ctx, "dnids", `company_id = ${companyId}`),
    processes: await countRows(ctx, "push_processes", `team_id in ${t}`),
    lists: await countRows(ctx, "command_lists", `company_id = ${companyId}`),
  };
}

dbTest(
  "[rest/companies] delete is refused while the company has operational resources; nothing changes",
  async (ctx) => {
    const { token } = await admin(ctx);
    const company = await ctx.f.company();
    const team = await ctx.f.team({ companyId: company.id });
    await ctx.f.user({ teamId: team.id, companyId: company.id });
    await ctx.f.file({ companyId: company.id });
    await ctx.f.tgid({ teamId: team.id });
    await ctx.f.dnid({ companyId: company.id });
    await ctx.f.dnid({ companyId: company.id });
    const before = await footprint(ctx, company.id);

    const r = await ctx.call("GET", `/rest/companies/delete?id=${company.id}`, { token });
    assert.equal(r.status, 409);
    assert.deepEqual(r.body, {
      code: 409,
      message: "Unable to delete company: the company has 2 dnids and 1 tgid",
    });
    assert.deepEqual(await footprint(ctx, company.id), before);

    // Each kind of resource blocks on its own, and is named.
    const cases: [string, (companyId: number, teamId: number) => Promise<unknown>][] = [
      ["1 enid", (c) => enid(ctx, c)],
      ["1 push process", (_, t) => pushProcess(ctx, t)],
      ["1 command list", (c) => commandList(ctx, c)],
      ["1 dnid", (c) => ctx.f.dnid({ companyId: c })],
    ];
    for (const [what, make] of cases) {
      const c = await ctx.f.company();
      const t = await ctx.f.team({ companyId: c.id });
      await make(c.id, t.id);
      const refused = await ctx.call("GET", `/rest/companies/delete?id=${c.id}`, { token });
      assert.equal(refused.status, 409, what);
      assert.equal(refused.body.message, `Unable to delete company: the company has ${what}`);
    }
    const c = await ctx.f.company();
    const t = await ctx.f.team({ companyId: c.id });
    const tg = await ctx.f.tgid({ teamId: t.id });
    await terminal(ctx, tg.id);
    await terminal(ctx, tg.id);
    const many = await ctx.call("GET", `/rest/companies/delete?id=${c.id}`, { token });
    assert.equal(
      many.body.message,
      "Unable to delete company: the company has 1 tgid and 2 terminals",
    );
  },
);

dbTest(
  "[rest/companies] delete removes the company with its users, teams and files in one go",
  async (ctx) => {
    const { token } = await admin(ctx);
    const company = await ctx.f.company();
    const teamA = await ctx.f.team({ companyId: company.id });
    const teamB = await ctx.f.team({ companyId: company.id });
    const u1 = await ctx.f.user({ teamId: teamA.id, companyId: company.id });
    const u2 = await ctx.f.user({ teamId: teamB.id, companyId: company.id });
    await ctx.db.insert(userAliases).values({ userKey: u1.key, mail: `${unique("alias")}@x.test` });
    await signIn(ctx, u2.id, TEST_PASSWORD); // a session
    const [item] = await ctx.db.insert(news).values({
      title: "t",
      content: "c",
      authorKey: u1.key,
    }).returning();
    await ctx.db.insert(newsReads).values({ userKey: u1.key, newsId: item.id });
    await ctx.f.file({ companyId: company.id });
    // Another company's tgid shared with one of its teams, and another company's dnid
    // allocated to one of its teams.
    const other = await ctx.f.team();
    const shared = await ctx.f.tgid({ teamId: other.id, sharedWith: [teamA.id] });
    const foreignDnid = await ctx.f.dnid({ companyId: other.companyId });
    await ctx.db.update(dnids).set({ teamId: teamB.id }).where(eq(dnids.id, foreignDnid.id));
    // A tgid created by one of its users keeps existing, without its author.
    const authored = await ctx.f.tgid({ teamId: other.id });
    await ctx.db.update(tgids).set({ createdBy: u1.key }).where(eq(tgids.id, authored.id));
    const before = await footprint(ctx, company.id);
    assert.equal(before.sessions, 1);
    assert.equal(before.aliases, 1);

    const r = await ctx.call("GET", `/rest/companies/delete?id=${company.id}`, { token });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { id: company.id, name: company.name, teams: 2, users: 2 });

    const after = await footprint(ctx, company.id);
    assert.deepEqual(after, {
      company: 0,
      teams: 0,
      users: 0,
      aliases: 0,
      sessions: 0,
      reads: 0,
      files: 0,
      tgids: 0,
      shares: 0,
      dnids: 0,
      processes: 0,
      lists: 0,
    });
    const keys = [u1.key, u2.key];
    assert.equal((await ctx.db.select().from(users).where(inArray(users.key, keys))).length, 0);
    assert.equal(
      (await ctx.db.select().from(sessions).where(inArray(sessions.userKey, keys))).length,
      0,
    );
    assert.equal(
      (await ctx.db.select().from(tgidTeams).where(eq(tgidTeams.tgidId, shared.id))).length,
      0,
    );
    const [news1] = await ctx.db.select().from(news).where(eq(news.id, item.id));
    assert.equal(news1.authorKey, null);
    const [dn] = await ctx.db.select().from(dnids).where(eq(dnids.id, foreignDnid.id));
    assert.equal(dn.teamId, null);
    assert.equal(dn.companyId, other.companyId);
    const [tg] = await ctx.db.select().from(tgids).where(eq(tgids.id, authored.id));
    assert.equal(tg.createdBy, null);
    assert.equal(
      (await ctx.db.select().from(teams).where(inArray(teams.id, [teamA.id, teamB.id]))).length,
      0,
    );
    assert.equal(
      (await ctx.db.select().from(files).where(eq(files.companyId, company.id))).length,
      0,
    );

    const again = await ctx.call("GET", `/rest/companies/delete?id=${company.id}`, { token });
    assert.equal(again.status, 404);
  },
);

dbTest(
  "[rest/companies] deleteImpact counts what a delete would remove, unlink or be refused for",
  async (ctx) => {
    const { token, user } = await admin(ctx);
    const impact = async (id: number) =>
      (await ctx.call("GET", `/rest/companies/deleteImpact?id=${id}`, { token })).body;
    const company = await ctx.f.company();
    const teamA = await ctx.f.team({ companyId: company.id });
    const teamB = await ctx.f.team({ companyId: company.id });
    for (const teamId of [teamA.id, teamA.id, teamB.id]) {
      await ctx.f.user({ teamId, companyId: company.id });
    }
    await ctx.f.file({ companyId: company.id });
    const other = await ctx.f.team();
    await ctx.f.tgid({ teamId: other.id, sharedWith: [teamA.id, teamB.id] });
    const foreignDnid = await ctx.f.dnid({ companyId: other.companyId });
    await ctx.db.update(dnids).set({ teamId: teamB.id }).where(eq(dnids.id, foreignDnid.id));
    const none = { dnids: 0, tgids: 0, enids: 0, terminals: 0, pushProcesses: 0, commandLists: 0 };
    assert.deepEqual(await impact(company.id), {
      id: company.id,
      name: company.name,
      deletes: { teams: 2, users: 3, files: 1 },
      unlinks: { dnids: 1, tgidShares: 2, enidShares: 0, ruls: 0 },
      blockers: none,
      ownCompany: false,
    });

    // What blocks it, as the refusal names it.
    const blocked = await ctx.f.company();
    const team = await ctx.f.team({ companyId: blocked.id });
    const tgid = await ctx.f.tgid({ teamId: team.id });
    await terminal(ctx, tgid.id);
    await ctx.f.dnid({ companyId: blocked.id });
    await ctx.f.dnid({ companyId: blocked.id });
    await commandList(ctx, blocked.id);
    const b = await impact(blocked.id);
    assert.deepEqual(b.blockers, { ...none, dnids: 2, tgids: 1, terminals: 1, commandLists: 1 });
    const refused = await ctx.call("GET", `/rest/companies/delete?id=${blocked.id}`, { token });
    assert.equal(
      refused.body.message,
      "Unable to delete company: the company has 2 dnids, 1 tgid, 1 terminal and 1 command list",
    );

    assert.equal((await impact(user.companyId)).ownCompany, true);
    const missing = await ctx.call("GET", "/rest/companies/deleteImpact?id=2147483000", { token });
    assert.equal(missing.status, 404);
  },
);

dbTest(
  "[rest/companies] delete with a name confirms: another name is refused, nothing deleted",
  async (ctx) => {
    const { token } = await admin(ctx);
    const company = await ctx.f.company(unique("Confirm Me"));
    const team = await ctx.f.team({ companyId: company.id });
    await ctx.f.user({ teamId: team.id, companyId: company.id });
    const before = await footprint(ctx, company.id);
    const del = (name: string) =>
      ctx.call(
        "GET",
        `/rest/companies/delete?id=${company.id}&name=${encodeURIComponent(name)}`,
        { token },
      );
    for (const wrong of ["Another name", company.name.toUpperCase(), `${company.name}x`]) {
      const r = await del(wrong);
      assert.equal(r.status, 409, wrong);
      assert.equal(
        r.body.message,
        `Unable to delete company: its name is "${company.name}", not the name given`,
      );
      assert.deepEqual(await footprint(ctx, company.id), before, "nothing changed");
    }
    const bad = await del("a\u0000b");
    assert.equal(bad.status, 400);
    assert.equal(bad.body.fields[0].path, "name");

    // Its own name (typed with blanks around: trimmed), and it is gone with its team and user.
    const r = await del(` ${company.name} `);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body, { id: company.id, name: company.name, teams: 1, users: 1 });
  },
);

dbTest("[rest/companies] an administrator cannot delete their own company", async (ctx) => {
  const { token, user } = await admin(ctx);
  const r = await ctx.call("GET", `/rest/companies/delete?id=${user.companyId}`, { token });
  assert.equal(r.status, 409);
  assert.equal(r.body.message, "Unable to delete company: it is your own company");
  assert.equal(await countRows(ctx, "users", `key = ${user.key}`), 1);
});

// ---- find ----

dbTest("[rest/companies] find filters, sorts and pages with the totals", async (ctx) => {
  const { token } = await admin(ctx);
  const tag = unique("Find");
  const made = [];
  for (const suffix of ["c", "a", "d", "b"]) made.push(await ctx.f.company(`${tag}-${suffix}`));
  await ctx.f.team({ companyId: made[0].id });
  const [total] = await executeRows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n from companies`,
  );

  const r = await ctx.call("POST", "/rest/companies/find", {
    token,
    json: { filter: { name: tag.toUpperCase() }, count: 3, page: 1 },
  });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body.results.map((c: { name: string }) => c.name), [
    `${tag}-a`,
    `${tag}-b`,
    `${tag}-c`,
  ]);
  assert.deepEqual(r.body.results[2], {
    id: made[0].id,
    name: `${tag}-c`,
    teamCount: 1,
    userCount: 0,
  });
  assert.equal(r.body.filtered, 4);
  assert.ok(r.body.total >= Number(total.n));

  const page2 = await ctx.call("POST", "/rest/companies/find", {
    token,
    json: { filter: { name: tag }, count: 3, page: 2 },
  });
  assert.deepEqual(page2.body.results.map((c: { name: string }) => c.name), [`${tag}-d`]);

  const byIdDesc = await ctx.call("POST", "/rest/companies/find", {
    token,
    json: { filter: { name: tag }, sorting: { field: "id", direction: "desc" } },
  });
  assert.deepEqual(
    byIdDesc.body.results.map((c: { id: number }) => c.id),
    made.map((c) => c.id).sort((a, b) => b - a),
  );

  const byId = await ctx.call("POST", "/rest/companies/find", {
    token,
    json: { filter: { id: String(made[1].id) } },
  });
  assert.deepEqual(byId.body.results.map((c: { id: number }) => c.id), [made[1].id]);

  const wildcard = await ctx.call("POST", "/rest/companies/find", {
    token,
    json: { filter: { name: `${tag}%` } },
  });
  assert.equal(wildcard.body.filtered, 0);

  for (
    const [json, message] of [
      [{ filter: { id: "x" } }, "Id must be a whole number"],
      [{ sorting: { field: "teamCount" } }, "Sort by one of: id, name"],
      [{ count: 0 }, "count must be at least 1"],
      [{ filter: { other: 1 } }, undefined],
    ] as const
  ) {
    const bad = await ctx.call("POST", "/rest/companies/find", { token, json });
    assert.equal(bad.status, 400, JSON.stringify(json));
    if (message) assert.equal(bad.body.message, message);
  }
});

// ---- permissions ----

dbTest("[rest/companies] every call is for administrators: a client gets 403", async (ctx) => {
  const { token } = await session(ctx, 100);
  const company = await ctx.f.company();
  const calls: [string, string, unknown?][] = [
    ["GET", "/rest/companies/search?query=a"],
    ["GET", `/rest/companies/get?id=${company.id}`],
    ["GET", `/rest/companies/getDetails?id=${company.id}`],
    ["GET", "/rest/companies/hierarchy"],
    ["GET", "/rest/companies/all"],
    ["POST", "/rest/companies/find", {}],
    ["POST", "/rest/companies/add", { name: unique("Nope") }],
    ["POST", "/rest/companies/update", { id: company.id, name: unique("Nope") }],
    ["GET", `/rest/companies/delete?id=${company.id}`],
  ];
  await assertAdminOnly(ctx, token, calls);
  const [row] = await ctx.db.select().from(companies).where(eq(companies.id, company.id));
  assert.equal(row.name, company.name);
});

// ---- pages ----

dbTest(
  "[pages/companies] the list's first page and a company's page are rendered on the server",
  async (ctx) => {
    const { cookie } = await admin(ctx);
    const tag = unique("Page");
    const company = await ctx.f.company(`${tag} & Sons`);
    const team = await ctx.f.team({ companyId: company.id, name: "Deck <crew>" });
    await ctx.f.company(`${tag} Other`);

    const list = await ctx.call("GET", `/administration/companies?filter.name=${tag}%20%26`, {
      cookie,
    });
    assert.equal(list.status, 200);
    const listHtml = html(list.body);
    assert.equal(h1(listHtml), "Companies");
    assert.match(listHtml, new RegExp(`href="/administration/companies/${company.id}"`));
    assert.doesNotMatch(listHtml, new RegExp(`${tag} Other`));

    const page = await ctx.call("GET", `/administration/companies/${company.id}`, { cookie });
    assert.equal(page.status, 200);
    const pageHtml = html(page.body);
    // Labelled with the company's name (escaped), in the heading and the title.
    assert.equal(h1(pageHtml), `${tag} &amp; Sons`);
    assert.match(pageHtml, new RegExp(`<title>${tag} &#38; Sons · `));
    assert.match(pageHtml, new RegExp(`href="/administration/teams/${team.id}"`));
    assert.match(pageHtml, /Deck &lt;crew&gt;/);

    for (const bad of ["2147483000", "abc", "0", "99999999999"]) {
      const r = await ctx.call("GET", `/administration/companies/${bad}`, { cookie });
      assert.equal(r.status, 302, bad);
      assert.equal(r.res.headers.get("location"), "/error/404", bad);
    }

    const c = await session(ctx, 100);
    const denied = await ctx.call("GET", `/administration/companies/${company.id}`, {
      cookie: c.cookie,
    });
    assert.equal(denied.status, 302);
    assert.equal(denied.res.headers.get("location"), "/error/403");
  },
);
