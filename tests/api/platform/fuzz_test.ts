/**
 * Schema-driven fuzzing, short and seeded: every operation of the contract gets a few generated
 * requests (valid, boundary and hostile; tests/fuzz/), as a client, anonymous and an
 * administrator. No answer may be 500 or an error outside the one error shape, and no case may
 * change another company's rows. Then requests within the contract (tests/fuzz/acceptance.ts), as an
 * administrator: only a rule the contract names may refuse them. `deno task fuzz` runs the long
 * mode (1,000 cases each; `--accept` for the second kind).
 *
 * On PostgreSQL the fuzz runs in a database of its own: an administrator's cases may change
 * global rows (thresholds, news, any company) that other suites share.
 */
import assert from "node:assert/strict";
import { call, type Ctx, dbTest, testApp } from "../../fixtures/app.ts";
import { freshPglite, isolatedPostgres } from "../../fixtures/db.ts";
import { Factories } from "../../fixtures/factories.ts";
import { ensureReferenceData } from "../../../db/seed/reference.ts";
import { OPERATIONS, tokenFor } from "../../authz/operations.ts";
import { MAX_ID } from "../../../openapi/schemas/common.ts";
import { loadProbes, makeTenant } from "../../authz/tenant.ts";
import {
  acceptOperation,
  checkAnswer,
  type FuzzEnv,
  fuzzOperation,
  reseatSpentSequences,
} from "../../fuzz/run_fuzz.ts";
import { changedTables, companyHash } from "../../fuzz/tenant_hash.ts";
import { commands, enids, terminals, userAliases } from "../../../db/schema/mod.ts";
import { eq } from "drizzle-orm";

const SEED = 20261126;
const RUNS = 15;
const ACCEPT_RUNS = 5;

/**
 * Runs `fn` on the suite's database, or on PostgreSQL in a database of the fuzz's own (an
 * administrator's cases may change global rows other suites share).
 */
async function onFuzzDatabase(ctx: Ctx, fn: (env: FuzzEnv) => Promise<void>) {
  const own = ctx.kind === "postgres" ? await isolatedPostgres() : null;
  try {
    const database = own?.database ?? ctx.database;
    if (own) {
      await database.migrate();
      await ensureReferenceData(database.db, "test");
    }
    await fn({ app: testApp(database), db: database.db, f: new Factories(database.db) });
  } finally {
    await own?.drop();
  }
}

dbTest(`[fuzz] ${RUNS} generated requests per operation (seed ${SEED})`, async (ctx, t) => {
  await onFuzzDatabase(ctx, async (env) => {
    const probes = await loadProbes();
    const other = await makeTenant(env.f);
    for (const op of OPERATIONS) {
      await t.step(op.id, async () => {
        const r = await fuzzOperation(env, op, probes, RUNS, SEED, other);
        assert.equal(r.failure, undefined, r.failure ?? "");
      });
    }
  });
});

dbTest(
  `[fuzz] ${ACCEPT_RUNS} requests within the contract per operation, refused only by a rule it names`,
  async (ctx, t) => {
    await onFuzzDatabase(ctx, async (env) => {
      const probes = await loadProbes();
      for (const op of OPERATIONS) {
        await t.step(op.id, async () => {
          const r = await acceptOperation(env, op, probes, ACCEPT_RUNS, SEED);
          assert.equal(r.failure, undefined, r.failure ?? "");
        });
      }
    });
  },
);

Deno.test("[fuzz] the answer check refuses a 500, a foreign error shape and a stack trace", () => {
  const answer = (status: number, body: unknown) => ({
    status,
    body: JSON.stringify(body),
    text: "",
  });
  checkAnswer(answer(200, { anything: true }));
  checkAnswer(answer(404, { code: 404, message: "Item not found" }));
  checkAnswer(answer(409, { code: 23000, message: "An item with this identifier already exists" }));
  assert.throws(() => checkAnswer(answer(500, { code: 500, message: "Internal server error" })));
  assert.throws(() => checkAnswer(answer(400, { error: "bad" })));
  assert.throws(() => checkAnswer(answer(400, { code: 404, message: "x" })));
  assert.throws(() => checkAnswer(answer(400, { code: 400, message: "x", stack: "y" })));
  assert.throws(() => checkAnswer(answer(400, { code: 400, message: "at run (/a/b.ts:1:2)" })));
  assert.throws(() => checkAnswer({ status: 400, body: "<html>", text: "" }));
});

dbTest("[fuzz] B's fingerprint changes with any of B's rows, not with A's", async (ctx) => {
  const a = await makeTenant(ctx.f), b = await makeTenant(ctx.f);
  const before = await companyHash(ctx.db, b.company.id);
  await ctx.db.update(enids).set({ comments: "changed" }).where(eq(enids.id, a.enid.id));
  await ctx.f.team({ companyId: a.company.id });
  assert.deepEqual(changedTables(before, await companyHash(ctx.db, b.company.id)), []);
  await ctx.db.insert(userAliases).values({ userKey: b.user.key, mail: `alias-${b.tag}@x.test` });
  await ctx.db.update(enids).set({ comments: "changed" }).where(eq(enids.id, b.enid.id));
  await ctx.db.update(terminals).set({ deviceLabel: "x" })
    .where(eq(terminals.deviceId, b.terminal.deviceId));
  await ctx.db.delete(commands).where(eq(commands.listId, b.list.id));
  assert.deepEqual(changedTables(before, await companyHash(ctx.db, b.company.id)), [
    "commands",
    "enids",
    "terminals",
    "user_aliases",
  ]);
});

// Found by the fuzz: a company added with the highest id spent the id sequence, and every later
// company without an explicit id answered 500. On a database of its own (it spends a sequence).
Deno.test("[fuzz] after a company with the highest id, new companies still get an id", async () => {
  const database = await freshPglite();
  try {
    const app = testApp(database);
    const token = await tokenFor(database.db, await new Factories(database.db).user({ rights: 1 }));
    const add = (json: unknown) => call(app, "POST", "/rest/companies/add", { token, json });
    assert.equal((await add({ id: MAX_ID, name: "Top" })).status, 200);
    const next = await add({ name: "Next" });
    assert.equal(next.status, 200, JSON.stringify(next.body));
    assert.ok(next.body.id < MAX_ID);
    assert.equal((await add({ name: "After" })).body.id, next.body.id + 1);
    await reseatSpentSequences(database.db);
    await new Factories(database.db).company("Made by the fixtures");
  } finally {
    await database.close();
  }
});
