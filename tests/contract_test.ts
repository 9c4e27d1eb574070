import assert from "node:assert/strict";
import { generatedDocument, generatedTypes } from "../openapi/generate.ts";

const root = new URL("../openapi/", import.meta.url);
const PUBLIC_PATHS = ["/rest/users/login", "/rest/users/setPassword"];

Deno.test("[contract] openapi/openapi.json is what the server generates (run `deno task openapi`)", async () => {
  const committed = await Deno.readTextFile(new URL("openapi.json", root));
  assert.equal(
    committed,
    generatedDocument(),
    "openapi/openapi.json is stale: run `deno task openapi`",
  );
});

Deno.test("[contract] the islands' typed client types are generated from that document", async () => {
  const committed = await Deno.readTextFile(new URL("types.ts", root));
  assert.equal(
    committed,
    await generatedTypes(),
    "openapi/types.ts is stale: run `deno task openapi`",
  );
});

Deno.test("[contract] every /rest operation declares its errors and, but for login, needs a session", () => {
  const doc = JSON.parse(generatedDocument());
  assert.equal(doc.openapi, "3.1.0");
  for (
    const [path, item] of Object.entries(
      doc.paths as Record<string, Record<string, Record<string, unknown>>>,
    )
  ) {
    for (const [method, op] of Object.entries(item)) {
      const responses = op.responses as Record<string, unknown>;
      assert.ok(responses["500"], `${method} ${path} declares 500`);
      // Public calls: sign-in and setting a password with a reset link.
      if (path.startsWith("/rest/") && !PUBLIC_PATHS.includes(path)) {
        assert.equal(op.security, undefined, `${method} ${path} uses the global security`);
        for (const s of ["401", "403"]) assert.ok(responses[s], `${method} ${path} declares ${s}`);
      }
    }
  }
});
