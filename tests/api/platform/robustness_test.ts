/**
 * No request can make the server answer 500 or leak internals: every operation of the contract is
 * called with malformed and hostile input, signed in and not.
 */
import assert from "node:assert/strict";
import { dbTest, signIn } from "../../fixtures/app.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";
import { generatedDocument } from "../../../openapi/generate.ts";

const operations = Object.entries(
  JSON.parse(generatedDocument()).paths as Record<string, Record<string, unknown>>,
).flatMap(([path, item]) =>
  Object.keys(item).map((method) => ({ method: method.toUpperCase(), path }))
);

const BODIES = [
  "",
  "null",
  "[]",
  '"text"',
  "{",
  '{"username": {"$ne": null}, "password": ["x"]}',
  JSON.stringify({ username: "a".repeat(10_000), password: "b" }),
  JSON.stringify({ username: "x'; drop table users; --", password: "\u0000\uffff" }),
];
const QUERIES = [
  "",
  "?name=",
  "?name=%00",
  "?name=../../etc/passwd",
  `?name=${"x".repeat(5000)}`,
  "?id=1&id=2",
];

dbTest(
  "[robustness] malformed input never answers 500 and always answers {code, message}",
  async (ctx) => {
    const user = await ctx.f.user({ rights: 100 });
    const { token } = await signIn(ctx, user.id, TEST_PASSWORD);
    for (const auth of [undefined, token]) {
      for (const { method, path } of operations) {
        const variants = method === "GET"
          ? QUERIES.map((q) => ({ url: path + q, body: undefined as string | undefined }))
          : BODIES.map((body) => ({ url: path, body }));
        for (const { url, body } of variants) {
          const res = await ctx.app.request(`http://localhost${url}`, {
            method,
            body,
            headers: {
              ...(body === undefined ? {} : { "content-type": "application/json" }),
              ...(auth ? { authorization: `Bearer ${auth}` } : {}),
            },
          });
          const label = `${method} ${url.slice(0, 60)} ${String(body).slice(0, 40)} ${
            auth ? "signed in" : "anonymous"
          }`;
          assert.ok(res.status < 500, `${label} answered ${res.status}`);
          if (res.status >= 400) {
            const err = await res.json();
            assert.equal(typeof err.code, "number", label);
            assert.equal(typeof err.message, "string", label);
            assert.doesNotMatch(JSON.stringify(err), /\.ts:\d+|at [A-Za-z]+ \(|stack/i, label);
          } else await res.body?.cancel();
        }
      }
    }
  },
);

dbTest("[robustness] a body over 1 MB is refused with 413 before it is parsed", async (ctx) => {
  const r = await ctx.call("POST", "/rest/users/login", {
    json: { username: "a@b.test", password: "x".repeat(1_100_000) },
  });
  assert.equal(r.status, 413);
  assert.equal(r.body.code, 413);
});
