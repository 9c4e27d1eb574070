/**
 * `deno task new-resource` (tools/new_resource.ts, docs/recipe.md): it generates a resource in a
 * copy of the tree (this tree's files, with its node_modules linked, so nothing is downloaded),
 * and there every file it wrote type-checks, the architecture test, the generated API test and
 * the contract test pass. It refuses a taken name, a name that is not snake_case and an unknown
 * area, writing nothing.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { filesOf } from "../../tools/new_resource.ts";
import { namesOf } from "../../tools/new_resource/names.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url)).replace(/\/$/, "");
/** What the copy leaves out: what git ignores (.gitignore), and git's own folder. */
const LEFT_OUT = new Set([".git", "node_modules", ".tools", "data", "dist", ".test-data"]);

/** The tree's files in a new temporary folder, with this tree's node_modules linked in. */
async function copyOfTree(): Promise<string> {
  const to = await Deno.makeTempDir({ prefix: "new-resource-" });
  const copy = async (dir: string) => {
    await Deno.mkdir(`${to}/${dir}`, { recursive: true });
    for await (const e of Deno.readDir(`${ROOT}/${dir}`)) {
      const path = dir ? `${dir}/${e.name}` : e.name;
      if (LEFT_OUT.has(path) || path === "bench/results" || e.name.endsWith(".log")) continue;
      if (e.isDirectory) await copy(path);
      else if (e.isFile) await Deno.copyFile(`${ROOT}/${path}`, `${to}/${path}`);
    }
  };
  await copy("");
  await Deno.symlink(`${ROOT}/node_modules`, `${to}/node_modules`);
  return to;
}

/** Runs deno in `cwd` (never on the run's PostgreSQL database): its status and output. */
async function deno(cwd: string, args: string[]) {
  const env: Record<string, string> = { ...Deno.env.toObject(), NO_COLOR: "1" };
  delete env.TEST_DATABASE_URL;
  const r = await new Deno.Command(Deno.execPath(), { args, cwd, env, clearEnv: true }).output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: r.code, out: `${decode(r.stdout)}\n${decode(r.stderr)}` };
}

Deno.test({
  name: "[tools] new-resource writes a resource that checks and passes its tests",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async (t) => {
    const dir = await copyOfTree();
    const n = namesOf("management", "sample_items");
    const written = Object.keys(filesOf(n));
    try {
      await t.step("it writes the resource and says what is left", async () => {
        const r = await deno(dir, ["run", "-A", "tools/new_resource.ts", "management", n.name]);
        assert.equal(r.code, 0, r.out);
        assert.match(r.out, /Left to write by hand/);
        for (const f of written) assert.ok((await Deno.stat(`${dir}/${f}`)).isFile, f);
        const migrations = [...Deno.readDirSync(`${dir}/db/migrations`)].map((e) => e.name);
        assert.ok(migrations.some((m) => m.endsWith(`_${n.name}.sql`)), migrations.join(", "));
      });

      await t.step("every file it wrote type-checks", async () => {
        const r = await deno(dir, ["check", ...written]);
        assert.equal(r.code, 0, r.out);
      });

      await t.step(
        "it exports nothing that nothing uses (deno task check's last step)",
        async () => {
          const r = await deno(dir, ["run", "-A", "tools/unused_exports.ts"]);
          assert.equal(r.code, 0, r.out);
        },
      );

      await t.step("the architecture, generated API and contract tests pass", async () => {
        const r = await deno(dir, [
          "test",
          "-A",
          "--no-check",
          "tests/architecture_test.ts",
          `tests/api/management/${n.name}_test.ts`,
          "tests/contract_test.ts",
        ]);
        assert.equal(r.code, 0, r.out);
        assert.match(r.out, /\[rest\/sampleItems\] create, find, get, update and delete/);
      });

      await t.step("it refuses a taken name, a bad name and an unknown area", async () => {
        const refused = async (args: string[], code: number, why: RegExp) => {
          const r = await deno(dir, ["run", "-A", "tools/new_resource.ts", ...args]);
          assert.equal(r.code, code, r.out);
          assert.match(r.out, why);
        };
        await refused(["management", n.name], 1, /sample_items\.ts exists/);
        await refused(["management", "companies"], 1, /server\/rest\/companies\/ exists/);
        await refused(["management", "SampleThings"], 2, /not snake_case/);
        await refused(["management", "sample-things"], 2, /not snake_case/);
        await refused(["nowhere", "sample_things"], 2, /unknown area 'nowhere'/);
        await refused(["account", "sample_things"], 2, /unknown area 'account'/);
        assert.equal(
          await Deno.stat(`${dir}/server/rest/sample_things`).then(() => true, () => false),
          false,
        );
      });
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
