import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { type Ctx, dbTest, signIn } from "../../fixtures/app.ts";
import { TEST_PASSWORD, unique } from "../../fixtures/factories.ts";
import { users } from "../../../db/schema/mod.ts";
import { MULTISELECT_SEARCH_LIMIT } from "../../../openapi/enums.ts";

const ENDPOINTS = [
  "/rest/companies/search",
  "/rest/teams/search",
  "/rest/users/search",
  "/rest/dnids/search",
  "/rest/tgid/search",
] as const;
const ADMIN_ONLY = ENDPOINTS.slice(0, 3);

const q = (path: string, query: string) => `${path}?query=${encodeURIComponent(query)}`;

/** A signed-in user with the given team rights (1 = administrator, 100 = client). */
async function session(ctx: Ctx, opts: Parameters<Ctx["f"]["user"]>[0] = {}) {
  const user = await ctx.f.user(opts);
  const { token } = await signIn(ctx, user.id, TEST_PASSWORD);
  return { user, token };
}
const admin = (ctx: Ctx) => session(ctx, { rights: 1 });

// ---- companies ----

dbTest("[rest/search] companies: an admin finds by a part of the name", async (ctx) => {
  const { token } = await admin(ctx);
  const company = await ctx.f.company();
  await ctx.f.company(); // another name, not found
  const part = company.name.slice(3, -1);
  const r = await ctx.call("GET", q("/rest/companies/search", part), { token });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, [{ id: company.id, name: company.name }]);
});

dbTest(
  "[rest/search] companies: case-insensitive, exact name first, then by name",
  async (ctx) => {
    const { token } = await admin(ctx);
    const tag = unique("Exact");
    const exact = await ctx.f.company(tag);
    const one = await ctx.f.company(`1${tag}`);
    const zero = await ctx.f.company(`0${tag}`);
    const r = await ctx.call("GET", q("/rest/companies/search", ` ${tag.toLowerCase()} `), {
      token,
    });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.map((c: { id: number }) => c.id), [exact.id, zero.id, one.id]);
    const upper = await ctx.call("GET", q("/rest/companies/search", tag.toUpperCase()), {
      token,
    });
    assert.equal(upper.body.length, 3);
  },
);

dbTest(
  `[rest/search] companies: at most ${MULTISELECT_SEARCH_LIMIT} results, by name`,
  async (ctx) => {
    const { token } = await admin(ctx);
    const tag = unique("Many");
    const names = Array.from({ length: 26 }, (_, i) => `${tag}-${String(i).padStart(2, "0")}`);
    for (const name of [...names].reverse()) await ctx.f.company(name);
    const r = await ctx.call("GET", q("/rest/companies/search", tag), { token });
    assert.equal(r.status, 200);
    assert.equal(r.body.length, MULTISELECT_SEARCH_LIMIT);
    assert.deepEqual(r.body.map((c: { name: string }) => c.name), names.slice(0, 25));
  },
);

dbTest("[rest/search] companies: %, _ and \\ in the text match only themselves", async (ctx) => {
  const { token } = await admin(ctx);
  const tag = unique("Wild");
  const literal = await ctx.f.company(`${tag} a%b_c\\d`);
  await ctx.f.company(`${tag} aXXbYcd`); // what the text would match as a pattern
  for (const text of ["a%b", "a%b_c", "a%b_c\\d", "a%b_c\\"]) {
    const r = await ctx.call("GET", q("/rest/companies/search", `${tag} ${text}`), { token });
    assert.equal(r.status, 200, text);
    assert.deepEqual(r.body.map((c: { id: number }) => c.id), [literal.id], text);
  }
  for (const text of ["%", "_", "\\"]) {
    const r = await ctx.call("GET", q("/rest/companies/search", `${tag} ${text}`), { token });
    assert.deepEqual(r.body, [], text);
  }
});

// ---- teams ----

dbTest(
  "[rest/search] teams: an admin finds by a part of the name, with the company",
  async (ctx) => {
    const { token } = await admin(ctx);
    const company = await ctx.f.company();
    const team = await ctx.f.team({ companyId: company.id, rights: 30 });
    await ctx.f.team();
    const r = await ctx.call("GET", q("/rest/teams/search", team.name.slice(2, -1)), { token });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, [{
      id: team.id,
      name: team.name,
      rights: 30,
      company: { id: company.id, name: company.name },
    }]);
  },
);

dbTest("[rest/search] teams: case-insensitive, exact name first", async (ctx) => {
  const { token } = await admin(ctx);
  const tag = unique("Squad");
  const longer = await ctx.f.team({ name: `0${tag}` });
  const exact = await ctx.f.team({ name: tag });
  const r = await ctx.call("GET", q("/rest/teams/search", tag.toUpperCase()), { token });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body.map((t: { id: number }) => t.id), [exact.id, longer.id]);
});

// ---- users ----

dbTest(
  "[rest/search] users: an admin finds by login, mail, first or last name, never secrets",
  async (ctx) => {
    const { token } = await admin(ctx);
    const user = await ctx.f.user({ rights: 100, active: false });
    const first = unique("First");
    const last = unique("Last");
    const mail = `${unique("mail")}@elsewhere.example`;
    await ctx.db.update(users).set({ firstName: first, lastName: last, mail })
      .where(eq(users.key, user.key));
    const [team] = await ctx.db.query.teams.findMany({ where: (t, o) => o.eq(t.id, user.teamId) });
    const [company] = await ctx.db.query.companies.findMany({
      where: (c, o) => o.eq(c.id, user.companyId),
    });
    const expected = [{
      id: user.id,
      mail,
      firstName: first,
      lastName: last,
      active: false,
      company: { id: company.id, name: company.name },
      team: { id: team.id, name: team.name },
    }];
    for (
      const text of [user.id.slice(5, -13), mail.split("@")[0].slice(5), first, last.toUpperCase()]
    ) {
      const r = await ctx.call("GET", q("/rest/users/search", text), { token });
      assert.equal(r.status, 200, text);
      assert.deepEqual(r.body, expected, text);
    }
  },
);

dbTest("[rest/search] users: case-insensitive on the login", async (ctx) => {
  const { token } = await admin(ctx);
  const user = await ctx.f.user();
  const r = await ctx.call("GET", q("/rest/users/search", user.id.toUpperCase()), { token });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body.map((u: { id: string }) => u.id), [user.id]);
  assert.ok(!("key" in r.body[0]) && !("passwordHash" in r.body[0]));
});

// ---- dnids ----

dbTest(
  "[rest/search] dnids: finds by the start of the number, with company and tgid",
  async (ctx) => {
    const company = await ctx.f.company();
    const { token } = await session(ctx, { rights: 100, companyId: company.id });
    const team = await ctx.f.team({ companyId: company.id });
    const tgid = await ctx.f.tgid({ teamId: team.id });
    const dnid = await ctx.f.dnid({ companyId: company.id, tgidId: tgid.id });
    const r = await ctx.call("GET", q("/rest/dnids/search", String(dnid.id)), { token });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, [{
      id: dnid.id,
      les: 21,
      company: { id: company.id, name: company.name },
      tgid: { id: tgid.id, label: tgid.label },
    }]);
    const prefix = await ctx.call("GET", q("/rest/dnids/search", String(dnid.id).slice(0, 9)), {
      token,
    });
    assert.ok(prefix.body.some((d: { id: number }) => d.id === dnid.id));
    // Only the start of the number: a middle part does not match.
    const middle = await ctx.call("GET", q("/rest/dnids/search", String(dnid.id).slice(1)), {
      token,
    });
    assert.ok(!middle.body.some((d: { id: number }) => d.id === dnid.id));
  },
);

dbTest(
  "[rest/search] dnids: finds by the tgid label, case-insensitive; no tgid is null",
  async (ctx) => {
    const { token } = await admin(ctx);
    const company = await ctx.f.company();
    const tag = unique("Fleet");
    const tgid = await ctx.f.tgid({ label: `${tag} north` });
    const labelled = await ctx.f.dnid({ companyId: company.id, tgidId: tgid.id });
    const unlabelledTgid = await ctx.f.tgid({ label: null });
    const bare = await ctx.f.dnid({ companyId: company.id, tgidId: unlabelledTgid.id });
    const none = await ctx.f.dnid({ companyId: company.id });

    const r = await ctx.call("GET", q("/rest/dnids/search", tag.toUpperCase()), { token });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.map((d: { id: number }) => d.id), [labelled.id]);

    const b = await ctx.call("GET", q("/rest/dnids/search", String(bare.id)), { token });
    assert.deepEqual(b.body[0].tgid, {
      id: unlabelledTgid.id,
      label: String(unlabelledTgid.id),
    });
    const n = await ctx.call("GET", q("/rest/dnids/search", String(none.id)), { token });
    assert.deepEqual(n.body, [{
      id: none.id,
      les: 21,
      company: { id: company.id, name: company.name },
      tgid: null,
    }]);
  },
);

dbTest(
  "[rest/search] dnids: a client finds only their company's dnids; an admin finds all",
  async (ctx) => {
    const a = await ctx.f.company();
    const b = await ctx.f.company();
    const { token: clientA } = await session(ctx, { rights: 100, companyId: a.id });
    const { token: adminToken } = await admin(ctx);
    const tag = unique("Shared");
    const tgidA = await ctx.f.tgid({ label: `${tag} a` });
    const tgidB = await ctx.f.tgid({ label: `${tag} b` });
    const dnidA = await ctx.f.dnid({ companyId: a.id, tgidId: tgidA.id });
    const dnidB = await ctx.f.dnid({ companyId: b.id, tgidId: tgidB.id });

    const own = await ctx.call("GET", q("/rest/dnids/search", tag), { token: clientA });
    assert.equal(own.status, 200);
    assert.deepEqual(own.body.map((d: { id: number }) => d.id), [dnidA.id]);
    const other = await ctx.call("GET", q("/rest/dnids/search", String(dnidB.id)), {
      token: clientA,
    });
    assert.deepEqual(other.body, []);

    const all = await ctx.call("GET", q("/rest/dnids/search", tag), { token: adminToken });
    assert.deepEqual(
      all.body.map((d: { id: number }) => d.id).sort(),
      [dnidA.id, dnidB.id].sort(),
    );
  },
);

// ---- tgids ----

dbTest("[rest/search] tgid: finds by a part of the label, with the owning team", async (ctx) => {
  const company = await ctx.f.company();
  const { user, token } = await session(ctx, { rights: 100, companyId: company.id });
  const tgid = await ctx.f.tgid({ teamId: user.teamId });
  const [team] = await ctx.db.query.teams.findMany({ where: (t, o) => o.eq(t.id, user.teamId) });
  const r = await ctx.call("GET", q("/rest/tgid/search", tgid.label!.slice(2, -1)), { token });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, [{
    id: tgid.id,
    label: tgid.label,
    team: { id: team.id, name: team.name },
  }]);
  const upper = await ctx.call("GET", q("/rest/tgid/search", tgid.label!.toUpperCase()), {
    token,
  });
  assert.deepEqual(upper.body.map((t: { id: number }) => t.id), [tgid.id]);
});

dbTest(
  "[rest/search] tgid: finds by the number, exact first; no label answers the id",
  async (ctx) => {
    const { token } = await admin(ctx);
    const tgid = await ctx.f.tgid({ label: null });
    const r = await ctx.call("GET", q("/rest/tgid/search", String(tgid.id)), { token });
    assert.equal(r.status, 200);
    assert.ok(r.body.length >= 1 && r.body.length <= MULTISELECT_SEARCH_LIMIT);
    assert.equal(r.body[0].id, tgid.id);
    assert.equal(r.body[0].label, String(tgid.id));
  },
);

dbTest(
  "[rest/search] tgid: a client finds their company's tgids and those shared with it, never another's",
  async (ctx) => {
    const a = await ctx.f.company();
    const b = await ctx.f.company();
    const { user, token } = await session(ctx, { rights: 100, companyId: a.id });
    const { token: adminToken } = await admin(ctx);
    const otherTeamA = await ctx.f.team({ companyId: a.id });
    const teamB = await ctx.f.team({ companyId: b.id });
    const teamB2 = await ctx.f.team({ companyId: b.id });
    const tag = unique("Grp");
    const own = await ctx.f.tgid({ teamId: user.teamId, label: `${tag} 1 own` });
    const sameCompany = await ctx.f.tgid({ teamId: otherTeamA.id, label: `${tag} 2 company` });
    const shared = await ctx.f.tgid({
      teamId: teamB.id,
      label: `${tag} 3 shared`,
      sharedWith: [user.teamId],
    });
    const foreign = await ctx.f.tgid({ teamId: teamB.id, label: `${tag} 4 foreign` });
    const sharedElsewhere = await ctx.f.tgid({
      teamId: teamB2.id,
      label: `${tag} 5 elsewhere`,
      sharedWith: [teamB.id],
    });

    const r = await ctx.call("GET", q("/rest/tgid/search", tag), { token });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.map((t: { id: number }) => t.id), [own.id, sameCompany.id, shared.id]);
    assert.deepEqual(r.body[2].team, { id: teamB.id, name: teamB.name });
    const byId = await ctx.call("GET", q("/rest/tgid/search", String(foreign.id)), { token });
    assert.ok(!byId.body.some((t: { id: number }) => t.id === foreign.id));

    const all = await ctx.call("GET", q("/rest/tgid/search", tag), { token: adminToken });
    assert.deepEqual(
      all.body.map((t: { id: number }) => t.id),
      [own.id, sameCompany.id, shared.id, foreign.id, sharedElsewhere.id],
    );
  },
);

// ---- every endpoint ----

dbTest(
  "[rest/search] every search: empty, blank, missing or too long text answers 400",
  async (ctx) => {
    const { token } = await admin(ctx);
    for (const path of ENDPOINTS) {
      for (
        const [url, message] of [
          [path, "Search text is required"],
          [`${path}?query=`, "Search text is required"],
          [`${path}?query=${encodeURIComponent("   ")}`, "Search text is required"],
          [`${path}?query=${"x".repeat(101)}`, "Search text is at most 100 characters"],
        ]
      ) {
        const r = await ctx.call("GET", url, { token });
        assert.equal(r.status, 400, url);
        assert.equal(r.body.code, 400, url);
        assert.equal(r.body.message, message, url);
        assert.deepEqual(r.body.fields, [{ path: "query", message }], url);
      }
      const max = await ctx.call("GET", `${path}?query=${"x".repeat(100)}`, { token });
      assert.equal(max.status, 200, `${path} takes 100 characters`);
    }
  },
);

dbTest("[rest/search] every search answers 401 without a session", async (ctx) => {
  for (const path of ENDPOINTS) {
    const r = await ctx.call("GET", q(path, "a"));
    assert.equal(r.status, 401, path);
    assert.deepEqual(r.body, { code: 401, message: "Please sign in" });
  }
});

dbTest(
  "[rest/search] companies, teams and users answer 403 to a client; dnids and tgid do not",
  async (ctx) => {
    const { token } = await session(ctx, { rights: 100 });
    for (const path of ADMIN_ONLY) {
      const r = await ctx.call("GET", q(path, "a"), { token });
      assert.equal(r.status, 403, path);
      assert.deepEqual(r.body, { code: 403, message: "Administrator permission required" });
    }
    for (const path of ENDPOINTS.slice(3)) {
      const r = await ctx.call("GET", q(path, "a"), { token });
      assert.equal(r.status, 200, path);
    }
  },
);
