/**
 * Reading the audit trail (issue 40): POST /rest/audit/find's filters and order, its tenancy (a
 * client reads the entries about its own company's rows, and who made them only when that was a
 * user of its own company), the History sections' and /administration/audit's first pages, and
 * the triggers installed on exactly the tables the contract names.
 */
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { type Ctx, dbTest, signIn } from "../../fixtures/app.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";
import { tokenFor } from "../../authz/operations.ts";
import { loadProbes, makeTenant } from "../../authz/tenant.ts";
import type { AuditEntry } from "../../../openapi/schemas/audit/audit.ts";
import { AUDITED_TABLES } from "../../../openapi/schemas/audit/audited_tables.ts";

/** Two companies, a client of each and an administrator; each client renames its own company. */
async function world(ctx: Ctx) {
  const tag = crypto.randomUUID().slice(0, 8);
  const admin = await ctx.f.user({ rights: 1 });
  const tenant = async (name: string) => {
    const company = await ctx.f.company(`${name} ${tag}`);
    const team = await ctx.f.team({ companyId: company.id, rights: 100 });
    const user = await ctx.f.user({ companyId: company.id, teamId: team.id });
    const tgid = await ctx.f.tgid({ teamId: team.id, label: `Tgid ${tag}` });
    const terminal = await ctx.f.terminal({ tgidId: tgid.id, deviceTypeId: 0, label: "Before" });
    return { company, team, user, terminal, token: await tokenFor(ctx.db, user) };
  };
  const a = await tenant("Audit A"), b = await tenant("Audit B");
  const adminToken = await tokenFor(ctx.db, admin);
  // The administrator renames both companies' teams; each client relabels its own terminal.
  for (const t of [a, b]) {
    const renamed = await ctx.call("POST", "/rest/teams/update", {
      token: adminToken,
      json: { team: { id: t.team.id, name: `By admin ${tag}`, company: t.company.id } },
    });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    const relabelled = await ctx.call("POST", "/rest/terminal/updateLabel", {
      token: t.token,
      json: { deviceId: t.terminal.deviceId, label: `By client ${tag}` },
    });
    assert.equal(relabelled.status, 200, JSON.stringify(relabelled.body));
  }
  return { tag, admin, adminToken, a, b };
}

const find = async (ctx: Ctx, token: string, filter: Record<string, unknown>, more = {}) => {
  const r = await ctx.call("POST", "/rest/audit/find", { token, json: { filter, ...more } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body as { results: AuditEntry[]; total: number; filtered: number };
};

dbTest("[audit] find: newest first, by row, user, company, operation and time", async (ctx) => {
  const w = await world(ctx);
  const teamRow = { rowTable: "teams", rowId: String(w.a.team.id) };
  const all = await find(ctx, w.adminToken, teamRow);
  assert.ok(all.results.length >= 1);
  assert.deepEqual(all.results.map((e) => e.operation), all.results.map(() => "teamsUpdate"));
  const ids = all.results.map((e) => e.id);
  assert.deepEqual(ids, [...ids].sort((x, y) => y - x), "newest first");
  const oldest = await find(ctx, w.adminToken, teamRow, {
    sorting: { field: "at", direction: "asc" },
  });
  assert.deepEqual(oldest.results.map((e) => e.id), [...ids].reverse());

  const byAdmin = await find(ctx, w.adminToken, { ...teamRow, userKey: w.admin.key });
  assert.equal(byAdmin.results.length, 1);
  assert.deepEqual(byAdmin.results[0].changes.name, {
    before: w.a.team.name,
    after: `By admin ${w.tag}`,
  });
  assert.equal(byAdmin.results[0].user?.login, w.admin.id);

  const byCompany = await find(ctx, w.adminToken, { company: `Audit B ${w.tag}` });
  assert.ok(byCompany.results.length >= 1);
  assert.ok(byCompany.results.every((e) => e.rowCompany?.id === w.b.company.id));

  const byOperation = await find(ctx, w.adminToken, { ...teamRow, operation: "companies" });
  assert.equal(byOperation.results.length, 0);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  assert.equal((await find(ctx, w.adminToken, { ...teamRow, from: tomorrow })).results.length, 0);
  assert.equal(
    (await find(ctx, w.adminToken, { ...teamRow, to: tomorrow })).results.length,
    all.results.length,
  );
  const refused = await ctx.call("POST", "/rest/audit/find", {
    token: w.adminToken,
    json: { filter: { rowTable: "secrets" } },
  });
  assert.equal(refused.status, 400);
});

dbTest(
  "[audit] a client reads its own company's rows only; an operator's change without a name",
  async (ctx) => {
    const w = await world(ctx);
    const seen = await find(ctx, w.a.token, { rowTable: "teams" });
    assert.ok(seen.results.length >= 1);
    assert.ok(seen.results.every((e) => e.rowCompany?.id === w.a.company.id), "only A's rows");
    const aTeam = seen.results.filter((e) => e.rowId === String(w.a.team.id));
    // The administrator's rename: shown without who, nor from where.
    const operator = aTeam.find((e) =>
      (e.changes.name as { after?: string }).after?.startsWith("By admin")
    );
    assert.ok(operator, "the administrator's change is in A's history");
    assert.equal(operator.user, null);
    assert.equal(operator.company, null);
    assert.equal(operator.clientAddress, null);
    assert.ok(!JSON.stringify(seen).includes(w.admin.id), "the administrator's login");
    // Its own user's change: who, and from where.
    const own = await find(ctx, w.a.token, {
      rowTable: "terminals",
      rowId: String(w.a.terminal.deviceId),
    });
    assert.equal(own.results.length, 1);
    assert.equal(own.results[0].user?.key, w.a.user.key);
    assert.equal(own.results[0].company?.id, w.a.company.id);
    assert.equal(own.results[0].clientAddress, "local");
    assert.deepEqual(own.results[0].changes.device_label, {
      before: "Before",
      after: `By client ${w.tag}`,
    });

    // B's rows, asked for by row, by company or by B's client: nothing.
    const bTeam = { rowTable: "teams", rowId: String(w.b.team.id) };
    assert.equal((await find(ctx, w.a.token, bTeam)).filtered, 0);
    assert.equal((await find(ctx, w.a.token, { company: `Audit B ${w.tag}` })).results.length, 0);
    assert.equal((await find(ctx, w.a.token, { userKey: w.b.user.key })).results.length, 0);
    assert.equal((await find(ctx, w.a.token, { userKey: w.admin.key })).results.length, 0);
    // The administrator sees both, with names.
    const both = await find(ctx, w.adminToken, { user: w.admin.id });
    assert.ok(both.results.some((e) => e.rowCompany?.id === w.a.company.id));
    assert.ok(both.results.some((e) => e.rowCompany?.id === w.b.company.id));
  },
);

dbTest(
  "[audit] the History sections and /administration/audit show the entries, server-rendered",
  async (ctx) => {
    const w = await world(ctx);
    const { cookie } = await signIn(ctx, w.admin.id, TEST_PASSWORD);
    const page = async (path: string) => {
      const r = await ctx.call("GET", path, { cookie });
      assert.equal(r.status, 200, `${path}: ${r.res.headers.get("location")}`);
      return new TextDecoder().decode(r.body as Uint8Array);
    };
    const company = await page(`/administration/companies/${w.a.company.id}`);
    assert.match(company, /<h2 id="history-companies-title">History/);
    const audit = await page(
      `/administration/audit?filter.rowTable=teams&filter.rowId=${w.a.team.id}`,
    );
    assert.ok(audit.includes(`By admin ${w.tag}`), "the rename's new name");
    assert.ok(audit.includes(w.admin.id), "who");
    // Clients have no /administration pages.
    const client = await signIn(ctx, w.a.user.id, TEST_PASSWORD);
    const r = await ctx.call("GET", "/administration/audit", { cookie: client.cookie });
    assert.notEqual(r.status, 200);
  },
);

dbTest("[audit] the rows' triggers are on exactly the tables the contract names", async (ctx) => {
  const rows = await ctx.db.selectDistinct({ table: sql<string>`c.relname` })
    .from(sql`pg_trigger t join pg_class c on c.oid = t.tgrelid`)
    .where(sql`t.tgname like '%\\_audit' and not t.tgisinternal`);
  assert.deepEqual(rows.map((r) => r.table).sort(), [...AUDITED_TABLES].sort());
});

dbTest(
  "[audit] a field set from empty is a change; an insert's empty fields are left out",
  async (ctx) => {
    const admin = await ctx.f.user({ rights: 1 });
    const token = await tokenFor(ctx.db, admin);
    const probes = await loadProbes();
    const t = await makeTenant(ctx.f);
    const update = await probes.dnidsUpdate(t, { f: ctx.f, db: ctx.db });
    const r = await ctx.call("POST", "/rest/dnids/update", { token, json: update.json });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const [entry] =
      (await find(ctx, token, { rowTable: "dnids", rowId: `${t.dnid.id}/${t.dnid.les}` }))
        .results;
    assert.deepEqual(entry.changes.comments, { before: null, after: `Checked ${t.tag}` });

    const created = await ctx.call("POST", "/rest/news/add", {
      token,
      json: { title: `News ${t.tag}`, content: "Text", public: 1 },
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const news = (await find(ctx, token, { rowTable: "news", operation: "newsAdd" })).results
      .find((e) => (e.changes.title as { after?: string }).after === `News ${t.tag}`);
    assert.ok(news, "the news item's insert");
    assert.equal(news.action, "insert");
    for (const [field, change] of Object.entries(news.changes)) {
      assert.ok(!("before" in change), `${field}: an insert has no before`);
      assert.notEqual((change as { after?: unknown }).after, null, `${field}: an empty field`);
    }
  },
);
