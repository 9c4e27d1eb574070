/** The administrators' user calls (portal-shell §7 Users; docs/decisions/0008). */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { type Ctx, dbTest, signIn } from "../../fixtures/app.ts";
import { TEST_PASSWORD, unique } from "../../fixtures/factories.ts";
import { userAliases, users } from "../../../db/schema/mod.ts";
import { ADMIN_MESSAGES } from "../../../openapi/schemas/messages.ts";
import { USER_MESSAGES } from "../../../openapi/schemas/users/users.ts";
import { DEFAULT_USER_QUOTA } from "../../../openapi/enums.ts";

const mail = (prefix = "u") => `${unique(prefix)}@users.example`.toLowerCase();

/** An administrator signed in, and a company with two teams to put users in. */
async function setup(ctx: Ctx) {
  const admin = await ctx.f.user({ rights: 1 });
  const { token } = await signIn(ctx, admin.id, TEST_PASSWORD);
  const company = await ctx.f.company();
  const team = await ctx.f.team({ companyId: company.id });
  const team2 = await ctx.f.team({ companyId: company.id });
  const post = (path: string, json: unknown) =>
    ctx.call("POST", `/rest/users/${path}`, { token, json });
  const get = (path: string) => ctx.call("GET", `/rest/users/${path}`, { token });
  return { admin, token, company, team, team2, post, get };
}

dbTest(
  "[rest/users] create: defaults are web access only, 10 e-mails per hour, active",
  async (ctx) => {
    const s = await setup(ctx);
    const id = mail();
    const r = await s.post("create", {
      company: s.company.id,
      team: s.team.id,
      id: id.toUpperCase(),
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.id, id, "the id is stored lower-cased");
    assert.equal(r.body.mail, id, "the mail defaults to the id");
    assert.equal(r.body.webAccess, true);
    for (const k of ["wsAccess", "ftpAccess", "messagingCAccess", "telnetAccess", "smtpAccess"]) {
      assert.equal(r.body[k], false, k);
    }
    assert.equal(r.body.downloadDnid, false);
    assert.equal(r.body.quota, DEFAULT_USER_QUOTA);
    assert.equal(r.body.active, true);
    assert.equal(r.body.hasPassword, false);
    assert.equal(r.body.passwordHash, undefined);
    assert.deepEqual(r.body.company, { id: s.company.id, name: s.company.name });
    assert.deepEqual(r.body.team, { id: s.team.id, name: s.team.name, rights: 100 });
    assert.deepEqual(r.body.mailLogin, []);

    // The answer is the user and their set-password link (tests/api/administration/password_mail_test.ts).
    const { passwordLink, ...user } = r.body;
    assert.equal(passwordLink.mailed, false);
    const read = await s.get(`getUser?user=${encodeURIComponent(id)}`);
    assert.equal(read.status, 200);
    assert.deepEqual(read.body, user);
  },
);

dbTest("[rest/users] create and getUser: every field of the write shape", async (ctx) => {
  const s = await setup(ctx);
  const id = mail();
  const [a1, a2] = [mail("alias"), mail("alias")];
  const r = await s.post("create", {
    company: s.company.id,
    team: s.team.id,
    id,
    mail: "Other@Mail.Example",
    firstName: " Jane ",
    lastName: "Doe",
    webAccess: false,
    wsAccess: true,
    ftpAccess: true,
    messagingC: { access: true, rul: 4321 },
    downloadDnid: 1,
    customerCareCase: "CASE-12",
    telnet: { access: true, address: "10.0.0.1:23" },
    smtp: { access: true, pgpId: "ABCDEF", pgpContent: "-----BEGIN PGP-----", quota: 25 },
    active: false,
    aliases: [a2, a1.toUpperCase(), a1],
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const u = r.body;
  assert.equal(u.mail, "other@mail.example");
  assert.equal(u.firstName, "Jane");
  assert.equal(u.lastName, "Doe");
  assert.deepEqual(
    [u.webAccess, u.wsAccess, u.ftpAccess, u.messagingCAccess, u.telnetAccess, u.smtpAccess],
    [false, true, true, true, true, true],
  );
  assert.equal(u.messagingCRul, 4321);
  assert.equal(u.downloadDnid, true);
  assert.equal(u.subject, "CASE-12");
  assert.equal(u.telnetAddress, "10.0.0.1:23");
  assert.equal(u.gpgId, "ABCDEF");
  assert.equal(u.gpgContent, "-----BEGIN PGP-----");
  assert.equal(u.quota, 25);
  assert.equal(u.active, false);
  assert.deepEqual(u.mailLogin, [a1, a2].sort().map((m) => ({ user_id: id, mail: m })));

  // downloadDnid 0 means false.
  const zero = await s.post("create", {
    company: s.company.id,
    team: s.team.id,
    id: mail(),
    downloadDnid: 0,
  });
  assert.equal(zero.body.downloadDnid, false);
});

dbTest("[rest/users] create: company and team are required, and must go together", async (ctx) => {
  const s = await setup(ctx);
  const other = await ctx.f.team();
  const cases: [Record<string, unknown>, string][] = [
    [{ team: s.team.id, id: mail() }, ADMIN_MESSAGES.selectCompanyAndTeam],
    [{ company: s.company.id, id: mail() }, ADMIN_MESSAGES.selectCompanyAndTeam],
    [{ company: null, team: null, id: "not an e-mail" }, ADMIN_MESSAGES.selectCompanyAndTeam],
    [{ company: s.company.id, team: other.id, id: mail() }, USER_MESSAGES.teamNotInCompany],
    [{ company: s.company.id, team: 2_000_000_000, id: mail() }, USER_MESSAGES.unknownTeam],
    [{ company: 2_000_000_000, team: s.team.id, id: mail() }, USER_MESSAGES.unknownCompany],
  ];
  for (const [body, message] of cases) {
    const r = await s.post("create", body);
    assert.equal(r.status, 400, JSON.stringify(body));
    assert.equal(r.body.message, message, JSON.stringify(body));
  }
});

dbTest("[rest/users] create: each field's validation message", async (ctx) => {
  const s = await setup(ctx);
  const base = { company: s.company.id, team: s.team.id, id: mail() };
  const cases: [Record<string, unknown>, string][] = [
    [{ id: undefined }, "User id is required"],
    [{ id: "  " }, "User id is required"],
    [{ id: "no-at-sign" }, "User id must be a valid e-mail address"],
    [{ id: `${"x".repeat(250)}@a.example` }, "User id must have at most 254 characters"],
    [{ mail: "nope" }, "Mail must be a valid e-mail address"],
    [{ firstName: "x".repeat(101) }, "First name must have at most 100 characters"],
    [{ downloadDnid: 2 }, "downloadDnid is 1 or 0"],
    [{ smtp: { quota: -1 } }, "Maximum e-mails per hour must be at least 0"],
    [{ smtp: { quota: 1.5 } }, "Maximum e-mails per hour is not in a valid format"],
    [{ messagingC: { rul: "x" } }, "Rul is not in a valid format"],
    [{ aliases: ["bad"] }, "E-mail alias must be a valid e-mail address"],
    [{ aliases: [base.id] }, USER_MESSAGES.aliasIsId],
  ];
  for (const [patch, message] of cases) {
    const r = await s.post("create", { ...base, ...patch });
    assert.equal(r.status, 400, JSON.stringify(patch));
    assert.equal(r.body.message, message, JSON.stringify(patch));
  }
  // Nothing was created by the refused attempts.
  const rows = await ctx.db.select().from(users).where(eq(users.id, base.id));
  assert.equal(rows.length, 0);
});

dbTest(
  "[rest/users] create: an id or alias already used as any id or alias answers 409",
  async (ctx) => {
    const s = await setup(ctx);
    const existing = mail();
    const alias = mail("alias");
    const first = await s.post("create", {
      company: s.company.id,
      team: s.team.id,
      id: existing,
      aliases: [alias],
    });
    assert.equal(first.status, 200);
    for (
      const body of [
        { id: existing.toUpperCase() }, // the same id, any case
        { id: alias }, // someone's alias as an id
        { id: mail(), aliases: [existing] }, // someone's id as an alias
        { id: mail(), aliases: [alias.toUpperCase()] }, // someone's alias as an alias
      ]
    ) {
      const r = await s.post("create", { company: s.company.id, team: s.team.id, ...body });
      assert.equal(r.status, 409, JSON.stringify(body));
      assert.equal(r.body.code, 23000);
      assert.match(r.body.message, /is already used as a user id or an e-mail alias/);
    }
  },
);

dbTest(
  "[rest/users] update: given fields change, others keep; aliases replace the set",
  async (ctx) => {
    const s = await setup(ctx);
    const id = mail();
    const [a1, a2, a3] = [mail("a"), mail("a"), mail("a")];
    await s.post("create", {
      company: s.company.id,
      team: s.team.id,
      id,
      firstName: "Ann",
      lastName: "Lee",
      smtp: { access: true, quota: 33 },
      aliases: [a1, a2],
    });
    const r = await s.post("update", {
      company: s.company.id,
      team: s.team2.id,
      id: id.toUpperCase(),
      firstName: "Anna",
      ftpAccess: true,
      telnet: { address: "host:23" },
      aliases: [a2, a3],
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.id, id);
    assert.equal(r.body.firstName, "Anna");
    assert.equal(r.body.lastName, "Lee", "left out: kept");
    assert.equal(r.body.ftpAccess, true);
    assert.equal(r.body.smtpAccess, true, "left out: kept");
    assert.equal(r.body.quota, 33, "left out: kept");
    assert.equal(r.body.telnetAddress, "host:23");
    assert.equal(r.body.team.id, s.team2.id);
    assert.deepEqual(r.body.mailLogin.map((m: { mail: string }) => m.mail), [a2, a3].sort());

    // Empty mail means the id; an empty customer care case clears it.
    const cleared = await s.post("update", {
      company: s.company.id,
      team: s.team2.id,
      id,
      mail: "",
      customerCareCase: "",
      aliases: [],
    });
    assert.equal(cleared.body.mail, id);
    assert.equal(cleared.body.subject, null);
    assert.deepEqual(cleared.body.mailLogin, []);
  },
);

dbTest("[rest/users] update: refusals (404, 400, 409)", async (ctx) => {
  const s = await setup(ctx);
  const id = mail();
  const otherId = mail();
  await s.post("create", { company: s.company.id, team: s.team.id, id });
  await s.post("create", { company: s.company.id, team: s.team.id, id: otherId });
  const other = await ctx.f.team();
  const base = { company: s.company.id, team: s.team.id, id };

  const unknown = await s.post("update", { ...base, id: mail() });
  assert.equal(unknown.status, 404);
  assert.equal(unknown.body.message, USER_MESSAGES.userNotFound);

  const noTeam = await s.post("update", { ...base, team: undefined });
  assert.equal(noTeam.status, 400);
  assert.equal(noTeam.body.message, ADMIN_MESSAGES.selectCompanyAndTeam);

  const wrongTeam = await s.post("update", { ...base, team: other.id });
  assert.equal(wrongTeam.body.message, USER_MESSAGES.teamNotInCompany);

  const taken = await s.post("update", { ...base, aliases: [otherId] });
  assert.equal(taken.status, 409);

  // The id is not changed by update: an unknown id is a 404, never a rename.
  const self = await s.post("update", {
    company: s.admin.companyId,
    team: s.admin.teamId,
    id: s.admin.id,
    active: false,
  });
  assert.equal(self.status, 400);
  assert.equal(self.body.message, USER_MESSAGES.selfDeactivate);
});

dbTest(
  "[rest/users] changeId keeps the user: key, sessions, aliases; login with the new id",
  async (ctx) => {
    const s = await setup(ctx);
    const user = await ctx.f.user({ teamId: s.team.id, companyId: s.company.id });
    const alias = mail("alias");
    await ctx.db.insert(userAliases).values({ userKey: user.key, mail: alias });
    const before = await signIn(ctx, user.id, TEST_PASSWORD);
    const newId = mail("renamed");

    const r = await s.post("changeId", { oldId: user.id, newId: newId.toUpperCase() });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.id, newId);
    assert.equal(r.body.mail, newId, "the mail followed the id it equalled");
    assert.deepEqual(r.body.mailLogin, [{ user_id: newId, mail: alias }]);

    const [row] = await ctx.db.select().from(users).where(eq(users.key, user.key));
    assert.equal(row.id, newId, "the same row (key) carries the new id");

    const current = await ctx.call("GET", "/rest/users/current", { token: before.token });
    assert.equal(current.status, 200, "a session started before the change still works");
    assert.equal(current.body.id, newId);

    await signIn(ctx, newId, TEST_PASSWORD);
    await signIn(ctx, alias, TEST_PASSWORD);
    const old = await ctx.call("POST", "/rest/users/login", {
      json: { username: user.id, password: TEST_PASSWORD },
    });
    assert.equal(old.status, 401, "the old id no longer signs in");
  },
);

dbTest("[rest/users] changeId: a mail other than the id stays; refusals", async (ctx) => {
  const s = await setup(ctx);
  const id = mail();
  const taken = mail();
  const takenAlias = mail("alias");
  await s.post("create", { company: s.company.id, team: s.team.id, id, mail: "keep@x.example" });
  await s.post("create", {
    company: s.company.id,
    team: s.team.id,
    id: taken,
    aliases: [takenAlias],
  });

  const cases: [unknown, number, string | RegExp][] = [
    [{ oldId: mail(), newId: mail() }, 404, USER_MESSAGES.userNotFound],
    [{ oldId: id, newId: "bad" }, 400, "New user id must be a valid e-mail address"],
    [{ oldId: id, newId: id.toUpperCase() }, 400, USER_MESSAGES.sameId],
    [{ oldId: id, newId: taken }, 409, /already used/],
    [{ oldId: id, newId: takenAlias }, 409, /already used/],
  ];
  for (const [body, status, message] of cases) {
    const r = await s.post("changeId", body);
    assert.equal(r.status, status, JSON.stringify(body));
    if (typeof message === "string") assert.equal(r.body.message, message);
    else assert.match(r.body.message, message);
  }
  const newId = mail();
  const ok = await s.post("changeId", { oldId: id, newId });
  assert.equal(ok.body.mail, "keep@x.example");
});

dbTest(
  "[rest/users] changeStatus: deactivated users cannot sign in, sessions end; reactivation",
  async (ctx) => {
    const s = await setup(ctx);
    const user = await ctx.f.user({ teamId: s.team.id, companyId: s.company.id });
    const session = await signIn(ctx, user.id, TEST_PASSWORD);

    const off = await s.post("changeStatus", { userId: user.id, active: false });
    assert.equal(off.status, 200);
    assert.equal(off.body.active, false);
    const refused = await ctx.call("POST", "/rest/users/login", {
      json: { username: user.id, password: TEST_PASSWORD },
    });
    assert.equal(refused.status, 403);
    assert.match(refused.body.message, /deactivated/);
    const dead = await ctx.call("GET", "/rest/users/current", { token: session.token });
    assert.equal(dead.status, 401, "the existing session stopped working");

    const on = await s.post("changeStatus", { userId: user.id, active: true });
    assert.equal(on.body.active, true);
    await signIn(ctx, user.id, TEST_PASSWORD);
    const stillDead = await ctx.call("GET", "/rest/users/current", { token: session.token });
    assert.equal(stillDead.status, 401, "sessions ended by a deactivation stay ended");

    const self = await s.post("changeStatus", { userId: s.admin.id, active: false });
    assert.equal(self.status, 400);
    assert.equal(self.body.message, USER_MESSAGES.selfDeactivate);
    const unknown = await s.post("changeStatus", { userId: mail(), active: false });
    assert.equal(unknown.status, 404);
    const bad = await s.post("changeStatus", { userId: user.id, active: "no" });
    assert.equal(bad.status, 400);
  },
);

dbTest("[rest/users] e-mail aliases: add (sign in with it), 409, delete, 404", async (ctx) => {
  const s = await setup(ctx);
  const user = await ctx.f.user({ teamId: s.team.id, companyId: s.company.id });
  const other = await ctx.f.user();
  const alias = mail("alias");

  const added = await s.post("addEmailAlias", { userId: user.id, alias: alias.toUpperCase() });
  assert.equal(added.status, 200);
  assert.deepEqual(added.body.mailLogin, [{ user_id: user.id, mail: alias }]);
  await signIn(ctx, alias, TEST_PASSWORD);

  for (const used of [alias, other.id, user.id]) {
    const r = await s.post("addEmailAlias", { userId: user.id, alias: used });
    assert.equal(r.status, 409, used);
    assert.equal(r.body.message, USER_MESSAGES.taken(used));
  }
  const invalid = await s.post("addEmailAlias", { userId: user.id, alias: "nope" });
  assert.equal(invalid.status, 400);
  assert.equal(invalid.body.message, "E-mail alias must be a valid e-mail address");
  const noUser = await s.post("addEmailAlias", { userId: mail(), alias: mail() });
  assert.equal(noUser.status, 404);

  const notAlias = await s.post("deleteEmailAlias", { userId: user.id, alias: mail() });
  assert.equal(notAlias.status, 404);
  assert.equal(notAlias.body.message, USER_MESSAGES.aliasNotFound);
  const othersAlias = await s.post("deleteEmailAlias", { userId: other.id, alias });
  assert.equal(othersAlias.status, 404, "another user's alias is not theirs to delete");

  const deleted = await s.post("deleteEmailAlias", { userId: user.id, alias });
  assert.equal(deleted.status, 200);
  assert.deepEqual(deleted.body.mailLogin, []);
  const gone = await ctx.call("POST", "/rest/users/login", {
    json: { username: alias, password: TEST_PASSWORD },
  });
  assert.equal(gone.status, 401);
});

dbTest("[rest/users] changeTeam moves the user to the team and its company", async (ctx) => {
  const s = await setup(ctx);
  const user = await ctx.f.user({ teamId: s.team.id, companyId: s.company.id });
  const elsewhere = await ctx.f.team({ rights: 15 });
  const r = await s.post("changeTeam", { userId: user.id, teamId: elsewhere.id });
  assert.equal(r.status, 200);
  assert.equal(r.body.team.id, elsewhere.id);
  assert.equal(r.body.team.rights, 15);
  assert.equal(r.body.company.id, elsewhere.companyId);

  const unknownTeam = await s.post("changeTeam", { userId: user.id, teamId: 2_000_000_000 });
  assert.equal(unknownTeam.status, 400);
  assert.equal(unknownTeam.body.message, USER_MESSAGES.unknownTeam);
  const unknownUser = await s.post("changeTeam", { userId: mail(), teamId: elsewhere.id });
  assert.equal(unknownUser.status, 404);
});

dbTest(
  "[rest/users] getUser 404; all by id; hierarchy groups company → team → users",
  async (ctx) => {
    const s = await setup(ctx);
    const unknown = await s.get(`getUser?user=${encodeURIComponent(mail())}`);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.message, USER_MESSAGES.userNotFound);
    const missing = await s.get("getUser");
    assert.equal(missing.status, 400);

    const ids = [mail("c"), mail("a"), mail("b")];
    for (const [i, id] of ids.entries()) {
      await s.post("create", {
        company: s.company.id,
        team: i === 0 ? s.team2.id : s.team.id,
        id,
      });
    }
    const all = await s.get("all");
    assert.equal(all.status, 200);
    const allIds: string[] = all.body.map((u: { id: string }) => u.id);
    // By id (in the database's collation): a-…, b-…, c-… in that order.
    const at = [ids[1], ids[2], ids[0]].map((id) => allIds.indexOf(id));
    assert.ok(at[0] >= 0 && at[0] < at[1] && at[1] < at[2], `positions ${at}`);

    const h = await s.get("hierarchy");
    assert.equal(h.status, 200);
    const company = h.body.find((c: { id: number }) => c.id === s.company.id);
    assert.equal(company.name, s.company.name);
    const teamNames = company.teams.map((t: { name: string }) => t.name);
    assert.deepEqual(teamNames, [s.team.name, s.team2.name].sort());
    const team = company.teams.find((t: { id: number }) => t.id === s.team.id);
    assert.deepEqual(team.users.map((u: { id: string }) => u.id), [ids[1], ids[2]].sort());
    assert.deepEqual(Object.keys(team.users[0]).sort(), [
      "active",
      "firstName",
      "id",
      "lastName",
      "mail",
    ]);
    // Only companies with users: an empty company is not listed.
    const empty = await ctx.f.company();
    const again = await s.get("hierarchy");
    assert.ok(!again.body.some((c: { id: number }) => c.id === empty.id));
  },
);

dbTest("[rest/users] find: default sort id ascending, filters, sorting and paging", async (ctx) => {
  const s = await setup(ctx);
  const tag = unique("find").toLowerCase();
  const ids = ["d", "a", "c", "b", "e"].map((p) => `${p}-${tag}@find.example`);
  for (const [i, id] of ids.entries()) {
    await s.post("create", {
      company: s.company.id,
      team: i % 2 ? s.team2.id : s.team.id,
      id,
      firstName: `First${i}`,
      lastName: i === 4 ? "Zulu" : "Alpha",
      active: i !== 1,
    });
  }
  const find = (body: Record<string, unknown>) => s.post("find", body);
  const idsOf = (r: { body: { results: { id: string }[] } }) => r.body.results.map((u) => u.id);

  const byCompany = await find({ filter: { company: s.company.name } });
  assert.equal(byCompany.status, 200);
  assert.equal(byCompany.body.filtered, 5);
  assert.ok(byCompany.body.total >= 5);
  assert.deepEqual(idsOf(byCompany), [...ids].sort(), "default: id ascending");

  const paged = await find({ filter: { id: tag }, count: 2, page: 2 });
  assert.deepEqual(idsOf(paged), [...ids].sort().slice(2, 4));

  const inactive = await find({ filter: { company: s.company.name, active: "false" } });
  assert.deepEqual(idsOf(inactive), [ids[1]]);
  const active = await find({ filter: { company: s.company.name, active: true } });
  assert.equal(active.body.filtered, 4);

  const byName = await find({ filter: { id: tag, name: "first4 zul" } });
  assert.deepEqual(idsOf(byName), [ids[4]]);
  const byTeam = await find({ filter: { id: tag, team: s.team2.name.toUpperCase() } });
  assert.deepEqual(idsOf(byTeam).sort(), [ids[1], ids[3]].sort());

  const desc = await find({ filter: { id: tag }, sorting: { field: "id", direction: "desc" } });
  assert.deepEqual(idsOf(desc), [...ids].sort().reverse());
  const byNameSort = await find({ filter: { id: tag }, sorting: { field: "name" } });
  assert.deepEqual(idsOf(byNameSort), ids, "First0 … First4");
  for (const field of ["company", "team", "active"]) {
    const r = await find({ filter: { id: tag }, sorting: { field } });
    assert.equal(r.status, 200, field);
  }

  const badField = await find({ sorting: { field: "passwordHash" } });
  assert.equal(badField.status, 400);
  const badActive = await find({ filter: { active: "maybe" } });
  assert.equal(badActive.status, 400);
  const unknownFilter = await find({ filter: { passwordHash: "x" } });
  assert.equal(unknownFilter.status, 400);
});

const ADMIN_CALLS: [string, string, unknown?][] = [
  ["GET", "/rest/users/getUser?user=a@b.example"],
  ["GET", "/rest/users/hierarchy"],
  ["GET", "/rest/users/all"],
  ["POST", "/rest/users/find", {}],
  ["POST", "/rest/users/create", { company: 1, team: 1, id: "a@b.example" }],
  ["POST", "/rest/users/update", { company: 1, team: 1, id: "a@b.example" }],
  ["POST", "/rest/users/changeId", { oldId: "a@b.example", newId: "c@d.example" }],
  ["POST", "/rest/users/resetPassword", { id: "a@b.example", reason: "x" }],
  ["POST", "/rest/users/changeStatus", { userId: "a@b.example", active: false }],
  ["POST", "/rest/users/addEmailAlias", { userId: "a@b.example", alias: "c@d.example" }],
  ["POST", "/rest/users/deleteEmailAlias", { userId: "a@b.example", alias: "c@d.example" }],
  ["POST", "/rest/users/changeTeam", { userId: "a@b.example", teamId: 1 }],
];

dbTest(
  "[rest/users] every administrator call answers 403 to a client and 401 signed out",
  async (ctx) => {
    const client = await ctx.f.user({ rights: 100 });
    const billing = await ctx.f.user({ rights: 200 });
    const c = await signIn(ctx, client.id, TEST_PASSWORD);
    const b = await signIn(ctx, billing.id, TEST_PASSWORD);
    for (const [method, path, json] of ADMIN_CALLS) {
      for (const token of [c.token, b.token]) {
        const r = await ctx.call(method, path, { token, json });
        assert.equal(r.status, 403, `${method} ${path}`);
        assert.equal(r.body.message, "Administrator permission required");
      }
      const anonymous = await ctx.call(method, path, { json });
      assert.equal(anonymous.status, 401, `${method} ${path}`);
    }
  },
);
