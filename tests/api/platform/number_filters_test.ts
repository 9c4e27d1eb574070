/**
 * The find calls' number filters (FILTER_PATTERNS, generated from their schemas): letters are
 * refused with a 400 naming the filter field, with the message the browser shows for them
 * without asking (islands/runtime/api.ts); digits are a filter like any other.
 */
import assert from "node:assert/strict";
import { dbTest, signIn } from "../../fixtures/app.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";
import { FILTER_PATTERNS } from "../../../openapi/filter_patterns.ts";

/** The request of a FILTER_PATTERNS key (`path` or `path#type`) with one filter field. */
const request = (key: string, field: string, value: string) => {
  const [path, type] = key.split("#");
  return { path, json: { ...(type ? { type } : {}), filter: { [field]: value } } };
};

dbTest("[rest/find] letters in a number filter answer 400 naming the field", async (ctx, t) => {
  const admin = await ctx.f.user({ rights: 1 });
  const { token } = await signIn(ctx, admin.id, TEST_PASSWORD);
  const keys = Object.keys(FILTER_PATTERNS);
  // The lists the issue names: companies' id, dnids, tgids, terminals.
  for (const key of ["/rest/companies/find", "/rest/dnids/find", "/rest/tgid/find"]) {
    assert.ok(keys.includes(key), key);
  }
  assert.ok(keys.includes("/rest/terminal/findDevice"));
  for (const [key, fields] of Object.entries(FILTER_PATTERNS)) {
    await t.step(key, async () => {
      for (const [field, [pattern, message]] of Object.entries(fields)) {
        for (const bad of ["abc", "12x", "1 2", "1.5"]) {
          assert.ok(!new RegExp(pattern).test(bad), `${key} ${field}: ${bad} fits ${pattern}`);
          const { path, json } = request(key, field, bad);
          const r = await ctx.call("POST", path, { token, json });
          assert.equal(r.status, 400, `${key} ${field}=${bad}: ${JSON.stringify(r.body)}`);
          assert.equal(r.body.message, message);
          assert.deepEqual(r.body.fields, [{ path: `filter.${field}`, message }]);
        }
        for (const good of ["12", " 12 "]) {
          assert.ok(new RegExp(pattern).test(good), `${key} ${field}: ${good} breaks ${pattern}`);
          const { path, json } = request(key, field, good);
          const r = await ctx.call("POST", path, { token, json });
          assert.equal(r.status, 200, `${key} ${field}=${good}: ${JSON.stringify(r.body)}`);
        }
      }
    });
  }
});
