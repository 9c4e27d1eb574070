/**
 * A method a path does not have answers 405 with `Allow` (and OPTIONS 204 with it), for every
 * path of the contract and the app's other routes; an unknown path stays 404 (401 under /rest
 * without a session). Pages are served by one catch-all GET, so a page path is not "known" here.
 */
import assert from "node:assert/strict";
import { dbTest } from "../../fixtures/app.ts";
import { generatedDocument } from "../../../openapi/generate.ts";

/** Methods a test request can carry (fetch forbids TRACE, CONNECT and TRACK). */
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

const contractPaths = () =>
  Object.entries(JSON.parse(generatedDocument()).paths as Record<string, Record<string, unknown>>)
    .map(([path, item]) => ({
      // A path parameter ({id}) as a value; our contract's paths have none today.
      path: path.replace(/\{[^}]+\}/g, "1"),
      methods: Object.keys(item).map((m) => m.toUpperCase()),
    }));

dbTest("[http] a method a path does not have answers 405 with Allow", async (ctx, t) => {
  await t.step("every path of the contract, with one method it does not have", async () => {
    const wrong: string[] = [];
    for (const { path, methods } of contractPaths()) {
      const other = METHODS.find((m) => !methods.includes(m))!;
      const r = await ctx.call(other, path);
      const allow = (r.res.headers.get("allow") ?? "").split(", ");
      const expected = [...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"];
      if (r.status !== 405 || expected.some((m) => !allow.includes(m))) {
        wrong.push(`${other} ${path}: ${r.status}, Allow: ${allow.join(", ")}`);
      } else {
        assert.equal(r.body.code, 405);
        assert.match(r.body.message, new RegExp(`^Method ${other} is not allowed here`));
      }
    }
    assert.deepEqual(wrong, []);
  });

  await t.step("OPTIONS answers 204 with Allow", async () => {
    const r = await ctx.call("OPTIONS", "/rest/users/login");
    assert.equal(r.status, 204);
    assert.equal(r.res.headers.get("allow"), "POST, OPTIONS");
  });

  await t.step("a route outside the contract answers its methods too", async () => {
    const r = await ctx.call("POST", "/openapi.json");
    assert.equal(r.status, 405);
    assert.equal(r.res.headers.get("allow"), "GET, HEAD, OPTIONS");
  });

  await t.step(
    "an unknown path is still not found (401 under /rest without a session)",
    async () => {
      assert.equal((await ctx.call("DELETE", "/no/such/page")).status, 404);
      assert.equal((await ctx.call("PUT", "/rest/no/such/call")).status, 401);
    },
  );
});
