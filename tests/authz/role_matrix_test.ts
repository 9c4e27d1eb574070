/**
 * The role matrix (docs/role-matrix.md, tests/authz/role_table.ts): every operation of the
 * contract is called by every role — anonymous, client A about its own rows and about B's, a
 * Billing user of A about A's and B's, an administrator of each rank about B's — and each answer
 * must be what its cell says. No client or Billing answer may contain B's markers.
 *
 * Tenants A and B (and A's Billing user) are shared by the callers of one operation, and by all
 * the operations that only read; an operation that changes data gets its own. The administrators
 * share B too; where one rank's call used it up (deleted its row, took a name it reuses), the
 * next rank whose answer does not fit is asked again about a fresh B.
 */
import assert from "node:assert/strict";
import { dbTest } from "../fixtures/app.ts";
import { type Answer, OPERATIONS, send, tokenFor } from "./operations.ts";
import {
  loadProbes,
  makeTenant,
  markersOf,
  type ProbeContext,
  type Probes,
  type Tenant,
} from "./tenant.ts";
import {
  ADMIN_RANKS,
  BILLING_RIGHTS,
  type Caller,
  CALLERS,
  cellOf,
  fits,
  readTable,
  type Row,
  rowLine,
} from "./role_table.ts";
import { changesData } from "./writes.ts";
import type { Factories } from "../fixtures/factories.ts";

const ok = (status: number) => status >= 200 && status < 300;
const leaks = (text: string, other: Tenant) => markersOf(other).filter((m) => text.includes(m));

/** Tenants A and B, and A as its Billing user sees it. */
async function world(f: Factories) {
  const [a, b] = await Promise.all([makeTenant(f), makeTenant(f)]);
  return { a, b, billing: await billingOf(f, a) };
}

/** A Billing user of the tenant's company, and the tenant as that user sees its own rows. */
async function billingOf(f: Factories, t: Tenant): Promise<Tenant> {
  const team = await f.team({ companyId: t.company.id, rights: BILLING_RIGHTS });
  const user = await f.user({
    teamId: team.id,
    companyId: t.company.id,
    id: `billing-${t.tag}@test.example`,
    messagingCAccess: true,
  });
  return { ...t, user, upload: await f.startedUpload(user) };
}

dbTest(
  "[authz] role matrix: every operation answers every role as docs/role-matrix.md says",
  async (
    ctx,
    t,
  ) => {
    const table = await readTable();
    const probes: Probes = await loadProbes();
    assert.deepEqual(
      OPERATIONS.filter((op) => !table.has(op.id)).map((op) => op.id),
      [],
      "operations without a row in docs/role-matrix.md (deno run -A tests/authz/role_table.ts)",
    );
    assert.deepEqual(
      [...table.keys()].filter((id) => !OPERATIONS.some((op) => op.id === id)),
      [],
      "rows of docs/role-matrix.md for operations the contract does not have",
    );
    for (const op of OPERATIONS) {
      const row = table.get(op.id)!;
      assert.equal(row.route, `${op.method} ${op.path}`, `${op.id}: its method and path`);
      if (op.access !== "public") {
        // A signed-in operation never shows one company's rows to another's client.
        for (const c of ["clientAtoB"] as const) {
          assert.notEqual(row[c], "ok", `${op.id}: a cross-company cell must be ok- or an error`);
        }
      }
    }

    const admins = await Promise.all(ADMIN_RANKS.map((rights) => ctx.f.user({ rights })));
    const pctx: ProbeContext = { f: ctx.f, db: ctx.db };
    const readers = await world(ctx.f);

    for (const op of OPERATIONS) {
      await t.step(`${op.id} (${op.access}/${op.tenancy})`, async () => {
        const expected = table.get(op.id)!;
        const writes = changesData(op);
        const { a, b, billing } = writes ? await world(ctx.f) : readers;
        const observed = {} as Row;
        const problems: string[] = [];

        const ask = async (who: { key: number } | null, about: Tenant) =>
          await send(
            ctx.app,
            op,
            await probes[op.id](about, pctx),
            who ? await tokenFor(ctx.db, who) : undefined,
          );
        /**
         * An answer, checked against `caller`'s cell (or `column`'s: Billing about B answers as
         * client A → B); the observed cell is recorded under `caller`.
         */
        const record = (caller: Caller, about: Tenant, r: Answer, column: Caller = caller) => {
          const label = `${caller} about ${about.tag}: ${r.status} ${r.body.slice(0, 200)}`;
          if (column === caller) observed[caller] = cellOf(r.status, expected[caller]);
          if (!fits(expected[column], r.status)) problems.push(label);
          return { ...r, label };
        };
        const call = async (
          caller: Caller,
          who: { key: number } | null,
          about: Tenant,
          column?: Caller,
        ) => record(caller, about, await ask(who, about), column);
        /** A client's answer: none of B's markers; about its own rows, its rows shown. */
        const asClient = async (caller: Caller, who: Tenant, about: Tenant, column?: Caller) => {
          const r = await call(caller, who.user, about, column);
          // A public operation's input says whom it is for (B's credentials sign in as B).
          const leaked = op.access === "public" ? [] : leaks(r.text, b);
          if (leaked.length) problems.push(`shows B's ${leaked.join(", ")}: ${r.label}`);
          const own = about !== b && (op.tenancy === "company" || op.tenancy === "tgid");
          if (own && ok(r.status) && !markersOf(a).some((m) => r.text.includes(m))) {
            problems.push(`its own rows are missing: ${r.label}`);
          }
        };

        await call("anonymous", null, a);
        await asClient("clientAtoB", a, b);
        await asClient("billing", billing, b, "clientAtoB");
        await asClient("clientA", a, a);
        await asClient("billing", billing, billing);
        let shared = b;
        for (const [i, rights] of ADMIN_RANKS.entries()) {
          const caller = `admin${rights}` as const;
          let r = await ask(admins[i], shared);
          if (writes && i > 0 && !fits(expected[caller], r.status)) {
            // The rank before used B up (deleted its row, took its name): a B of its own.
            shared = await makeTenant(ctx.f);
            r = await ask(admins[i], shared);
          }
          record(caller, shared, r);
        }

        assert.deepEqual(
          problems,
          [],
          `${op.method} ${op.path} (A ${a.tag}, B ${b.tag})\nobserved: ${
            rowLine(op, observed)
          }\nexpected: ${rowLine(op, expected)}`,
        );
        assert.equal(CALLERS.filter((c) => !observed[c]).length, 0, "every caller was asked");
      });
    }
  },
);
