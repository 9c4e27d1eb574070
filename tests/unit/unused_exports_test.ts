import assert from "node:assert/strict";
import { findUnusedExports } from "../../tools/unused_exports.ts";

/** Writes `files` (path from the root → text) into a fresh temporary folder. */
async function tree(files: Record<string, string>): Promise<string> {
  const root = await Deno.makeTempDir({ prefix: "unused_exports_" });
  for (const [path, text] of Object.entries(files)) {
    await Deno.mkdir(`${root}/${path.split("/").slice(0, -1).join("/")}`, { recursive: true });
    await Deno.writeTextFile(`${root}/${path}`, text);
  }
  return root;
}

async function unused(files: Record<string, string>): Promise<string[]> {
  const root = await tree(files);
  try {
    return (await findUnusedExports(root)).map((f) => `${f.file}:${f.line} ${f.name}`);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
}

Deno.test("[unused exports] an export no other file names is found; a used one is not", async () => {
  assert.deepEqual(
    await unused({
      "server/a.ts": [
        "export const used = 1;",
        "export function unusedFn() {}",
        "export interface Unused {}",
        "export type UsedHere = number;",
        "const x: UsedHere = 2;",
        "export default function ignored() {}",
      ].join("\n"),
      "server/b.ts": 'import { used } from "./a.ts";\nconsole.log(used);\n',
    }),
    ["server/a.ts:2 unusedFn", "server/a.ts:3 Unused", "server/a.ts:4 UsedHere"],
  );
});

Deno.test("[unused exports] a use in tests counts; a mention in a comment does not", async () => {
  assert.deepEqual(
    await unused({
      "server/a.ts": "export const forTests = 1;\nexport const mentioned = 2;\n",
      "tests/a_test.ts": [
        'import { forTests } from "../server/a.ts";',
        "// mentioned",
        "/**",
        " * mentioned",
        " */",
        "forTests;",
      ].join("\n"),
    }),
    ["server/a.ts:2 mentioned"],
  );
});

Deno.test("[unused exports] `export { a as b }` is checked under its exported name", async () => {
  assert.deepEqual(
    await unused({
      "db/a.ts": [
        "const a = 1;",
        "const c = 2;",
        "export {",
        "  a as b,",
        "  c as d,",
        "};",
      ].join("\n"),
      "db/user.ts": 'import { b } from "./a.ts";\nb;\n',
    }),
    ["db/a.ts:5 d"],
  );
});

Deno.test("[unused exports] a re-export passes a name on; only its users count", async () => {
  assert.deepEqual(
    await unused({
      "openapi/origin.ts": "export const one = 1;\nexport const two = 2;\n",
      "openapi/barrel.ts": [
        'export { one as first, two } from "./origin.ts";',
        'import { one } from "./origin.ts";',
        "export { one as again };",
      ].join("\n"),
      "islands/user.ts": 'import { first } from "../openapi/barrel.ts";\nfirst;\n',
    }),
    // `two` is named only in the barrel and its origin; `again` only in the barrel's import.
    ["openapi/barrel.ts:1 two", "openapi/barrel.ts:3 again", "openapi/origin.ts:2 two"],
  );
});

Deno.test("[unused exports] a name used through an `export *` barrel is used", async () => {
  assert.deepEqual(
    await unused({
      "openapi/schemas/parts.ts": "export const Part = 1;\nexport const Spare = 2;\n",
      "openapi/schemas/mod.ts": 'export * from "./parts.ts";\n',
      "routes/page.ts": 'import { Part } from "../openapi/schemas/mod.ts";\nPart;\n',
    }),
    ["openapi/schemas/parts.ts:2 Spare"],
  );
});

Deno.test("[unused exports] a module imported whole, and what it passes on, is used", async () => {
  assert.deepEqual(
    await unused({
      "db/schema/tables.ts": "export const users = 1;\n",
      "db/schema/mod.ts": 'export * from "./tables.ts";\nexport const extra = 2;\n',
      "db/client.ts": 'import * as schema from "./schema/mod.ts";\nconsole.log(schema);\n',
      "routes/area/mod.ts": 'export { default as page } from "./page.ts";\n',
      "routes/area/page.ts": "export default [];\n",
      "routes/mod.ts": 'import * as area from "./area/mod.ts";\nObject.values(area);\n',
    }),
    [],
  );
});

Deno.test("[unused exports] generated files and node_modules are not read", async () => {
  assert.deepEqual(
    await unused({
      "openapi/types.ts": "export interface paths {}\n",
      "server/node_modules/x/index.ts": "export const inside = 1;\n",
      "db/migrations/meta.ts": "export const m = 1;\n",
      "elsewhere/a.ts": "export const notScanned = 1;\n",
    }),
    [],
  );
});

Deno.test("[unused exports] the command prints file:line name and exits 1, or 0 when clean", async () => {
  const run = async (root: string) => {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", new URL("../../tools/unused_exports.ts", import.meta.url).pathname, root],
      stdout: "piped",
      stderr: "piped",
    }).output();
    return { code: out.code, stdout: new TextDecoder().decode(out.stdout) };
  };
  const dirty = await tree({ "tools/a.ts": "\nexport const lonely = 1;\n" });
  const clean = await tree({ "tools/a.ts": "export default 1;\n" });
  try {
    assert.deepEqual(await run(dirty), { code: 1, stdout: "tools/a.ts:2 lonely\n" });
    assert.deepEqual(await run(clean), { code: 0, stdout: "" });
  } finally {
    await Deno.remove(dirty, { recursive: true });
    await Deno.remove(clean, { recursive: true });
  }
});
