import assert from "node:assert/strict";
import { dbTest } from "../../fixtures/app.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";
import { createApiClient } from "../../../openapi/client.ts";

dbTest("[openapi/client] the generated typed client signs in and calls the API", async (ctx) => {
  const user = await ctx.f.user({ rights: 15 });
  const fetch = (request: Request) => Promise.resolve(ctx.app.fetch(request));
  const anonymous = createApiClient("http://localhost", { fetch });
  const { data, error } = await anonymous.POST("/rest/users/login", {
    body: { username: user.id, password: TEST_PASSWORD, remember: false },
  });
  assert.equal(error, undefined);
  assert.equal(data?.team.rights, 15);
  const client = createApiClient("http://localhost", { fetch, token: data!.token });
  const me = await client.GET("/rest/users/current");
  assert.equal(me.data?.id, user.id);
  const codes = await client.GET("/rest/error/all");
  assert.ok((codes.data ?? []).length > 10);
  const denied = await anonymous.GET("/rest/users/current");
  assert.deepEqual(denied.error, { code: 401, message: "Please sign in" });
});
