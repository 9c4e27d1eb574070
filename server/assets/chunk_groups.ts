/**
 * Chunk groups: files that every page loads together go into one chunk (issue 37).
 *
 * esbuild splits code by file: a file goes into the chunk of the exact set of entries that reach
 * it — the islands, and every dynamic import (dialogs, forms, the API client). The dialogs reach
 * the shared kit in ever different combinations, so files that the same pages always load came out
 * as separate chunks: a detail page fetched 36 scripts, most under 1 KB — each a request, and
 * gzip's worst case (a small file compresses poorly): about 4 KB of its 100 KB budget.
 *
 * What a first load fetches is decided by the page's islands alone, and the runtime (start.ts and
 * all it reaches: React DOM, the shell's islands) is on every page. So the files reached by the
 * same islands (or by the runtime) are a group: every entry that reaches one of them imports all
 * of them (an import added at its top), so they share one set of entries, one chunk. No first load
 * grows by it; a dialog may load a little more, usually already loaded by the island that opens it.
 * The groups are read from a first build's import graph (its metafile), so they follow the code.
 */
import type * as esbuild from "esbuild";
import { join } from "node:path";

/** The runtime's start: everything it reaches is on every page. */
const RUNTIME = "islands/runtime/start.ts";

type Graph = esbuild.Metafile["inputs"];

/** The files `start` reaches through static imports (itself included). */
function reach(graph: Graph, start: string): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || !graph[file]) continue;
    seen.add(file);
    for (const i of graph[file].imports) {
      if (i.kind === "import-statement" || i.kind === "require-call") queue.push(i.path);
    }
  }
  return seen;
}

/**
 * The groups of a first build (`islands`: the islands' paths relative to the root, as the
 * metafile names them): files, not entries, that the same islands — or the runtime — reach.
 */
function chunkGroupsOf(metafile: esbuild.Metafile, islands: string[]): string[][] {
  const graph = metafile.inputs;
  const entries = new Set(Object.values(metafile.outputs).flatMap((o) => o.entryPoint ?? []));
  const always = reach(graph, RUNTIME);
  const reachedBy = islands.map((i) => reach(graph, i));
  const byPages = new Map<string, string[]>();
  for (const file of Object.keys(graph)) {
    if (entries.has(file)) continue;
    const pages = always.has(file)
      ? "*"
      : islands.filter((_, n) => reachedBy[n].has(file)).join(" ");
    // A file no island reaches is a dialog's: esbuild places it as it would.
    if (pages) byPages.set(pages, [...byPages.get(pages) ?? [], file]);
  }
  return [...byPages.values()].filter((files) => files.length > 1);
}

/**
 * The imports to add, by entry file: for each entry of the first build that reaches a group's
 * file, the group's files it does not reach yet. Packages' files get none.
 */
export function groupImports(metafile: esbuild.Metafile, islands: string[]): Map<string, string[]> {
  const graph = metafile.inputs;
  const groups = chunkGroupsOf(metafile, islands);
  const imports = new Map<string, string[]>();
  for (const entry of Object.values(metafile.outputs).flatMap((o) => o.entryPoint ?? [])) {
    if (entry.includes("node_modules/")) continue;
    // A group's files may reach another group's: added until nothing more is reached.
    const has = reach(graph, entry);
    const added: string[] = [];
    for (let more = true; more;) {
      more = false;
      for (const g of groups) {
        if (!g.some((f) => has.has(f)) || g.every((f) => has.has(f))) continue;
        for (const f of g.filter((f) => !has.has(f))) {
          added.push(f);
          reach(graph, f).forEach((r) => has.add(r));
        }
        more = true;
      }
    }
    if (added.length) imports.set(entry, added);
  }
  return imports;
}

/** The plugin that adds those imports (as `import "<file>"` lines) to the top of each entry. */
export function chunkGroups(root: string, imports: Map<string, string[]>): esbuild.Plugin {
  return {
    name: "chunk-groups",
    setup(build) {
      build.onLoad({ filter: /\.tsx?$/ }, async ({ path }) => {
        const added = imports.get(path.slice(root.length).replace(/^[\\/]/, ""));
        if (!added) return undefined;
        const lines = added.map((f) => `import ${JSON.stringify(join(root, f))};\n`);
        return {
          contents: lines.join("") + await Deno.readTextFile(path),
          loader: path.endsWith(".tsx") ? "tsx" : "ts",
        };
      });
    },
  };
}
