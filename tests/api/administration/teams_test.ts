import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { dbTest } from "../../fixtures/app.ts";
import { unique } from "../../fixtures/factories.ts";
import {
  admin,
  assertAdminOnly,
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
  enidTeams,
  mtls,
  pushProcesses,
  teams,
  users,
} from "../../../db/schema/mod.ts";
import { ADMIN_MESSAGES } from "../../../openapi/schemas/messages.ts";
import { DEFAULT_TEAM_RIGHTS } from "../../../openapi/enums.ts";
import { UNKNOWN_RIGHTS } from "../../../openapi/schemas/teams.ts";

// ---- create ----

dbTest("[rest/teams] create: rights default to 100, the company is required", async (ctx) => {
  const { token } = await admin(ctx);
  const company = await ctx.f.company();
  const name = unique("Team");
  const r = await ctx.call("POST", "/rest/teams/create", {
    token,
    json: { team: { name: ` ${name} `, company: company.id } },
  });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, {
    id: r.body.id,
    name,
    company: { id: company.id, name: company.name },
    rights: DEFAULT_TEAM_RIGHTS,
    mtlInfoActive: false,
    mtlInfoFtp: false,
  });
  const [row] = await ctx.db.select().from(teams).where(eq(teams.id, r.body.id));
  assert.equal(row.rights, 100);
  assert.equal(row.companyId, company.id);

  // The picker's value {id, name} is accepted as it is; every field is kept.
  const full = await ctx.call("POST", "/rest/teams/create", {
    token,
    json: {
      team: {
        name: unique("Care"),
        company: { id: company.id, name: company.name },
        rights: 15,
        mtlInfoActive: true,
        mtlInfoFtp: true,
      },
    },
  });
  assert.equal(full.status, 200);
  assert.equal(full.body.rights, 15);
  assert.equal(full.body.mtlInfoActive, true);
  assert.equal(full.body.mtlInfoFtp, true);

  // Without a (valid, known) company: exactly 'Please select a company'.
  for (
    const company of [undefined, null, 0, "12", { name: "x" }, { id: null }, 2147483000]
  ) {
    const bad = await ctx.call("POST", "/rest/teams/create", {
      token,
      json: { team: { name: unique("T"), company } },
    });
    assert.equal(bad.status, 400, JSON.stringify(company));
    assert.equal(bad.body.code, 400);
    assert.equal(bad.body.message, ADMIN_MESSAGES.selectCompany, JSON.stringify(company));
    assert.deepEqual(bad.body.fields, [{
      path: "team.company",
      message: ADMIN_MESSAGES.selectCompany,
    }]);
  }

  for (
    const [team, message] of [
      [{ company: company.id }, "Name is required"],
      [{ name: "  ", company: company.id }, "Name is required"],
      [{ name: "x".repeat(101), company: company.id }, "Name must have at most 100 characters"],
      [{ name: unique("T"), company: company.id, rights: 5 }, UNKNOWN_RIGHTS],
      [{ name: unique("T"), company: company.id, rights: "100" }, UNKNOWN_RIGHTS],
    ] as const
  ) {
    const bad = await ctx.call("POST", "/rest/teams/create", { token, json: { team } });
    assert.equal(bad.status, 400, JSON.stringify(team));
    assert.equal(bad.body.message, message);
  }
  const noTeam = await ctx.call("POST", "/rest/teams/create", { token, json: {} });
  assert.equal(noTeam.status, 400);

  // A second team of the same name in the company is refused; in another company it is fine.
  const dup = await ctx.call("POST", "/rest/teams/create", {
    token,
    json: { team: { name, company: company.id } },
  });
  assert.equal(dup.status, 409);
  assert.deepEqual(dup.body, {
    code: 23000,
    message: `${company.name} already has a team named "${name}"`,
  });
  const elsewhere = await ctx.call("POST", "/rest/teams/create", {
    token,
    json: { team: { name, company: (await ctx.f.company()).id } },
  });
  assert.equal(elsewhere.status, 200);
});

dbTest("[rest/teams] nobody grants rights above their own", async (ctx) => {
  const { token } = await session(ctx, 11); // Tech Sup
  const company = await ctx.f.company();
  for (const rights of [0, 1]) {
    const r = await ctx.call("POST", "/rest/teams/create", {
      token,
      json: { team: { name: unique("T"), company: company.id, rights } },
    });
    assert.equal(r.status, 403);
    assert.equal(r.body.message, "You cannot grant rights above your own");
  }
  const same = await ctx.call("POST", "/rest/teams/create", {
    token,
    json: { team: { name: unique("T"), company: company.id, rights: 11 } },
  });
  assert.equal(same.status, 200);
  // Nor edits or deletes a team holding such rights.
  const superTeam = await ctx.f.team({ rights: 0 });
  const edit = await ctx.call("POST", "/rest/teams/update", {
    token,
    json: {
      team: { id: superTeam.id, name: "Demoted", company: superTeam.companyId, rights: 100 },
    },
  });
  assert.equal(edit.status, 403);
  const del = await ctx.call("POST", "/rest/teams/delete", {
    token,
    json: { teamId: superTeam.id },
  });
  assert.equal(del.status, 403);
  assert.equal(await countRows(ctx, "teams", `id = ${superTeam.id} and rights = 0`), 1);
});

// ---- get, all, find ----

dbTest(
  "[rest/teams] get: the team with its company, users, tgids, enids and dnids",
  async (ctx) => {
    const { token } = await admin(ctx);
    const team = await ctx.f.team({ name: "Fleet", rights: 100 });
    const [company] = await ctx.db.select().from(companies).where(eq(companies.id, team.companyId));
    const user = await ctx.f.user({ teamId: team.id, companyId: team.companyId });
    const owned = await ctx.f.tgid({ teamId: team.id, label: "Own" });
    const owner = await ctx.f.team({ name: "Owner" });
    const shared = await ctx.f.tgid({ teamId: owner.id, label: null, sharedWith: [team.id] });
    const e = await enid(ctx, team.companyId, [team.id]);
    const dnid = await ctx.f.dnid({ companyId: team.companyId, tgidId: owned.id });
    await ctx.db.update(dnids).set({ teamId: team.id }).where(eq(dnids.id, dnid.id));

    const r = await ctx.call("GET", `/rest/teams/get?id=${team.id}`, { token });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, {
      id: team.id,
      name: "Fleet",
      company: { id: company.id, name: company.name },
      rights: 100,
      mtlInfoActive: false,
      mtlInfoFtp: false,
      users: [{ id: user.id, name: "Test User", mail: user.mail, active: true }],
      tgids: [
        { id: owned.id, label: "Own", shared: false, team: { id: team.id, name: "Fleet" } },
        {
          id: shared.id,
          label: String(shared.id),
          shared: true,
          team: { id: owner.id, name: "Owner" },
        },
      ],
      enids: [{ id: e.id, rulLes: 21, rulId: e.rulId }],
      dnids: [{ id: dnid.id, les: 21, tgid: { id: owned.id, label: "Own" } }],
    });

    const missing = await ctx.call("GET", "/rest/teams/get?id=2147483000", { token });
    assert.equal(missing.status, 404);
    assert.deepEqual(missing.body, { code: 404, message: "Team 2147483000 not found" });
    const bad = await ctx.call("GET", "/rest/teams/get?id=x", { token });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, "Id is not in a valid format");
  },
);

dbTest("[rest/teams] all: every team with its company, rights and counts", async (ctx) => {
  const { token } = await admin(ctx);
  const tag = unique("AllT");
  const company = await ctx.f.company();
  const b = await ctx.f.team({ companyId: company.id, name: `${tag}-b`, rights: 15 });
  const a = await ctx.f.team({ companyId: company.id, name: `${tag}-a` });
  await ctx.f.user({ teamId: b.id, companyId: company.id });
  await ctx.f.tgid({ teamId: b.id });
  await ctx.f.tgid({ teamId: b.id });
  const r = await ctx.call("GET", "/rest/teams/all", { token });
  assert.equal(r.status, 200);
  const mine = r.body.filter((t: { name: string }) => t.name.startsWith(tag));
  const ref = { id: company.id, name: company.name };
  const flags = { mtlInfoActive: false, mtlInfoFtp: false };
  assert.deepEqual(mine, [
    { id: a.id, name: a.name, company: ref, rights: 100, ...flags, userCount: 0, tgidCount: 0 },
    { id: b.id, name: b.name, company: ref, rights: 15, ...flags, userCount: 1, tgidCount: 2 },
  ]);
});

dbTest("[rest/teams] find filters by id, name, company and rights; sorts; pages", async (ctx) => {
  const { token } = await admin(ctx);
  const tag = unique("FindT");
  const c1 = await ctx.f.company(`${tag} Zeta`);
  const c2 = await ctx.f.company(`${tag} Alpha`);
  const t1 = await ctx.f.team({ companyId: c1.id, name: `${tag}-1`, rights: 100 });
  const t2 = await ctx.f.team({ companyId: c2.id, name: `${tag}-2`, rights: 15 });
  const t3 = await ctx.f.team({ companyId: c2.id, name: `${tag}-3`, rights: 100 });
  const find = (json: unknown) => ctx.call("POST", "/rest/teams/find", { token, json });
  const ids = (r: { body: { results: { id: number }[] } }) => r.body.results.map((t) => t.id);

  const byName = await find({ filter: { name: tag } });
  assert.equal(byName.status, 200);
  assert.deepEqual(ids(byName), [t1.id, t2.id, t3.id]);
  assert.equal(byName.body.filtered, 3);
  assert.ok(byName.body.total >= 3);
  assert.deepEqual(byName.body.results[0], {
    id: t1.id,
    name: t1.name,
    company: { id: c1.id, name: c1.name },
    rights: 100,
    mtlInfoActive: false,
    mtlInfoFtp: false,
    userCount: 0,
    tgidCount: 0,
  });

  assert.deepEqual(ids(await find({ filter: { name: tag, rights: "15" } })), [t2.id]);
  assert.deepEqual(ids(await find({ filter: { company: "alpha", name: tag } })), [t2.id, t3.id]);
  // A number matches the company's id (or a name containing it).
  assert.deepEqual(ids(await find({ filter: { company: String(c1.id), name: tag } })), [t1.id]);
  assert.deepEqual(ids(await find({ filter: { id: t3.id } })), [t3.id]);
  assert.deepEqual(
    ids(await find({ filter: { name: tag }, sorting: { field: "company", direction: "asc" } })),
    [t2.id, t3.id, t1.id],
  );
  assert.deepEqual(
    ids(await find({ filter: { name: tag }, sorting: { field: "rights", direction: "desc" } })),
    [t3.id, t1.id, t2.id],
  );
  const page2 = await find({ filter: { name: tag }, count: 2, page: 2 });
  assert.deepEqual(ids(page2), [t3.id]);

  const bad = await find({ sorting: { field: "users" } });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.message, "Sort by one of: id, name, company, rights");
  const badRights = await find({ filter: { rights: "x" } });
  assert.equal(badRights.body.message, UNKNOWN_RIGHTS);
});

// ---- update ----

dbTest("[rest/teams] update edits; 404 unknown; the company rules as on create", async (ctx) => {
  const { token } = await admin(ctx);
  const team = await ctx.f.team({ rights: 100 });
  const name = unique("Edited");
  const r = await ctx.call("POST", "/rest/teams/update", {
    token,
    json: {
      team: {
        id: team.id,
        name,
        company: team.companyId,
        rights: 20,
        mtlInfoActive: true,
        mtlInfoFtp: false,
      },
    },
  });
  assert.equal(r.status, 200);
  assert.equal(r.body.name, name);
  assert.equal(r.body.rights, 20);
  assert.equal(r.body.mtlInfoActive, true);

  // Left-out rights and flags keep their value.
  const partial = await ctx.call("POST", "/rest/teams/update", {
    token,
    json: { team: { id: team.id, name, company: team.companyId } },
  });
  assert.equal(partial.body.rights, 20);
  assert.equal(partial.body.mtlInfoActive, true);

  const noCompany = await ctx.call("POST", "/rest/teams/update", {
    token,
    json: { team: { id: team.id, name } },
  });
  assert.equal(noCompany.status, 400);
  assert.equal(noCompany.body.message, ADMIN_MESSAGES.selectCompany);
  const unknownCompany = await ctx.call("POST", "/rest/teams/update", {
    token,
    json: { team: { id: team.id, name, company: 2147483000 } },
  });
  assert.equal(unknownCompany.status, 400);
  assert.equal(unknownCompany.body.message, ADMIN_MESSAGES.selectCompany);

  const missing = await ctx.call("POST", "/rest/teams/update", {
    token,
    json: { team: { id: 2147483000, name, company: team.companyId } },
  });
  assert.equal(missing.status, 404);
  assert.equal(missing.body.message, "Team 2147483000 not found");

  const [row] = await ctx.db.select().from(teams).where(eq(teams.id, team.id));
  assert.equal(row.rights, 20);
  assert.equal(row.companyId, team.companyId);
});

dbTest(
  "[rest/teams] moving a team to another company moves its users and drops the old company's dnids and enids",
  async (ctx) => {
    const { token } = await admin(ctx);
    const team = await ctx.f.team();
    const target = await ctx.f.company();
    const u1 = await ctx.f.user({ teamId: team.id, companyId: team.companyId });
    const u2 = await ctx.f.user({ teamId: team.id, companyId: team.companyId });
    const tgid = await ctx.f.tgid({ teamId: team.id });
    const oldDnid = await ctx.f.dnid({ companyId: team.companyId });
    await ctx.db.update(dnids).set({ teamId: team.id }).where(eq(dnids.id, oldDnid.id));
    const oldEnid = await enid(ctx, team.companyId, [team.id]);
    const newEnid = await enid(ctx, target.id, [team.id]);
    const port = await pushProcess(ctx, team.id);

    const r = await ctx.call("POST", "/rest/teams/update", {
      token,
      json: { team: { id: team.id, name: team.name, company: { id: target.id } } },
    });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.company, { id: target.id, name: target.name });

    for (const u of [u1, u2]) {
      const [row] = await ctx.db.select().from(users).where(eq(users.key, u.key));
      assert.equal(row.companyId, target.id);
      assert.equal(row.teamId, team.id);
    }
    const [d] = await ctx.db.select().from(dnids).where(eq(dnids.id, oldDnid.id));
    assert.equal(d.teamId, null);
    assert.equal(d.companyId, team.companyId);
    const shares = await ctx.db.select().from(enidTeams).where(eq(enidTeams.teamId, team.id));
    assert.deepEqual(shares.map((s) => s.enidId), [newEnid.id]);
    assert.equal(await countRows(ctx, "enids", `id = ${oldEnid.id}`), 1);
    assert.equal(await countRows(ctx, "tgids", `id = ${tgid.id} and team_id = ${team.id}`), 1);
    const [p] = await ctx.db.select().from(pushProcesses).where(eq(pushProcesses.id, port.id));
    assert.equal(p.teamId, team.id);

    // The company pages follow: the team and its users are the new company's.
    const details = await ctx.call("GET", `/rest/companies/getDetails?id=${target.id}`, { token });
    assert.deepEqual(details.body.teams.map((t: { id: number }) => t.id), [team.id]);
    assert.equal(details.body.users.length, 2);
  },
);

dbTest("[rest/teams] an administrator's own team keeps administrator rights", async (ctx) => {
  const { token, user } = await admin(ctx);
  const [team] = await ctx.db.select().from(teams).where(eq(teams.id, user.teamId));
  const r = await ctx.call("POST", "/rest/teams/update", {
    token,
    json: { team: { id: team.id, name: team.name, company: team.companyId, rights: 100 } },
  });
  assert.equal(r.status, 409);
  assert.equal(r.body.message, "You cannot take the administrator rights from your own team");
  const ok = await ctx.call("POST", "/rest/teams/update", {
    token,
    json: { team: { id: team.id, name: unique("Mine"), company: team.companyId, rights: 15 } },
  });
  assert.equal(ok.status, 200);
});

// ---- delete ----

dbTest(
  "[rest/teams] delete is refused while the team has users or tgids; nothing changes",
  async (ctx) => {
    const { token } = await admin(ctx);
    const withUsers = await ctx.f.team();
    await ctx.f.user({ teamId: withUsers.id, companyId: withUsers.companyId });
    await ctx.f.tgid({ teamId: withUsers.id });
    const r = await ctx.call("POST", "/rest/teams/delete", {
      token,
      json: { teamId: withUsers.id },
    });
    assert.equal(r.status, 409);
    assert.deepEqual(r.body, { code: 409, message: "Unable to delete team: the team has users" });
    assert.equal(r.body.message, ADMIN_MESSAGES.teamHasUsers);
    assert.equal(await countRows(ctx, "teams", `id = ${withUsers.id}`), 1);
    assert.equal(await countRows(ctx, "users", `team_id = ${withUsers.id}`), 1);

    const withTgids = await ctx.f.team();
    const tgid = await ctx.f.tgid({ teamId: withTgids.id });
    await terminal(ctx, tgid.id);
    const dnid = await ctx.f.dnid({ companyId: withTgids.companyId });
    await ctx.db.update(dnids).set({ teamId: withTgids.id }).where(eq(dnids.id, dnid.id));
    const t = await ctx.call("POST", "/rest/teams/delete", {
      token,
      json: { teamId: withTgids.id },
    });
    assert.equal(t.status, 409);
    assert.deepEqual(t.body, { code: 409, message: "Unable to delete team: the team has tgids" });
    assert.equal(await countRows(ctx, "teams", `id = ${withTgids.id}`), 1);
    assert.equal(await countRows(ctx, "tgids", `team_id = ${withTgids.id}`), 1);
    const [d] = await ctx.db.select().from(dnids).where(eq(dnids.id, dnid.id));
    assert.equal(d.teamId, withTgids.id, "the dnid keeps its team");

    const missing = await ctx.call("POST", "/rest/teams/delete", {
      token,
      json: { teamId: 2147483000 },
    });
    assert.equal(missing.status, 404);
    const bad = await ctx.call("POST", "/rest/teams/delete", { token, json: {} });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, "Team id is not in a valid format");
  },
);

dbTest(
  "[rest/teams] delete unlinks dnids and push processes, drops shares, and deletes the team",
  async (ctx) => {
    const { token } = await admin(ctx);
    const team = await ctx.f.team();
    const dnid = await ctx.f.dnid({ companyId: team.companyId });
    await ctx.db.update(dnids).set({ teamId: team.id }).where(eq(dnids.id, dnid.id));
    const port = await pushProcess(ctx, team.id);
    const owner = await ctx.f.team();
    const shared = await ctx.f.tgid({ teamId: owner.id, sharedWith: [team.id] });
    const e = await enid(ctx, team.companyId, [team.id]);

    const r = await ctx.call("POST", "/rest/teams/delete", { token, json: { teamId: team.id } });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { id: team.id, name: team.name });
    assert.equal(await countRows(ctx, "teams", `id = ${team.id}`), 0);
    const [d] = await ctx.db.select().from(dnids).where(eq(dnids.id, dnid.id));
    assert.equal(d.teamId, null);
    const [p] = await ctx.db.select().from(pushProcesses).where(eq(pushProcesses.id, port.id));
    assert.equal(p.teamId, null);
    assert.equal(await countRows(ctx, "tgid_teams", `tgid_id = ${shared.id}`), 0);
    assert.equal(await countRows(ctx, "tgids", `id = ${shared.id}`), 1);
    assert.equal(await countRows(ctx, "enid_teams", `enid_id = ${e.id}`), 0);
    assert.equal(await countRows(ctx, "enids", `id = ${e.id}`), 1);
  },
);

// ---- open ports, mtls ----

dbTest("[rest/teams] openPorts: the push processes assigned to the team, by port", async (ctx) => {
  const { token } = await admin(ctx);
  const team = await ctx.f.team();
  const high = await pushProcess(ctx, team.id, 30_001);
  const low = await pushProcess(ctx, team.id, 30_000);
  await pushProcess(ctx, (await ctx.f.team()).id, 30_002);
  const r = await ctx.call("GET", `/rest/teams/openPorts?teamId=${team.id}`, { token });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, [
    { id: low.id, hostname: "pushc", port: 30_000, mode: "D", protocol: "TCP" },
    { id: high.id, hostname: "pushc", port: 30_001, mode: "D", protocol: "TCP" },
  ]);
  const none = await ctx.call("GET", `/rest/teams/openPorts?teamId=${(await ctx.f.team()).id}`, {
    token,
  });
  assert.deepEqual(none.body, []);
  const missing = await ctx.call("GET", "/rest/teams/openPorts?teamId=2147483000", { token });
  assert.equal(missing.status, 404);
  const bad = await ctx.call("GET", "/rest/teams/openPorts", { token });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.message, "Team id is required");
});

dbTest(
  "[rest/teams] getMtls lists the mtls; addMtl records a serial, creating the mtl if new",
  async (ctx) => {
    const { token } = await admin(ctx);
    const tgid = await ctx.f.tgid();
    const imn = String(randomId());
    const device = await terminal(ctx, tgid.id, { imn, serial: "OLD" });

    const list = await ctx.call("GET", "/rest/teams/getMtls", { token });
    assert.equal(list.status, 200);
    const mine = list.body.find((m: { imn: string }) => m.imn === imn);
    assert.deepEqual(mine, {
      imn,
      serial: "OLD",
      model: "TT-3026",
      isValid: true,
      miniC: false,
      deviceId: device.deviceId,
    });
    const imns = list.body.map((m: { imn: string }) => m.imn);
    assert.deepEqual(imns, [...imns].sort());

    const updated = await ctx.call("POST", "/rest/teams/addMtl", {
      token,
      json: { mtlId: imn, sn: " NEW-1 " },
    });
    assert.equal(updated.status, 200);
    assert.deepEqual(updated.body, { ...mine, serial: "NEW-1", created: false });

    const fresh = String(randomId());
    const created = await ctx.call("POST", "/rest/teams/addMtl", {
      token,
      json: { mtlId: Number(fresh), sn: "SN-9" },
    });
    assert.equal(created.status, 200);
    assert.deepEqual(created.body, {
      imn: fresh,
      serial: "SN-9",
      model: null,
      isValid: true,
      miniC: false,
      deviceId: null,
      created: true,
    });
    const [row] = await ctx.db.select().from(mtls).where(eq(mtls.imn, fresh));
    assert.equal(row.serial, "SN-9");

    for (
      const [json, message] of [
        [{ mtlId: "12ab", sn: "x" }, "Mtl id is not in a valid format"],
        [{ mtlId: "", sn: "x" }, "Mtl id is not in a valid format"],
        [{ sn: "x" }, "Mtl id is not in a valid format"],
        [{ mtlId: fresh }, "Serial number is required"],
        [{ mtlId: fresh, sn: "x".repeat(65) }, "Serial number must have at most 64 characters"],
      ] as const
    ) {
      const bad = await ctx.call("POST", "/rest/teams/addMtl", { token, json });
      assert.equal(bad.status, 400, JSON.stringify(json));
      assert.equal(bad.body.message, message, JSON.stringify(json));
    }
  },
);

// ---- permissions ----

dbTest("[rest/teams] every call is for administrators: a client gets 403", async (ctx) => {
  const { token } = await session(ctx, 100);
  const team = await ctx.f.team();
  const calls: [string, string, unknown?][] = [
    ["GET", "/rest/teams/search?query=a"],
    ["GET", `/rest/teams/get?id=${team.id}`],
    ["GET", "/rest/teams/all"],
    ["POST", "/rest/teams/find", {}],
    ["GET", `/rest/teams/openPorts?teamId=${team.id}`],
    ["GET", "/rest/teams/getMtls"],
    ["POST", "/rest/teams/addMtl", { mtlId: "123", sn: "x" }],
    ["POST", "/rest/teams/create", { team: { name: unique("T"), company: team.companyId } }],
    ["POST", "/rest/teams/update", { team: { id: team.id, name: "x", company: team.companyId } }],
    ["POST", "/rest/teams/delete", { teamId: team.id }],
  ];
  await assertAdminOnly(ctx, token, calls);
  assert.equal(await countRows(ctx, "teams", `id = ${team.id}`), 1);
  assert.equal(await countRows(ctx, "mtls", `imn = '123'`), 0);
});

// ---- pages ----

dbTest("[pages/teams] the list and a team's page are rendered on the server", async (ctx) => {
  const { cookie } = await admin(ctx);
  const tag = unique("TPage");
  const team = await ctx.f.team({ name: `${tag} Ops`, rights: 15 });
  await pushProcess(ctx, team.id, 31_234);
  await ctx.f.team({ name: `${tag} Else` });

  const list = await ctx.call(
    "GET",
    `/administration/teams/?filter.name=${encodeURIComponent(`${tag} Ops`)}`,
    { cookie },
  );
  assert.equal(list.status, 200);
  const listHtml = html(list.body);
  assert.equal(h1(listHtml), "Teams");
  assert.match(listHtml, new RegExp(`href="/administration/teams/${team.id}"`));
  assert.match(listHtml, /15 Customer Care/);
  assert.doesNotMatch(listHtml, new RegExp(`${tag} Else`));

  const page = await ctx.call("GET", `/administration/teams/${team.id}`, { cookie });
  assert.equal(page.status, 200);
  const pageHtml = html(page.body);
  assert.equal(h1(pageHtml), `${tag} Ops`);
  assert.match(pageHtml, new RegExp(`href="/administration/companies/${team.companyId}"`));
  assert.match(pageHtml, /31234/);

  for (const bad of ["2147483000", "x"]) {
    const r = await ctx.call("GET", `/administration/teams/${bad}`, { cookie });
    assert.equal(r.status, 302, bad);
    assert.equal(r.res.headers.get("location"), "/error/404", bad);
  }
});
