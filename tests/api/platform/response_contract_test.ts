/**
 * Answers are checked against the contract (server/http/response_contract.ts): the checker finds
 * each kind of mismatch in a real operation of the document, a server started with
 * `VALIDATE_RESPONSES=true` turns a mismatch into a 500 that says what broke, and the test client
 * (`call`) fails the test on it. Every other test's answers pass through the same check.
 */
import assert from "node:assert/strict";
import { Hono } from "hono";
import { call, dbTest, signIn } from "../../fixtures/app.ts";
import { generatedDocument } from "../../../openapi/generate.ts";
import {
  responseChecker,
  validateResponses,
  VIOLATION_HEADER,
} from "../../../server/http/response_contract.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";

const json = (extra: Record<string, string> = {}) =>
  new Headers({ "content-type": "application/json; charset=UTF-8", ...extra });

Deno.test("[contract/responses] the checker finds each kind of mismatch", async (t) => {
  const document = JSON.parse(generatedDocument());
  const check = responseChecker(document);
  const error = { code: 404, message: "Not found" };

  await t.step("an answer as declared passes", () => {
    assert.deepEqual(
      check("GET", "/rest/companies/get", { status: 404, headers: json(), body: error }),
      [],
    );
    assert.deepEqual(
      check("GET", "/health", {
        status: 200,
        headers: json(),
        body: { status: "ok", database: "pglite", version: "1", uptimeSeconds: 3 },
      }),
      [],
    );
  });

  await t.step("a status the operation does not declare", () => {
    const [problem] = check("GET", "/rest/companies/get", {
      status: 418,
      headers: json(),
      body: error,
    });
    assert.match(problem, /companiesGet\) 418: status not declared/);
  });

  await t.step("a body outside the schema: a missing field, a wrong type", () => {
    const [missing] = check("GET", "/rest/companies/get", {
      status: 404,
      headers: json(),
      body: { code: 404 },
    });
    assert.match(missing, /must have required property 'message'/);
    const [wrong] = check("GET", "/rest/teams/getMtls", {
      status: 200,
      headers: json(),
      body: [{
        imn: 423210017,
        serial: null,
        model: null,
        isValid: true,
        miniC: false,
        deviceId: null,
      }],
    });
    assert.match(wrong, /\/0\/imn must be string/);
  });

  await t.step("a content type the status does not declare", () => {
    const [problem] = check("GET", "/rest/companies/get", {
      status: 404,
      headers: new Headers({ "content-type": "text/html" }),
    });
    assert.match(problem, /content type text\/html is not one of application\/json/);
  });

  await t.step("a required header missing", () => {
    const headers = json();
    const body = { code: 429, message: "Too many", limit: 5, retryAt: "x", retryAfter: 9 };
    const [problem] = check("POST", "/rest/users/login", { status: 429, headers, body });
    assert.match(problem, /header Retry-After is missing/);
    headers.set("retry-after", "9");
    assert.deepEqual(check("POST", "/rest/users/login", { status: 429, headers, body }), []);
  });

  await t.step("paths outside the contract are not checked", () => {
    assert.deepEqual(check("GET", "/administration/users", { status: 200, headers: json() }), []);
  });
});

Deno.test("[contract/responses] VALIDATE_RESPONSES turns a mismatch into a 500 that names it", async () => {
  const document = JSON.parse(generatedDocument());
  const app = new Hono();
  app.use("*", validateResponses(() => document));
  // An answer the contract does not allow: /rest/companies/get never answers 418.
  app.get("/rest/companies/get", (c) => c.json({ code: 418, message: "teapot" }, 418));
  app.get("/rest/users/current", (c) => c.json({ code: 401, message: "Not signed in" }, 401));
  const bad = await app.request("/rest/companies/get");
  assert.equal(bad.status, 500);
  assert.match(
    decodeURIComponent(bad.headers.get(VIOLATION_HEADER) ?? ""),
    /418: status not declared/,
  );
  assert.match((await bad.json()).message, /^The response does not match the contract: /);
  const good = await app.request("/rest/users/current");
  assert.equal(good.status, 401);
  assert.equal(good.headers.get(VIOLATION_HEADER), null);
});

dbTest("[contract/responses] the test client fails a test on a violation", async (ctx) => {
  // The test app checks answers; a stub that answers like it did with a violation shows `call`
  // refusing it rather than handing the test a 500 to misread.
  const stub = {
    request: () =>
      Promise.resolve(
        new Response("{}", { status: 500, headers: { [VIOLATION_HEADER]: "GET%20x%3A%20bad" } }),
      ),
  } as unknown as Parameters<typeof call>[0];
  await assert.rejects(() => call(stub, "GET", "/rest/x"), /GET \/rest\/x: GET x: bad/);
  // And the real app, with its check on, answers a real call within the contract.
  const user = await ctx.f.user({ rights: 100 });
  const { token } = await signIn(ctx, user.id, TEST_PASSWORD);
  const r = await ctx.call("GET", "/rest/users/current", { token });
  assert.equal(r.status, 200);
});
