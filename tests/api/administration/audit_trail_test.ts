/**
 * The audit trail (issue 40): every operation of the contract that changes data leaves an entry
 * of its own (the test enumerates the contract: a new write operation without one fails), and one
 * that changes nothing writes nothing; a change that rolls back leaves no entry; the database
 * refuses to change or delete an entry outside the retention job; secrets are never stored.
 */
import assert from "node:assert/strict";
import { desc, eq, gt, sql } from "drizzle-orm";
import { call, type Ctx, dbTest, testApp } from "../../fixtures/app.ts";
import { loadProbes, makeTenant } from "../../authz/tenant.ts";
import { OPERATIONS, send, tokenFor } from "../../authz/operations.ts";
import { auditEntries, terminals } from "../../../db/schema/mod.ts";
import { requestTransaction } from "../../../db/request_transaction.ts";
import { actorOf, auditSetting } from "../../../server/services/audit/record.ts";
import { pruneAudit } from "../../../server/services/audit/retention.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";

const ok = (status: number) => status >= 200 && status < 300;

/** The newest entry's id (0 when none): entries after it are a call's. */
const lastEntryId = async (ctx: Ctx) =>
  (await ctx.db.select({ id: auditEntries.id }).from(auditEntries)
    .orderBy(desc(auditEntries.id)).limit(1))[0]?.id ?? 0;

type Entry = typeof auditEntries.$inferSelect;

/**
 * The entries after `id` that `ours` picks: on PostgreSQL other test files write entries into the
 * same database meanwhile, so each test keeps to its own callers and rows.
 */
const entriesAfter = async (ctx: Ctx, id: number, ours: (e: Entry) => boolean) =>
  (await ctx.db.select().from(auditEntries).where(gt(auditEntries.id, id))
    .orderBy(auditEntries.id)).filter(ours);

/** Entries about one row. */
const about = (table: string, ...ids: (string | number)[]) => (e: Entry) =>
  e.rowTable === table && ids.map(String).includes(e.rowId ?? "");

/** A transaction id taken now: two apart, nothing else wrote in between (PGlite: one client). */
const xid = async (ctx: Ctx) =>
  Number(
    (await ctx.db.select({ x: sql`pg_current_xact_id()::text`.mapWith(Number) })
      .from(sql`(select 1) as one`))[0].x,
  );

dbTest(
  "[audit] every operation that changes data records who did it; the others write nothing",
  async (ctx, t) => {
    const probes = await loadProbes();
    const admin = await ctx.f.user({ rights: 1 });
    const pctx = { f: ctx.f, db: ctx.db };
    for (const op of OPERATIONS) {
      const trail = op.spec["x-audit"] as string;
      await t.step(`${op.id} (${trail})`, async () => {
        assert.ok(["transaction", "self", "none"].includes(trail), `${op.id}: x-audit ${trail}`);
        const a = await makeTenant(ctx.f);
        const request = await probes[op.id](a, pctx);
        const caller = op.access === "admin" ? admin : a.user;
        const token = op.access === "public" ? undefined : await tokenFor(ctx.db, caller);
        const before = await lastEntryId(ctx);
        const x0 = await xid(ctx);
        const answer = await send(ctx.app, op, request, token);
        assert.ok(ok(answer.status), `${op.id}: ${answer.status} ${answer.body.slice(0, 300)}`);
        // This call's: its operation, by its caller or about the tenant's rows.
        const entries = await entriesAfter(
          ctx,
          before,
          (e) =>
            e.operation === op.id && (e.userKey === caller.key || e.rowCompanyId === a.company.id),
        );
        if (trail === "none") {
          assert.deepEqual(entries, [], `${op.id} changes nothing, yet recorded`);
          // One client (PGlite): a write by the call would have taken a transaction id of its own.
          if (ctx.kind === "pglite" && !OWN_READING.has(op.id)) {
            assert.equal(await xid(ctx) - x0, 1, `${op.id} wrote to the database: it changes data`);
          }
          return;
        }
        assert.ok(entries.length > 0, `${op.id} changed data without an audit entry`);
        for (const e of entries) {
          if (op.access === "public") continue; // a sign-in or a set-password link: the user's own
          assert.equal(e.userKey, caller.key, `${op.id}: who`);
          assert.equal(e.companyId, caller.companyId, `${op.id}: the caller's company`);
          assert.equal(e.clientAddress, "local", `${op.id}: from where`);
        }
      });
    }
  },
);

/** Reads that mark what the caller read (news as read): its own state, not a change to audit. */
const OWN_READING = new Set(["newsGet", "newsAll", "newsWhatsnew"]);

dbTest(
  "[audit] an update records the fields that changed, before and after, by whom",
  async (ctx) => {
    const admin = await ctx.f.user({ rights: 1 });
    const company = await ctx.f.company("Audited before");
    const token = await tokenFor(ctx.db, admin);
    const before = await lastEntryId(ctx);
    const r = await ctx.call("POST", "/rest/companies/update", {
      token,
      json: { id: company.id, name: "Audited after" },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const [entry, ...more] = await entriesAfter(ctx, before, about("companies", company.id));
    assert.deepEqual(more, []);
    assert.equal(entry.operation, "companiesUpdate");
    assert.equal(entry.action, "update");
    assert.equal(entry.rowTable, "companies");
    assert.equal(entry.rowId, String(company.id));
    assert.equal(entry.rowCompanyId, company.id);
    assert.equal(entry.userKey, admin.key);
    assert.equal(entry.userLogin, admin.id);
    assert.equal(entry.userName, "Test User");
    assert.deepEqual(entry.changes, { name: { before: "Audited before", after: "Audited after" } });
  },
);

dbTest(
  "[audit] a client's change is its own company's (the request says so); an administrator's the row's",
  async (ctx) => {
    const a = await makeTenant(ctx.f);
    const b = await makeTenant(ctx.f);
    const relabel = async (rowsCompanyId: number | null, label: string) => {
      const actor = actorOf(a.user, "local", "terminalUpdateLabel");
      await requestTransaction(
        ctx.db,
        auditSetting(actor, rowsCompanyId),
        (tx) =>
          tx.update(terminals).set({ deviceLabel: label })
            .where(eq(terminals.deviceId, a.terminal.deviceId)),
      );
    };
    const before = await lastEntryId(ctx);
    // The trigger takes the request's word for a client, looking nothing up (the tenancy rules
    // let a client change only its own company's rows): named b here, the entry says b.
    await relabel(b.company.id, "Named for b");
    // Without it (an administrator's request), the row's own company, looked up.
    await relabel(null, "Looked up");
    const entries = await entriesAfter(ctx, before, about("terminals", a.terminal.deviceId));
    assert.deepEqual(entries.map((e) => e.rowCompanyId), [b.company.id, a.company.id]);

    // Through the API, a client's relabel is its company's entry.
    const r = await ctx.call("POST", "/rest/terminal/updateLabel", {
      token: await tokenFor(ctx.db, a.user),
      json: { deviceId: a.terminal.deviceId, label: "By the client" },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const [entry] = (await entriesAfter(ctx, before, about("terminals", a.terminal.deviceId)))
      .slice(2);
    assert.equal(entry.rowCompanyId, a.company.id);
    assert.equal(entry.userKey, a.user.key);
  },
);

dbTest(
  "[audit] behind TRUST_PROXY the forwarded address is recorded; a refused change records nothing",
  async (ctx) => {
    const admin = await ctx.f.user({ rights: 1 });
    const company = await ctx.f.company("Audited twice");
    const other = await ctx.f.company("Audited taken");
    const token = await tokenFor(ctx.db, admin);
    const before = await lastEntryId(ctx);
    // A duplicate name: the service's own transaction rolls back, and its entry with it.
    const refused = await ctx.call("POST", "/rest/companies/update", {
      token,
      json: { id: company.id, name: other.name },
    });
    assert.equal(refused.status, 409, JSON.stringify(refused.body));
    assert.deepEqual(await entriesAfter(ctx, before, about("companies", company.id, other.id)), []);
  },
);

dbTest("[audit] sign-ins, failed ones and sign-outs are recorded; no password is", async (ctx) => {
  const user = await ctx.f.user({ id: `audited-${crypto.randomUUID()}@test.example` });
  const before = await lastEntryId(ctx);
  const wrong = await ctx.call("POST", "/rest/users/login", {
    json: { username: user.id, password: "not the password", remember: false },
  });
  assert.equal(wrong.status, 401);
  const unknown = `nobody-${crypto.randomUUID()}@test.example`;
  await ctx.call("POST", "/rest/users/login", {
    json: { username: unknown, password: "whatever it is", remember: false },
  });
  const good = await ctx.call("POST", "/rest/users/login", {
    json: { username: user.id, password: TEST_PASSWORD, remember: false },
  });
  assert.equal(good.status, 200);
  await ctx.call("POST", "/rest/users/logout", { token: good.body.token });
  const changed = await ctx.call("POST", "/rest/users/changePassword", {
    token: (await ctx.call("POST", "/rest/users/login", {
      json: { username: user.id, password: TEST_PASSWORD, remember: false },
    })).body.token,
    json: { currentPassword: TEST_PASSWORD, newPassword: "a new long passphrase 2026" },
  });
  assert.equal(changed.status, 200, JSON.stringify(changed.body));
  const entries = await entriesAfter(
    ctx,
    before,
    (e) => e.userKey === user.key || e.userLogin === unknown,
  );
  const summary = entries.map((e) => [e.operation, e.action, e.userKey, e.rowId]);
  assert.deepEqual(summary, [
    ["usersLogin", "sign-in failed", user.key, String(user.key)],
    ["usersLogin", "sign-in failed", null, null],
    ["usersLogin", "sign-in", user.key, String(user.key)],
    ["usersLogout", "sign-out", user.key, String(user.key)],
    ["usersLogin", "sign-in", user.key, String(user.key)],
    ["usersChangePassword", "update", user.key, String(user.key)],
  ]);
  assert.equal(entries[1].userLogin, unknown);
  assert.deepEqual(entries[5].changes.password_hash, { changed: true });
  const text = JSON.stringify(entries);
  for (
    const secret of ["not the password", "whatever it is", TEST_PASSWORD, "a new long passphrase"]
  ) {
    assert.ok(!text.includes(secret), `an entry holds "${secret}"`);
  }
  assert.ok(!text.includes("pbkdf2"), "an entry holds a password hash");
});

dbTest("[audit] a rul's password is recorded as changed, never its value", async (ctx) => {
  const admin = await ctx.f.user({ rights: 1 });
  const t = await makeTenant(ctx.f);
  const request = await (await loadProbes()).rulsUpdate(t, { f: ctx.f, db: ctx.db });
  const json = { ...request.json as Record<string, unknown>, password: "Secret-rul-password-9" };
  const before = await lastEntryId(ctx);
  const r = await ctx.call("POST", "/rest/ruls/update", {
    token: await tokenFor(ctx.db, admin),
    json,
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const entries = await entriesAfter(ctx, before, (e) => e.userKey === admin.key);
  assert.deepEqual(entries.map((e) => [e.rowTable, e.rowId]), [[
    "ruls",
    `${t.rul.id}/${t.rul.les}`,
  ]]);
  assert.deepEqual(entries[0].changes.password, { changed: true });
  assert.ok(!JSON.stringify(entries).includes("Secret-rul-password-9"));
});

/** The database's refusal (drizzle wraps it: the cause is PostgreSQL's error). */
const appendOnly = (e: unknown) => {
  const cause = (e as { cause?: { message?: string } }).cause;
  assert.match(cause?.message ?? String(e), /audit entries are append-only/);
  return true;
};

dbTest(
  "[audit] the database refuses to change or delete an entry; only the retention job deletes",
  async (ctx) => {
    const [old] = await ctx.db.insert(auditEntries).values({
      at: new Date(Date.now() - 401 * 86_400_000),
      operation: "test",
      action: "test",
    }).returning();
    const [recent] = await ctx.db.insert(auditEntries).values({
      at: new Date(Date.now() - 399 * 86_400_000),
      operation: "test",
      action: "test",
    }).returning();
    await assert.rejects(
      ctx.db.update(auditEntries).set({ operation: "forged" }).where(eq(auditEntries.id, old.id)),
      appendOnly,
    );
    await assert.rejects(
      ctx.db.delete(auditEntries).where(eq(auditEntries.id, old.id)),
      appendOnly,
    );
    await assert.rejects(ctx.db.execute(sql`truncate audit_entries`), appendOnly);
    // The retention job's function takes only what is older than the retention.
    assert.ok(await pruneAudit(ctx.db, 400) >= 1);
    const left = await ctx.db.select({ id: auditEntries.id }).from(auditEntries)
      .where(sql`${auditEntries.id} in (${old.id}, ${recent.id})`);
    assert.deepEqual(left, [{ id: recent.id }]);
    // After it, deletes are refused again (its permission ended with its statement).
    await assert.rejects(
      ctx.db.delete(auditEntries).where(eq(auditEntries.id, recent.id)),
      appendOnly,
    );
  },
);

dbTest(
  "[audit] with AUDIT_TRAIL=false nothing is recorded, and writes work as before",
  async (ctx) => {
    const app = testApp(ctx.database, { AUDIT_TRAIL: "false" });
    const admin = await ctx.f.user({ rights: 1 });
    const company = await ctx.f.company(`Untrailed ${crypto.randomUUID()}`);
    const before = await lastEntryId(ctx);
    const renamed = await call(app, "POST", "/rest/companies/update", {
      token: await tokenFor(ctx.db, admin),
      json: { id: company.id, name: `${company.name} renamed` },
    });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    const signed = await call(app, "POST", "/rest/users/login", {
      json: { username: admin.id, password: TEST_PASSWORD, remember: false },
    });
    assert.equal(signed.status, 200);
    const ours = about("companies", company.id);
    assert.deepEqual(
      await entriesAfter(ctx, before, (e) => e.userKey === admin.key || ours(e)),
      [],
    );
  },
);
