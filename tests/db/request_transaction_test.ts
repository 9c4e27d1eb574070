/**
 * A request's transaction (db/request_transaction.ts), on both drivers: it carries its setting to
 * every statement, commits what its work wrote and rolls back what a throw leaves; a service's own
 * transaction inside it is a savepoint (its failure undoes its own writes only, and the work goes
 * on); a statement that failed and was answered inside leaves nothing committed, and it says so
 * (server/http/audited.ts keeps a refusal's answer then, and fails a success's); prepared
 * statements built outside run on its connection.
 */
import assert from "node:assert/strict";
import { eq, like, sql } from "drizzle-orm";
import { dbTest } from "../fixtures/app.ts";
import { clientWithTgid } from "../fixtures/companies_teams.ts";
import { unique } from "../fixtures/factories.ts";
import { executeRows } from "../../db/client.ts";
import { requestTransaction, RolledBackAtCommit } from "../../db/request_transaction.ts";
import { terminals } from "../../db/schema/mod.ts";
import { getTerminal } from "../../server/services/terminal/read.ts";

const SETTING = { name: "portal.request_test", value: "named" };

dbTest("a request's transaction: its setting, commit, rollback and savepoints", async (ctx, t) => {
  const label = unique("Request tx");
  const { tgid, company } = await clientWithTgid(ctx);
  const add = (db: typeof ctx.db, suffix: string) =>
    db.insert(terminals).values({ deviceTypeId: 0, tgidId: tgid.id, deviceLabel: label + suffix })
      .returning({ deviceId: terminals.deviceId });
  const stored = async () =>
    (await ctx.db.select({ l: terminals.deviceLabel }).from(terminals)
      .where(like(terminals.deviceLabel, `${label}%`))).map((r) => r.l).sort();
  const setting = async (db: typeof ctx.db) =>
    (await executeRows<{ v: string | null }>(
      db,
      sql`select current_setting(${SETTING.name}, true) as v`,
    ))[0].v;

  await t.step("the setting holds for every statement of the work, and only there", async () => {
    const seen = await requestTransaction(ctx.db, SETTING, async (tx) => {
      const first = await setting(tx);
      await add(tx, " a");
      return [first, await setting(tx)];
    });
    assert.deepEqual(seen, ["named", "named"]);
    assert.ok(!(await setting(ctx.db)));
    assert.deepEqual(await stored(), [`${label} a`]);
  });

  await t.step("a throw rolls back everything the work wrote", async () => {
    await assert.rejects(
      requestTransaction(ctx.db, SETTING, async (tx) => {
        await add(tx, " b");
        throw new Error("refused");
      }),
      /refused/,
    );
    assert.deepEqual(await stored(), [`${label} a`]);
  });

  await t.step("a nested transaction that fails undoes only its own writes", async () => {
    await requestTransaction(ctx.db, SETTING, async (tx) => {
      await add(tx, " c");
      await assert.rejects(
        tx.transaction(async (inner) => {
          await add(inner, " d");
          await inner.execute(sql`select 1 / 0`);
        }),
        /Failed query: select 1 \/ 0/,
      );
      // The transaction goes on after it: the work writes again, and sees its setting.
      await tx.transaction(async (inner) => await add(inner, " e"));
      assert.equal(await setting(tx), "named");
    });
    assert.deepEqual(await stored(), [`${label} a`, `${label} c`, `${label} e`]);
  });

  await t.step("a failed statement answered inside commits nothing, and says so", async () => {
    await assert.rejects(
      requestTransaction(ctx.db, SETTING, async (tx) => {
        await add(tx, " f");
        await tx.execute(sql`select 1 / 0`).catch(() => {});
      }),
      RolledBackAtCommit,
    );
    assert.deepEqual(await stored(), [`${label} a`, `${label} c`, `${label} e`]);
  });

  await t.step("a statement built outside runs on the transaction's connection", async () => {
    const scope = { onlyCompany: company.id };
    await requestTransaction(ctx.db, SETTING, async (tx) => {
      const [row] = await add(tx, " g");
      assert.equal((await getTerminal(tx, scope, row.deviceId)).deviceLabel, `${label} g`);
      await tx.delete(terminals).where(eq(terminals.deviceId, row.deviceId));
    });
  });
});
