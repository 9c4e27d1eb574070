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
import { islandPaths, zodEnglishOnly } from "../../../server/assets/bundle.ts";

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
