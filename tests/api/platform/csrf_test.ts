import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { dbTest, signIn } from "../../fixtures/app.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";
import { sessions } from "../../../db/schema/mod.ts";

const CROSS_SITE: Record<string, string>[] = [
  { "sec-fetch-site": "cross-site" },
  { "sec-fetch-site": "same-site" },
  { origin: "https://evil.example" },
  { origin: "http://localhost.evil.example" },
  // "Origin: null" (sandboxed frames, privacy settings) is only trusted with Sec-Fetch-Site.
  { origin: "null" },
  { origin: "null", "sec-fetch-site": "cross-site" },
  // Older browsers send no Sec-Fetch-Site: then the Origin, else the Referer, must be ours.
  { referer: "https://evil.example/page" },
  { referer: "http://localhost.evil.example/" },
  { referer: "not a url" },
  { origin: "https://evil.example", referer: "http://localhost/administration" },
  // None of the three: no browser sends that on our own pages' requests.
  {},
];

dbTest(
  "[auth/csrf] a cookie-carrying request from another site is refused and changes nothing",
  async (ctx, t) => {
    const user = await ctx.f.user();
    const { cookie, token } = await signIn(ctx, user.id, TEST_PASSWORD);
    for (const headers of CROSS_SITE) {
      await t.step(JSON.stringify(headers), async () => {
        // Logout is a state change: a forged one must not end the session.
        const r = await ctx.call("POST", "/rest/users/logout", { cookie, headers, json: {} });
        assert.equal(r.status, 403);
        assert.deepEqual(r.body, { code: 403, message: "Cross-site request refused" });
        const g = await ctx.call("GET", "/rest/users/current", { cookie, headers });
        assert.equal(g.status, 403, "GET is not exempt: the spec deletes with GET");
      });
    }
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.userKey, user.key));
    assert.equal(row.revokedAt, null, "no forged request ended the session");
    await t.step("same-origin and direct navigations pass", async () => {
      for (
        const headers of [
          { "sec-fetch-site": "same-origin" } as Record<string, string>,
          {
            "sec-fetch-site": "none",
          },
          { origin: "http://localhost" },
          { origin: "null", "sec-fetch-site": "same-origin" },
          // An older browser's same-origin GET: no Sec-Fetch-Site, no Origin, our Referer.
          { referer: "http://localhost/administration/users" },
        ]
      ) {
        assert.equal(
          (await ctx.call("GET", "/rest/users/current", { cookie, headers })).status,
          200,
        );
      }
    });
    await t.step(
      "bearer-token calls carry no ambient credential and are not affected",
      async () => {
        const r = await ctx.call("GET", "/rest/users/current", {
          token,
          headers: { "sec-fetch-site": "cross-site" },
        });
        assert.equal(r.status, 200);
      },
    );
  },
);

dbTest("[auth/csrf] a cross-site login is refused (login CSRF) and sets no cookie", async (ctx) => {
  const user = await ctx.f.user();
  const r = await ctx.call("POST", "/rest/users/login", {
    json: { username: user.id, password: TEST_PASSWORD },
    headers: { origin: "https://evil.example" },
  });
  assert.equal(r.status, 403);
  assert.equal(r.res.headers.get("set-cookie"), null);
});

dbTest(
  "[auth/csrf] a program signs in without browser headers; a foreign Referer is refused",
  async (ctx) => {
    const user = await ctx.f.user();
    // curl, an integration: no Sec-Fetch-Site, Origin or Referer. It gets a token.
    const plain = await ctx.call("POST", "/rest/users/login", {
      json: { username: user.id, password: TEST_PASSWORD },
      headers: {},
    });
    assert.equal(plain.status, 200);
    const foreign = await ctx.call("POST", "/rest/users/login", {
      json: { username: user.id, password: TEST_PASSWORD },
      headers: { referer: "https://evil.example/" },
    });
    assert.equal(foreign.status, 403);
  },
);
