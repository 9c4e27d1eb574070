import assert from "node:assert/strict";
import { SignJWT } from "jose";
import { dbTest, signIn, TEST_SECRET } from "../../fixtures/app.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";

const PROTECTED = [
  ["GET", "/rest/users/current"],
  ["POST", "/rest/users/logout"],
  ["GET", "/rest/error/all"],
  ["GET", "/rest/file/get?name=user-guide.pdf"],
  ["GET", "/rest/anything/that/does/not/exist"],
] as const;

dbTest("[auth] every /rest call but login answers 401 without a valid session", async (ctx, t) => {
  const user = await ctx.f.user();
  const forged = await new SignJWT({ sid: crypto.randomUUID() }).setProtectedHeader({
    alg: "HS256",
  })
    .setIssuer("portal").setSubject(String(user.key)).setExpirationTime("1h")
    .sign(new TextEncoder().encode("another-secret-another-secret-another-secret"));
  const unknownSession = await new SignJWT({ sid: crypto.randomUUID() }).setProtectedHeader({
    alg: "HS256",
  })
    .setIssuer("portal").setSubject(String(user.key)).setExpirationTime("1h")
    .sign(new TextEncoder().encode(TEST_SECRET));
  const credentials = {
    "no credentials": {},
    "a malformed bearer": { token: "not-a-jwt" },
    "a token signed with another secret": { token: forged },
    "a validly signed token for no session": { token: unknownSession },
    "a garbage cookie": { cookie: "portal_session=abc" },
  };
  for (const [label, cred] of Object.entries(credentials)) {
    await t.step(label, async () => {
      for (const [method, path] of PROTECTED) {
        const r = await ctx.call(method, path, {
          ...cred,
          json: method === "POST" ? {} : undefined,
        });
        assert.equal(r.status, 401, `${method} ${path}`);
        assert.deepEqual(r.body, { code: 401, message: "Please sign in" });
      }
    });
  }
});

dbTest(
  "[auth] an admin-only call answers 403 to rights 100 and above, passes below 100",
  async (ctx) => {
    // Every rights value of the spec on one real admin-only operation; the authorization matrix
    // (tests/authz_matrix_test.ts) covers every operation with one admin and two clients.
    for (
      const [rights, expected] of [
        [0, 200],
        [1, 200],
        [11, 200],
        [15, 200],
        [20, 200],
        [
          30,
          200,
        ],
        [100, 403],
        [200, 403],
      ]
    ) {
      const user = await ctx.f.user({ rights });
      const { token } = await signIn(ctx, user.id, TEST_PASSWORD);
      const r = await ctx.call("GET", "/rest/companies/all", { token });
      assert.equal(r.status, expected, `rights ${rights}`);
      if (expected === 403) {
        assert.deepEqual(r.body, { code: 403, message: "Administrator permission required" });
      }
    }
  },
);

dbTest(
  "[auth] a client user is refused another company's file; admins and the owner get it",
  async (ctx) => {
    const a = await ctx.f.company();
    const b = await ctx.f.company();
    const clientA = await ctx.f.user({ rights: 100, companyId: a.id });
    const admin = await ctx.f.user({ rights: 1 });
    const fileB = await ctx.f.file({ companyId: b.id });
    const fileA = await ctx.f.file({ companyId: a.id });
    const { token } = await signIn(ctx, clientA.id, TEST_PASSWORD);
    const refused = await ctx.call("GET", `/rest/file/get?name=${fileB.name}`, { token });
    assert.equal(refused.status, 404);
    assert.deepEqual(refused.body, { code: 404, message: "File not found" });
    assert.equal(
      (await ctx.call("GET", `/rest/file/get?name=${fileA.name}`, { token })).status,
      200,
    );
    const adminToken = (await signIn(ctx, admin.id, TEST_PASSWORD)).token;
    assert.equal(
      (await ctx.call("GET", `/rest/file/get?name=${fileB.name}`, { token: adminToken })).status,
      200,
    );
  },
);
