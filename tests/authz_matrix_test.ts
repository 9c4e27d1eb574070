/**
 * The authorization matrix: every operation of the contract, whatever resource added it, is
 * called as anonymous, as a client of company A, as a client of company B and as an
 * administrator, with its probe's request (tests/authz/<resource>.ts) about A's rows and about
 * B's. What each must answer follows from the operation's declaration (`x-access`, `x-tenancy`):
 *
 * - anonymous: 401, unless the operation is public (then it works, and that is all: a public
 *   operation's input says who it is for — credentials, a set-password link);
 * - admin-only: 403 to both clients, success for the administrator;
 * - any signed-in user: success for each client about its own company's rows (and the answer
 *   shows them), 404 or an answer without them about the other company's; success for the
 *   administrator about either company.
 *
 * No answer to one client may contain anything of the other tenant (its tag or its dnid).
 */
import assert from "node:assert/strict";
import { dbTest } from "./fixtures/app.ts";
import { loadProbes, makeTenant, markersOf, type Tenant } from "./authz/tenant.ts";
import { OPERATIONS, send, tokenFor } from "./authz/operations.ts";

const ok = (status: number) => status >= 200 && status < 300;

const leaks = (text: string, other: Tenant) => markersOf(other).filter((m) => text.includes(m));

dbTest(
  "[authz] every operation is declared, probed and answers each caller as declared",
  async (ctx, t) => {
    const probes = await loadProbes();
    const missing = OPERATIONS.filter((op) => !probes[op.id]).map((op) => op.id);
    assert.deepEqual(missing, [], "operations without a probe in tests/authz/probes/<resource>.ts");
    const unknown = Object.keys(probes).filter((id) => !OPERATIONS.some((op) => op.id === id));
    assert.deepEqual(unknown, [], "probes for operations the contract does not have");

    const admin = await ctx.f.user({ rights: 1 });
    const pctx = { f: ctx.f, db: ctx.db };

    for (const op of OPERATIONS) {
      await t.step(`${op.id} (${op.access}/${op.tenancy})`, async () => {
        const a = await makeTenant(ctx.f), b = await makeTenant(ctx.f);
        const probe = probes[op.id];
        const call = async (who: { key: number } | null, about: Tenant) =>
          await send(
            ctx.app,
            op,
            await probe(about, pctx),
            who ? await tokenFor(ctx.db, who) : undefined,
          );
        const label = (who: string, about: string, r: { status: number; body: string }) =>
          `${op.method} ${op.path} as ${who} about ${about}: ${r.status} ${r.body.slice(0, 300)}`;

        const anonymous = await call(null, a);
        if (op.access === "public") {
          // Its input says who it is for (credentials, a set-password link): that is all.
          assert.ok(ok(anonymous.status), label("anonymous", "A", anonymous));
          return;
        }
        assert.equal(anonymous.status, 401, label("anonymous", "A", anonymous));
        assert.deepEqual(JSON.parse(anonymous.body), { code: 401, message: "Please sign in" });

        if (op.access === "admin") {
          for (const [client, own] of [[a, "A"], [b, "B"]] as const) {
            const r = await call(client.user, client);
            assert.equal(r.status, 403, label(`client ${own}`, own, r));
            assert.deepEqual(JSON.parse(r.body), {
              code: 403,
              message: "Administrator permission required",
            });
          }
          const r = await call(admin, a);
          assert.ok(ok(r.status), label("admin", "A", r));
          return;
        }

        // Any signed-in user: each client, about the other's rows, then its own.
        for (const [client, other, own, them] of [[a, b, "A", "B"], [b, a, "B", "A"]] as const) {
          const cross = await call(client.user, other);
          assert.ok(ok(cross.status) || cross.status === 404, label(`client ${own}`, them, cross));
          assert.deepEqual(leaks(cross.text, other), [], label(`client ${own}`, them, cross));
          const mine = await call(client.user, client);
          assert.ok(ok(mine.status), label(`client ${own}`, own, mine));
          assert.deepEqual(leaks(mine.text, other), [], label(`client ${own}`, own, mine));
          if (op.tenancy === "company" || op.tenancy === "tgid") {
            // The probe is about rows the client owns: the answer shows them.
            assert.ok(
              markersOf(client).some((m) => mine.text.includes(m)),
              label(`client ${own}`, own, mine) + " (its own rows are missing)",
            );
          }
        }
        const byAdmin = await call(admin, b);
        assert.ok(
          ok(byAdmin.status) || (op.tenancy === "caller" && byAdmin.status === 404),
          label("admin", "B", byAdmin),
        );
      });
    }
  },
);
