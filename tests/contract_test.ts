import assert from "node:assert/strict";
import {
  generatedDocument,
  generatedFilterPatterns,
  generatedSortFields,
  generatedTypes,
} from "../openapi/generate.ts";

const root = new URL("../openapi/", import.meta.url);
const ACCESS = ["public", "user", "admin"];
const TENANCY: Record<string, string[]> = {
  public: ["none"],
  user: ["company", "tgid", "caller", "none"],
  admin: ["all"],
};

type Operation = Record<string, unknown> & { responses: Record<string, unknown> };
const operations = () => {
  const doc = JSON.parse(generatedDocument());
  return {
    doc,
    ops: Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap((
      [path, item],
    ) => Object.entries(item).map(([method, op]) => ({ path, method, op }))),
  };
};

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

Deno.test("[contract] the lists' sortable fields are generated from that document", async () => {
  const committed = await Deno.readTextFile(new URL("sort_fields.ts", root));
  assert.equal(
    committed,
    generatedSortFields(),
    "openapi/sort_fields.ts is stale: run `deno task openapi`",
  );
  assert.match(committed, /"\/rest\/companies\/find": \["id","name"\]/);
  assert.equal(
    await Deno.readTextFile(new URL("filter_patterns.ts", root)),
    generatedFilterPatterns(),
    "openapi/filter_patterns.ts is stale: run `deno task openapi`",
  );
});

Deno.test("[contract] every operation declares who may call it and how its rows are scoped", () => {
  const { ops } = operations();
  assert.ok(ops.length > 50, `${ops.length} operations`);
  const missing = ops.filter(({ op }) =>
    !ACCESS.includes(op["x-access"] as string) ||
    !TENANCY[op["x-access"] as string]?.includes(op["x-tenancy"] as string)
  ).map(({ method, path, op }) => `${method} ${path}: ${op["x-access"]}/${op["x-tenancy"]}`);
  assert.deepEqual(missing, [], "operations without a valid declaration");
});

Deno.test("[contract] every operation has a unique operationId and a declared tag", () => {
  const { doc, ops } = operations();
  const ids = ops.map(({ op }) => op.operationId as string);
  assert.ok(ids.every((id) => typeof id === "string" && /^[a-z][A-Za-z]+$/.test(id)), ids.join());
  assert.equal(new Set(ids).size, ids.length, "operationIds are unique");
  // Stable: derived from the path, e.g. /rest/companies/find → companiesFind.
  assert.ok(ids.includes("companiesFind") && ids.includes("usersLogin") && ids.includes("health"));
  const tags = new Set((doc.tags as { name: string; description: string }[]).map((t) => t.name));
  for (const { method, path, op } of ops) {
    const opTags = op.tags as string[];
    assert.equal(opTags?.length, 1, `${method} ${path} has one tag`);
    assert.ok(tags.has(opTags[0]), `${method} ${path}: tag ${opTags[0]} is declared`);
  }
  assert.ok(doc.servers?.length, "servers is set");
});

Deno.test("[contract] every operation declares its errors; only public ones go without a session", () => {
  const { ops } = operations();
  for (const { path, method, op } of ops) {
    const responses = op.responses;
    for (const s of ["403", "413", "500"]) {
      assert.ok(responses[s], `${method} ${path} declares ${s}`);
    }
    if (op["x-access"] === "public") {
      assert.deepEqual(op.security, [], `${method} ${path} is public`);
    } else {
      assert.equal(op.security, undefined, `${method} ${path} uses the global security`);
      assert.ok(responses["401"], `${method} ${path} declares 401`);
    }
  }
  const publicOps = ops.filter(({ op }) => op["x-access"] === "public").map(({ path }) => path);
  assert.deepEqual(publicOps.sort(), ["/health", "/rest/users/login", "/rest/users/setPassword"]);
});
