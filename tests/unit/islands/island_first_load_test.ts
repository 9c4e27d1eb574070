/**
 * What an island costs on a first load: its chunk and every chunk that chunk imports statically
 * (dynamic imports — dialogs, form schemas — load on first use). The zod schemas are large (about
 * 50 KB gzipped), so islands keep them out of that set: the words a page shows live in zod-free
 * modules (openapi/schemas/*_messages.ts, openapi/enums.ts), and forms load their schemas with
 * their dialogs. A page over the 100 KB JavaScript budget usually starts with a value import from
 * a schema module; this test names the island and the import chain.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import * as esbuild from "esbuild";
import {
  buildAssets,
  EAGER_ISLANDS,
  islandPaths,
  zodEnglishOnly,
} from "../../../server/assets/bundle.ts";

const ROOT = new URL("../../../", import.meta.url).pathname;

Deno.test("[islands] no island loads the zod schemas on its first load", async () => {
  const islands = await islandPaths();
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(
      [...islands].map(([name, path]) => [name, join(ROOT, "islands", path)]),
    ),
    bundle: true,
    splitting: true,
    format: "esm",
    write: false,
    metafile: true,
    outdir: join(ROOT, "_island_check"),
    jsx: "automatic",
    logLevel: "silent",
    plugins: [zodEnglishOnly],
  });
  await esbuild.stop();
  const outputs = result.metafile.outputs;
  const entryOf = new Map(
    Object.entries(outputs).filter(([, o]) => o.entryPoint).map(([file, o]) => [
      o.entryPoint!.replace(/^.*islands\//, "").replace(/\.tsx$/, "").split("/").pop()!,
      file,
    ]),
  );
  const offenders: string[] = [];
  for (const name of islands.keys()) {
    // Every chunk reached through static imports from the island's own chunk.
    const seen = new Set<string>();
    const queue = [entryOf.get(name)!];
    while (queue.length) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const i of outputs[file].imports) {
        if (i.kind === "import-statement" && outputs[i.path]) queue.push(i.path);
      }
    }
    const inputs = [...seen].flatMap((f) => Object.keys(outputs[f].inputs));
    if (inputs.some((p) => p.includes("node_modules/.deno/zod@"))) {
      const schemas = inputs.filter((p) => p.startsWith("openapi/schemas/"));
      offenders.push(`${name}: ${schemas.join(", ") || "zod directly"}`);
    }
  }
  assert.deepEqual(offenders, [], "islands that load zod on their first load");
});

/** The budget of issue 16, kept by issue 37: JavaScript a first load transfers, gzipped. */
const FIRST_LOAD_BUDGET = 100 * 1024;

/**
 * The production bundle (the one servers serve), read as the browser does: the entry's static
 * imports, the runtime it starts (its one dynamic import), and each island's chunk, from the
 * registry's `Name:()=>import("./c-….js")`. A page's JavaScript on a first load is the runtime's
 * plus its islands'; most pages have one besides the shell's (bench section 4 measures them all).
 */
Deno.test("[islands] every island's first load is within 100 KB of gzipped JavaScript", async () => {
  const manifest = await buildAssets();
  const file = (url: string) => manifest.files.get(url)!;
  const source = (url: string) => new TextDecoder().decode(file(url).body);
  const dir = manifest.entry.slice(0, manifest.entry.lastIndexOf("/") + 1);
  const staticImports = (url: string) =>
    [...source(url).matchAll(/(?:from|import)\s*"\.\/([\w-]+\.js)"/g)].map((m) => dir + m[1]);
  const closure = (urls: string[]) => {
    const seen = new Set<string>();
    const queue = [...urls];
    while (queue.length) {
      const url = queue.pop()!;
      if (!seen.has(url)) seen.add(url), queue.push(...staticImports(url));
    }
    return seen;
  };
  const dynamic = (url: string) =>
    [...source(url).matchAll(/import\("\.\/([\w-]+\.js)"\)/g)].map((m) => dir + m[1]);
  const runtime = closure([manifest.entry, ...dynamic(manifest.entry)]);
  const islandChunks = new Map(
    [...runtime].flatMap((url) =>
      [...source(url).matchAll(/(\w+):\(\)=>import\("\.\/([\w-]+\.js)"\)/g)].map((m) =>
        [m[1], dir + m[2]] as const
      )
    ),
  );
  const islands = await islandPaths();
  const lazy = [...islands.keys()].filter((n) => !EAGER_ISLANDS.test(islands.get(n)!));
  assert.deepEqual([...islandChunks.keys()].sort(), lazy.sort(), "the registry's islands");

  const bytes = (urls: Set<string>) => [...urls].reduce((n, url) => n + file(url).gzip.length, 0);
  const sizes = [...islandChunks].map(([name, chunk]) => {
    const load = closure([...runtime, chunk]);
    return { name, bytes: bytes(load), scripts: load.size };
  }).sort((a, b) => b.bytes - a.bytes);
  if (Deno.env.get("SHOW_SIZES")) {
    console.log(`runtime alone: ${bytes(runtime)} B in ${runtime.size} scripts`);
    for (const s of sizes) console.log(`${s.name}: ${s.bytes} B in ${s.scripts} scripts`);
  }
  const over = sizes.filter((s) => s.bytes > FIRST_LOAD_BUDGET).map((s) =>
    `${s.name}: ${s.bytes} B`
  );
  assert.deepEqual(over, [], "islands whose first load is over 100 KB");
});
