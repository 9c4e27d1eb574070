import assert from "node:assert/strict";
import { dbTest, signIn, testApp } from "../../fixtures/app.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";
import { companies } from "../../../db/schema/mod.ts";
import { fromDatabaseError } from "../../../server/errors.ts";

dbTest("[errors] every failure answers {code, message} and never a stack", async (ctx, t) => {
  const user = await ctx.f.user();
  const { token } = await signIn(ctx, user.id, TEST_PASSWORD);
  await t.step("malformed JSON is a 400", async () => {
    const res = await ctx.app.request("http://localhost/rest/users/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    assert.equal(res.status, 400);
    const body = await res.json();
    assert.equal(body.code, 400);
    assert.equal(typeof body.message, "string");
  });
  await t.step("a wrong type is a 400 naming the field", async () => {
    const r = await ctx.call("POST", "/rest/users/login", {
      json: { username: "a@b.test", password: "x", remember: "yes" },
    });
    assert.equal(r.status, 400);
    assert.deepEqual(r.body.fields.map((f: { path: string }) => f.path), ["remember"]);
  });
  await t.step("a missing query parameter is a 400", async () => {
    const r = await ctx.call("GET", "/rest/file/get", { token });
    assert.equal(r.status, 400);
    assert.equal(r.body.fields[0].path, "name");
  });
  await t.step("an unknown path is a 404 in the same shape", async () => {
    const r = await ctx.call("GET", "/rest/nothing/here", { token });
    assert.deepEqual(r.body, { code: 404, message: "Not found" });
  });
  await t.step("an unexpected failure is a bare 500", async () => {
    const app = testApp(ctx.database);
    app.get("/rest/test/boom", () => {
      throw new Error("secret internals at /srv/app.ts:42");
    });
    const original = console.error;
    console.error = () => {};
    try {
      const res = await app.request("http://localhost/rest/test/boom", {
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(res.status, 500);
      const text = await res.text();
      assert.deepEqual(JSON.parse(text), { code: 500, message: "Internal server error" });
      assert.doesNotMatch(text, /secret|srv|stack/);
    } finally {
      console.error = original;
    }
  });
});

dbTest("[errors] a unique-key violation from the database maps to code 23000", async (ctx) => {
  const company = await ctx.f.company();
  const err = await ctx.db.insert(companies).values({ name: company.name }).then(
    () => null,
    (e) => e,
  );
  assert.ok(err, "the duplicate insert must fail");
  const mapped = fromDatabaseError(err);
  assert.ok(mapped);
  assert.equal(mapped.status, 409);
  assert.deepEqual(mapped.body(), {
    code: 23000,
    message: "An item with this identifier already exists",
  });
  assert.equal(fromDatabaseError(new Error("not a database error")), null);
});

dbTest("[rest/error] all lists the error codes in ascending order", async (ctx) => {
  const user = await ctx.f.user();
  const { token } = await signIn(ctx, user.id, TEST_PASSWORD);
  const r = await ctx.call("GET", "/rest/error/all", { token });
  assert.equal(r.status, 200);
  const codes = r.body.map((e: { code: number }) => e.code);
  assert.deepEqual(codes, [...codes].sort((a: number, b: number) => a - b));
  for (const code of [-1, 401, 403, 404, 429, 500, 23000]) {
    assert.ok(codes.includes(code), `code ${code}`);
  }
  assert.ok(r.body.every((e: { message: string }) => e.message.length > 0));
});

dbTest("[rest/file] the user guide downloads as a PDF for any signed-in user", async (ctx) => {
  const user = await ctx.f.user({ rights: 100 });
  const { token } = await signIn(ctx, user.id, TEST_PASSWORD);
  const r = await ctx.call("GET", "/rest/file/get?name=user-guide.pdf", { token });
  assert.equal(r.status, 200);
  assert.equal(r.res.headers.get("content-type"), "application/pdf");
  assert.match(
    r.res.headers.get("content-disposition") ?? "",
    /attachment; filename="user-guide.pdf"/,
  );
  assert.equal(new TextDecoder().decode(r.body.slice(0, 5)), "%PDF-");
  assert.equal(Number(r.res.headers.get("content-length")), r.body.byteLength);
  const etag = r.res.headers.get("etag");
  assert.match(etag ?? "", /^"[0-9a-f]{64}"$/);
  const again = await ctx.call("GET", "/rest/file/get?name=user-guide.pdf", {
    token,
    headers: { "if-none-match": etag! },
  });
  assert.equal(again.status, 304, "a current copy is not sent twice");
  const missing = await ctx.call("GET", "/rest/file/get?name=nope.pdf", { token });
  assert.deepEqual(missing.body, { code: 404, message: "File not found" });
});

dbTest("[health] answers without a session and names the database", async (ctx) => {
  const r = await ctx.call("GET", "/health");
  assert.equal(r.status, 200);
  assert.equal(r.body.status, "ok");
  assert.equal(r.body.database, ctx.kind);
});
