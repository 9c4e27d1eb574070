/**
 * One name per schema: two different zod schemas registered under the same `id` would both be
 * `#/components/schemas/<id>` in the contract, and the generator silently keeps one of them (a
 * list of mtls was once documented with another resource's `Mtl`). The registry is watched before
 * any schema module loads, so every registration is seen.
 */
import assert from "node:assert/strict";
import { z } from "zod";

const seen = new Map<string, unknown[]>();
const add = z.globalRegistry.add.bind(z.globalRegistry);
z.globalRegistry.add = (schema, ...meta) => {
  const id = (meta[0] as { id?: unknown } | undefined)?.id;
  if (typeof id === "string") seen.set(id, [...new Set([...(seen.get(id) ?? []), schema])]);
  return add(schema, ...meta);
};

Deno.test("[contract] no two schemas share a component name", async () => {
  const { generatedDocument } = await import("../openapi/generate.ts");
  const components = Object.keys(JSON.parse(generatedDocument()).components.schemas);
  assert.ok(seen.size >= components.length / 2, `${seen.size} named schemas seen`);
  const shared = [...seen].filter(([, schemas]) => schemas.length > 1).map(([id]) => id);
  assert.deepEqual(shared, [], "component names given to more than one schema");
});
