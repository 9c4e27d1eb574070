import assert from "node:assert/strict";
import { dbTest } from "../../fixtures/app.ts";

dbTest("[docs] the API reference is served from our own files, never a CDN", async (ctx, t) => {
  const page = await ctx.app.request("http://localhost/docs");
  const html = await page.text();
  await t.step("the page loads only same-origin assets", () => {
    assert.equal(page.status, 200);
    const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    assert.ok(urls.length >= 3);
    for (const url of urls) assert.ok(url.startsWith("/"), `${url} is same-origin`);
    assert.match(page.headers.get("content-security-policy") ?? "", /default-src 'self'/);
  });
  await t.step("every asset it references is served", async () => {
    for (const [, url] of html.matchAll(/(?:src|href)="(\/[^"]+)"/g)) {
      if (url === "/openapi.json") continue;
      const res = await ctx.app.request(`http://localhost${url}`);
      assert.equal(res.status, 200, url);
      assert.ok((await res.arrayBuffer()).byteLength > 0, url);
    }
  });
  await t.step("the contract is public and OpenAPI 3.1", async () => {
    const res = await ctx.app.request("http://localhost/openapi.json");
    const doc = await res.json();
    assert.equal(doc.openapi, "3.1.0");
    assert.ok(doc.paths["/rest/users/login"]);
  });
});
