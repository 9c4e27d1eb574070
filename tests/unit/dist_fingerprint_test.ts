/**
 * The build folder's fingerprint covers every source file of the bundle: a module the islands
 * import that it left out (the contract's schemas were) kept a stale dist/ "current", so a server
 * and the browser tests ran yesterday's schemas in the browser.
 */
import assert from "node:assert/strict";
import { dirname, join, relative, resolve } from "node:path";
import { bundleSources } from "../../server/assets/dist.ts";
import { ISLANDS_DIR, ROOT } from "../../server/assets/paths.ts";

/** The relative imports of a module (static, dynamic and `export … from`), resolved. */
async function importsOf(path: string): Promise<string[]> {
  const text = await Deno.readTextFile(path);
  const specifiers = [...text.matchAll(/(?:from|import\()\s*"(\.{1,2}\/[^"]+)"/g)].map((m) => m[1]);
  return specifiers.map((s) => resolve(dirname(path), s));
}

Deno.test("[assets] the dist fingerprint covers every module the islands import", async () => {
  const covered = new Set(await bundleSources());
  const seen = new Set<string>();
  const queue = [...covered].filter((p) => p.startsWith(ISLANDS_DIR) && /\.tsx?$/.test(p));
  while (queue.length) {
    const path = queue.pop()!;
    if (seen.has(path)) continue;
    seen.add(path);
    for (const dep of await importsOf(path)) {
      assert.ok(covered.has(dep), `${relative(ROOT, path)} imports ${relative(ROOT, dep)}`);
      if (/\.tsx?$/.test(dep)) queue.push(dep);
    }
  }
  assert.ok(seen.has(join(ROOT, "openapi/schemas/users/users.ts")), "the walk reached the schemas");
});
