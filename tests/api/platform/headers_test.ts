/**
 * Headers that protect pages and sessions (docs/security.md): the pages' Content-Security-Policy
 * (no inline script, no plugins, no <base>, no framing), no caching of signed-in answers, and
 * the session cookie's flags — Secure whenever the portal is reached over HTTPS, directly or
 * behind a trusted proxy.
 */
import assert from "node:assert/strict";
import { call, dbTest, signIn, testApp } from "../../fixtures/app.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";

/** A CSP header as directive → sources. */
const directives = (csp: string) =>
  Object.fromEntries(
    csp.split(";").map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map((
      [name, ...values],
    ) => [name, values]),
  );

dbTest("[security/headers] pages: CSP without inline script, no caching", async (ctx, t) => {
  const user = await ctx.f.user({ rights: 100 });
  const { cookie } = await signIn(ctx, user.id, TEST_PASSWORD);
  for (const path of ["/", "/account", "/login"]) {
    await t.step(path, async () => {
      const r = await ctx.call("GET", path, path === "/login" ? {} : { cookie });
      assert.equal(r.status, 200, path);
      const csp = directives(r.res.headers.get("content-security-policy") ?? "");
      for (const d of ["script-src", "default-src"]) {
        assert.ok(csp[d], `${d} is set`);
        assert.ok(!csp[d].some((v: string) => /unsafe-inline|unsafe-eval|\*/.test(v)), d);
      }
      assert.deepEqual(csp["object-src"], ["'none'"]);
      assert.deepEqual(csp["base-uri"], ["'none'"]);
      assert.deepEqual(csp["frame-ancestors"], ["'none'"]);
      assert.equal(r.res.headers.get("cache-control"), "no-store");
      assert.equal(r.res.headers.get("x-content-type-options"), "nosniff");
    });
  }
  await t.step("/rest answers are not cached either", async () => {
    const r = await ctx.call("GET", "/rest/users/current", { cookie });
    assert.equal(r.status, 200);
    assert.equal(r.res.headers.get("cache-control"), "no-store");
  });
});

dbTest(
  "[security/headers] pages: one inline sheet, the frame's, allowed by its hash; no other inline style",
  async (ctx) => {
    const user = await ctx.f.user({ rights: 100 });
    const { cookie } = await signIn(ctx, user.id, TEST_PASSWORD);
    const page = await ctx.call("GET", "/account", { cookie });
    const html = new TextDecoder().decode(page.body);
    const sheets = [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1]);
    assert.equal(sheets.length, 1, "one inline sheet");
    assert.match(sheets[0], /@layer frame/);
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(sheets[0]));
    const hash = `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
    const csp = directives(page.res.headers.get("content-security-policy") ?? "");
    assert.deepEqual(csp["style-src"], ["'self'", hash]);

    const login = await ctx.call("GET", "/login");
    assert.doesNotMatch(new TextDecoder().decode(login.body), /<style/);
  },
);

dbTest(
  "[security/headers] the session cookie: HttpOnly, SameSite, Secure over HTTPS",
  async (ctx, t) => {
    const user = await ctx.f.user({ rights: 100 });
    const login = async (app: typeof ctx.app, url: string, headers: Record<string, string> = {}) =>
      (await app.request(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ username: user.id, password: TEST_PASSWORD }),
      })).headers.get("set-cookie") ?? "";

    await t.step("plain HTTP (local use): HttpOnly and SameSite=Strict, not Secure", async () => {
      const cookie = await login(ctx.app, "http://localhost/rest/users/login");
      assert.match(cookie, /HttpOnly/);
      assert.match(cookie, /SameSite=Strict/);
      assert.doesNotMatch(cookie, /Secure/);
    });
    await t.step("HTTPS: Secure", async () => {
      assert.match(await login(ctx.app, "https://localhost/rest/users/login"), /; Secure/);
    });
    await t.step("behind a trusted proxy that terminated HTTPS: Secure", async () => {
      const proxied = testApp(ctx.database, { TRUST_PROXY: "true" });
      const cookie = await login(proxied, "http://localhost/rest/users/login", {
        "x-forwarded-proto": "https",
      });
      assert.match(cookie, /; Secure/);
      assert.match(cookie, /HttpOnly/);
    });
    await t.step("an untrusted X-Forwarded-Proto is ignored", async () => {
      const cookie = await login(ctx.app, "http://localhost/rest/users/login", {
        "x-forwarded-proto": "https",
      });
      assert.doesNotMatch(cookie, /Secure/);
    });
    await t.step("sign-out clears it", async () => {
      const { token } = await signIn(ctx, user.id, TEST_PASSWORD);
      const r = await call(ctx.app, "POST", "/rest/users/logout", { token, json: {} });
      assert.equal(r.status, 200);
      assert.match(r.res.headers.get("set-cookie") ?? "", /portal_session=;.*Max-Age=0/);
    });
  },
);
