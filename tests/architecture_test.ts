/**
 * The recipe's rules that a reviewer would otherwise have to remember
 * (docs/decisions/0009-resource-recipe.md): no import cycles, no Drizzle outside the services and
 * the database layer, every resource folder in the same shape and mounted, islands named one way.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { dirname, join, relative } from "node:path";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const SOURCE_DIRS = ["server", "routes", "islands", "openapi", "db"];

/** Every TypeScript source file under `dir` (relative to the repository), tests excluded. */
async function sources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(join(ROOT, dir))) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory) out.push(...await sources(path));
    else if (/\.tsx?$/.test(e.name) && !/_test\.tsx?$/.test(e.name)) out.push(path);
  }
  return out.sort();
}

/**
 * The modules a file imports at run time: `import … from "./x.ts"` and `export … from`, but not
 * `import type` (erased) nor `import("…")` (loaded later, so never part of a cycle).
 */
function runtimeImports(file: string, text: string): string[] {
  const out: string[] = [];
  const re = /^(?:import|export)\s+(type\s+)?(?:[^;'"]*?\sfrom\s+)?["']([^"']+)["']/gms;
  for (const m of text.matchAll(re)) {
    if (m[1] || !m[2].startsWith(".")) continue;
    out.push(relative(ROOT, join(ROOT, dirname(file), m[2])));
  }
  return out;
}

async function graph() {
  const files = (await Promise.all(SOURCE_DIRS.map(sources))).flat();
  const edges = new Map<string, string[]>();
  for (const f of files) edges.set(f, runtimeImports(f, await Deno.readTextFile(join(ROOT, f))));
  return edges;
}

/** The strongly connected components with more than one module (Tarjan). */
function cycles(edges: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>(), low = new Map<string, number>();
  const stack: string[] = [], on = new Set<string>(), out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index), low.set(v, index++), stack.push(v), on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!edges.has(w)) continue;
      if (!idx.has(w)) visit(w), low.set(v, Math.min(low.get(v)!, low.get(w)!));
      else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do scc.push(w = stack.pop()!), on.delete(w); while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of edges.keys()) if (!idx.has(v)) visit(v);
  return out;
}

Deno.test("[architecture] no import cycles among the sources", async () => {
  const edges = await graph();
  assert.ok(edges.size > 100, `${edges.size} modules read`);
  assert.deepEqual(cycles(edges), [], "modules importing each other, directly or not");
});

Deno.test("[architecture] the detector finds a cycle when there is one", () => {
  const edges = new Map([["a.ts", ["b.ts"]], ["b.ts", ["c.ts"]], ["c.ts", ["a.ts"]], ["d.ts", []]]);
  assert.deepEqual(cycles(edges), [["a.ts", "b.ts", "c.ts"]]);
  assert.deepEqual(
    runtimeImports("x/y.ts", 'import type { A } from "./a.ts";\nimport {\n  B,\n} from "../b.ts";'),
    ["b.ts"],
  );
});

/** Where queries live: the resources' services and the two engines (docs/architecture.md). */
const DATABASE_LAYERS = ["server/services/", "server/delivery/", "server/station/"];

Deno.test("[architecture] Drizzle and the tables are used in the services, the engines and db/ only", async () => {
  const offenders: string[] = [];
  for (const dir of ["server", "routes", "islands", "openapi"]) {
    for (const f of await sources(dir)) {
      if (DATABASE_LAYERS.some((d) => f.startsWith(d))) continue;
      const text = await Deno.readTextFile(join(ROOT, f));
      const uses = /from\s+["']drizzle-orm/.test(text) || /db\/schema\/mod\.ts["']/.test(text);
      // Type-only imports of the database handle are fine (handlers pass `db` to services).
      if (uses) offenders.push(f);
    }
  }
  assert.deepEqual(offenders, [], "files that query the database outside server/services/");
});

/** `/rest/defaultMtl/…` → `default_mtl`: a URL prefix as a folder name. */
const folderOf = (prefix: string) => prefix.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The folders under `dir` holding a file named `name`, as paths relative to the repository. */
async function foldersWith(dir: string, name: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(join(ROOT, dir))) {
    if (e.isFile && e.name === name) out.push(dir);
    if (e.isDirectory) out.push(...await foldersWith(`${dir}/${e.name}`, name));
  }
  return out.sort();
}

Deno.test("[architecture] every API folder has operations.ts, handlers.ts and mod.ts, and is mounted", async () => {
  const mounted = await Deno.readTextFile(join(ROOT, "server/rest/mod.ts"));
  const folders = await foldersWith("server/rest", "mod.ts");
  assert.ok(folders.length >= 25, `${folders.length} API folders`);
  for (const folder of folders.filter((f) => f !== "server/rest")) {
    for (const file of ["operations.ts", "handlers.ts", "mod.ts"]) {
      const stat = await Deno.stat(join(ROOT, folder, file)).catch(() => null);
      assert.ok(stat?.isFile, `${folder}/${file}`);
    }
    const at = folder.slice("server/rest/".length);
    assert.ok(mounted.includes(`"./${at}/mod.ts"`), `server/rest/mod.ts mounts ${at}`);
    const operations = await Deno.readTextFile(join(ROOT, folder, "operations.ts"));
    assert.doesNotMatch(operations, /createRoute\(/, `${at}: operations use defineRoute`);
  }
});

Deno.test("[architecture] every /rest/<prefix> operation is declared in server/rest/<prefix>/", async () => {
  const declared = new Map<string, string>();
  for (const folder of await foldersWith("server/rest", "operations.ts")) {
    const module = await import(new URL(`../${folder}/operations.ts`, import.meta.url).href);
    for (const value of Object.values(module)) {
      const path = (value as { path?: unknown }).path;
      if (typeof path === "string") declared.set(path.replace(/\{(\w+)\}/g, ":$1"), folder);
    }
  }
  const contract = JSON.parse(await Deno.readTextFile(join(ROOT, "openapi/openapi.json")));
  const misplaced: string[] = [];
  for (const path of Object.keys(contract.paths)) {
    const prefix = path.match(/^\/rest\/([^/]+)\//)?.[1];
    const folder = declared.get(path);
    assert.ok(folder, `${path} is declared in an operations.ts`);
    if (prefix && !`${folder}/`.startsWith(`server/rest/${folderOf(prefix)}/`)) {
      misplaced.push(`${path} in ${folder}`);
    }
  }
  assert.deepEqual(misplaced, [], "operations outside their prefix's folder");
  assert.ok(declared.size >= 150, `${declared.size} operations`);
});

Deno.test("[architecture] a service folder is named after its API folder", async () => {
  const api = new Set<string>();
  for await (const e of Deno.readDir(join(ROOT, "server/rest"))) if (e.isDirectory) api.add(e.name);
  const strays: string[] = [];
  for await (const e of Deno.readDir(join(ROOT, "server/services"))) {
    if (e.isDirectory && !api.has(e.name)) strays.push(`server/services/${e.name}`);
  }
  assert.deepEqual(strays, [], "service folders with no API folder of the same name");
});

Deno.test("[architecture] no folder of hand-written code holds more than 16 files", async () => {
  const crowded: string[] = [];
  const visit = async (dir: string) => {
    let files = 0;
    for await (const e of Deno.readDir(join(ROOT, dir))) {
      // Installed packages (bench/lighthouse/node_modules) are not hand-written.
      if (e.isDirectory && e.name !== "node_modules") await visit(`${dir}/${e.name}`);
      else if (!e.isDirectory && /\.(tsx?|css)$/.test(e.name)) files++;
    }
    if (files > 16) crowded.push(`${dir}: ${files} files`);
  };
  for (const dir of [...SOURCE_DIRS, "tests", "bench"]) await visit(dir);
  // Generated: the contract's types and the migrations.
  assert.deepEqual(crowded.filter((c) => !c.startsWith("db/migrations")), []);
});

Deno.test("[architecture] islands: grouped by area and resource, <Thing><Role>.tsx with a default export of that name", async () => {
  const NOT_AREAS = ["kit", "runtime", "styles"];
  const problems: string[] = [];
  const names = new Map<string, string>();
  const visit = async (dir: string, area: string) => {
    for await (const f of Deno.readDir(join(ROOT, dir))) {
      const path = `${dir}/${f.name}`;
      if (f.isDirectory) await visit(path, area);
      if (!f.isFile || f.name.endsWith(".css")) continue;
      const pascal = /^[A-Z][A-Za-z]*\.tsx$/.test(f.name);
      if (!pascal && !/^[a-z][a-z0-9_]*\.tsx?$/.test(f.name)) {
        problems.push(`${path}: PascalCase.tsx for a component, snake_case otherwise`);
      }
      if (!pascal || NOT_AREAS.includes(area)) continue;
      // An island: its default export is the component, named as the file (the runtime's key).
      const name = f.name.replace(/\.tsx$/, "");
      const text = await Deno.readTextFile(join(ROOT, path));
      if (!new RegExp(`export default function ${name}\\b`).test(text)) {
        problems.push(`${path}: an island's default export is \`function ${name}\``);
      }
      if (names.has(name)) problems.push(`${path}: ${names.get(name)} has the same name`);
      names.set(name, path);
    }
  };
  for await (const e of Deno.readDir(join(ROOT, "islands"))) {
    if (!e.isDirectory) {
      problems.push(`islands/${e.name}: files belong in an area folder, the kit or the runtime`);
    } else await visit(`islands/${e.name}`, e.name);
  }
  assert.deepEqual(problems, []);
  assert.ok(names.size >= 10, `${names.size} islands`);
});
