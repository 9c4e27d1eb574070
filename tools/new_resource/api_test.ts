/** A new resource's API test, `tests/api/<area>/<name>_test.ts`. */
import type { Names } from "./names.ts";

export function apiTest(n: Names): string {
  return `/**
 * The ${n.rest} calls: create, find, get, update and delete; a client reaches only its company's
 * ${n.words} (another company's answer 404, like missing ones); bad input answers 400 naming the
 * field.
 */
import assert from "node:assert/strict";
import { type Ctx, dbTest, signIn } from "../../fixtures/app.ts";
import { TEST_PASSWORD, unique } from "../../fixtures/factories.ts";
import { ${n.CONST}_LABEL_MAX as LABEL_MAX } from "../../../openapi/schemas/${n.name}/${n.one}_messages.ts";

/** A company with a signed-in client user. */
async function client(ctx: Ctx) {
  const company = await ctx.f.company();
  const user = await ctx.f.user({ rights: 100, companyId: company.id });
  const { token } = await signIn(ctx, user.id, TEST_PASSWORD);
  return { company, token };
}

const post = (ctx: Ctx, token: string, op: string, json: unknown) =>
  ctx.call("POST", \`${n.rest}/\${op}\`, { token, json });
const get = (ctx: Ctx, token: string, id: number | string) =>
  ctx.call("GET", \`${n.rest}/get?id=\${id}\`, { token });

/** A new ${n.word} of the client's company, as the API answers it. */
async function make(
  ctx: Ctx,
  owner: { company: { id: number }; token: string },
  label = unique("${n.Word}"),
) {
  const r = await post(ctx, owner.token, "create", { company: owner.company.id, label });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body;
}

dbTest("[rest/${n.camel}] create, find, get, update and delete", async (ctx) => {
  const a = await client(ctx);
  const label = unique("${n.Word}");
  const made = await post(ctx, a.token, "create", { company: a.company.id, label: \`  \${label} \` });
  assert.equal(made.status, 200, JSON.stringify(made.body));
  assert.deepEqual(made.body, {
    id: made.body.id,
    company: { id: a.company.id, name: a.company.name },
    label,
    createdAt: made.body.createdAt,
  });
  assert.ok(!Number.isNaN(Date.parse(made.body.createdAt)));

  const found = await post(ctx, a.token, "find", { filter: { label } });
  assert.equal(found.status, 200, JSON.stringify(found.body));
  assert.deepEqual(found.body.results, [made.body]);
  assert.equal(found.body.filtered, 1);
  assert.equal(found.body.total, 1);

  const got = await get(ctx, a.token, made.body.id);
  assert.equal(got.status, 200);
  assert.deepEqual(got.body, made.body);

  const updated = await post(ctx, a.token, "update", { id: made.body.id, label: "Renamed" });
  assert.equal(updated.status, 200, JSON.stringify(updated.body));
  assert.deepEqual(updated.body, { ...made.body, label: "Renamed" });
  assert.equal((await get(ctx, a.token, made.body.id)).body.label, "Renamed");

  const deleted = await post(ctx, a.token, "delete", { id: made.body.id });
  assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
  assert.deepEqual(deleted.body, updated.body);
  assert.equal((await get(ctx, a.token, made.body.id)).status, 404);
});

dbTest("[rest/${n.camel}] find sorts, pages and filters by company", async (ctx) => {
  const a = await client(ctx);
  const tail = unique("");
  const [alpha, bravo, charlie] = [
    await make(ctx, a, \`Alpha\${tail}\`),
    await make(ctx, a, \`Bravo\${tail}\`),
    await make(ctx, a, \`Charlie\${tail}\`),
  ];
  const byLabel = [charlie, bravo, alpha];
  const r = await post(ctx, a.token, "find", {
    filter: { company: String(a.company.id) },
    sorting: { field: "label", direction: "desc" },
    count: 2,
    page: 1,
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(r.body.results, byLabel.slice(0, 2));
  assert.equal(r.body.filtered, 3);
  const next = await post(ctx, a.token, "find", {
    filter: { company: a.company.name },
    sorting: { field: "label", direction: "desc" },
    count: 2,
    page: 2,
  });
  assert.deepEqual(next.body.results, byLabel.slice(2));
});

dbTest("[rest/${n.camel}] another company's ${n.word} answers 404, like a missing one", async (ctx) => {
  const a = await client(ctx), b = await client(ctx);
  const theirs = await make(ctx, a);
  const missing = await get(ctx, b.token, 2_000_000_000);
  assert.equal(missing.status, 404);
  for (
    const r of [
      await get(ctx, b.token, theirs.id),
      await post(ctx, b.token, "update", { id: theirs.id, label: "Taken" }),
      await post(ctx, b.token, "delete", { id: theirs.id }),
    ]
  ) {
    assert.equal(r.status, 404, JSON.stringify(r.body));
    assert.deepEqual(r.body, missing.body);
  }
  const listed = await post(ctx, b.token, "find", { filter: { id: theirs.id } });
  assert.equal(listed.status, 200);
  assert.deepEqual(listed.body.results, []);
  assert.equal(listed.body.total, 0);
  const intoTheirs = await post(ctx, b.token, "create", { company: a.company.id, label: "Mine" });
  assert.equal(intoTheirs.status, 404, JSON.stringify(intoTheirs.body));
  assert.deepEqual(intoTheirs.body, { code: 404, message: "Company not found" });
  // Still there, unchanged; an administrator reaches every company's.
  const admin = await signIn(ctx, (await ctx.f.user({ rights: 1 })).id, TEST_PASSWORD);
  assert.deepEqual((await get(ctx, admin.token, theirs.id)).body, theirs);
});

dbTest("[rest/${n.camel}] bad input answers 400 naming the field", async (ctx) => {
  const a = await client(ctx);
  const refused = async (op: string, json: unknown, path: string) => {
    const r = await post(ctx, a.token, op, json);
    assert.equal(r.status, 400, \`\${op} \${JSON.stringify(json)}: \${JSON.stringify(r.body)}\`);
    assert.ok(
      r.body.fields.some((f: { path: string }) => f.path === path),
      JSON.stringify(r.body),
    );
  };
  await refused("create", { company: a.company.id, label: "  " }, "label");
  await refused("create", { company: a.company.id, label: "x".repeat(LABEL_MAX + 1) }, "label");
  await refused("create", { company: a.company.id, label: "a\\u0000b" }, "label");
  await refused("create", { label: "No company" }, "company");
  await refused("update", { id: "one", label: "x" }, "id");
  await refused("delete", {}, "id");
  await refused("find", { filter: { id: "abc" } }, "filter.id");
  await refused("find", { sorting: { field: "company" } }, "sorting.field");
  const r = await get(ctx, a.token, "abc");
  assert.equal(r.status, 400);
});
`;
}
