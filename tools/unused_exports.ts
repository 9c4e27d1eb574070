/**
 * `deno run -A tools/unused_exports.ts [root]` (part of `deno task check`): lists every named
 * export of the hand-written TypeScript that no other file uses, as `file:line name`, and exits 1
 * when there is one. An export used only in its own file should not be exported; one used only
 * by tests is used.
 *
 * A name counts as used when another file's text holds it as a whole word (comments that start a
 * line left out). Re-exports pass names through: `export { a as b } from "./x.ts"` (or an
 * imported name exported again) is used when `b` is used anywhere but in the barrel and in x.ts,
 * and keeps x.ts's `a` used only while it is. A name reaching its users through an
 * `export * from` barrel is found in the files that import it. Every export of a module imported
 * whole (`import * as ns`), and of the modules it passes on with `export *`, counts as used: such
 * a namespace is walked as an object (the route map's areas, a resource's routes, the Drizzle
 * schema that drizzle-kit reads). Default exports are not checked (islands load by file name).
 */

/** An export nothing uses. */
interface Finding {
  /** The path from the root, with forward slashes. */
  file: string;
  line: number;
  name: string;
}

/** What is scanned, from the root; folders are walked for .ts and .tsx files. */
const ROOTS = [
  "main.ts",
  "worker.ts",
  "build.ts",
  "server",
  "db",
  "openapi",
  "routes",
  "islands",
  "tests",
  "bench",
  "tools",
];
/** Folders never walked, by name. */
const SKIP_NAMES = new Set(["node_modules", "dist", "data"]);
/** Paths never read: generated files and the migrations. */
const SKIP_PATHS = new Set([
  "openapi/types.ts",
  "openapi/sort_fields.ts",
  "openapi/filter_patterns.ts",
  "db/migrations",
]);

interface Export {
  file: string;
  line: number;
  name: string;
  /** For a re-export: the module and the name it came from. */
  from?: { file: string; name: string };
}

interface Source {
  file: string;
  text: string;
}

async function collect(root: string): Promise<Source[]> {
  const out: Source[] = [];
  const visit = async (rel: string) => {
    if (SKIP_PATHS.has(rel)) return;
    let info: Deno.FileInfo;
    try {
      info = await Deno.stat(`${root}/${rel}`);
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) return;
      throw e;
    }
    if (info.isDirectory) {
      for await (const entry of Deno.readDir(`${root}/${rel}`)) {
        if (!SKIP_NAMES.has(entry.name)) await visit(`${rel}/${entry.name}`);
      }
    } else if (/\.tsx?$/.test(rel)) {
      out.push({ file: rel, text: await Deno.readTextFile(`${root}/${rel}`) });
    }
  };
  for (const r of ROOTS) await visit(r);
  return out;
}

/** Blanks comments that start a line (keeping offsets, so line numbers still hold). */
function withoutComments(text: string): string {
  const blank = (s: string) => s.replace(/[^\n]/g, " ");
  return text
    .replace(/^[ \t]*\/\*[\s\S]*?\*\//gm, blank)
    .replace(/^[ \t]*\/\/.*$/gm, blank);
}

/** The module a relative specifier names, as a path from the root; undefined for packages. */
function resolve(from: string, spec: string): string | undefined {
  if (!spec.startsWith(".")) return undefined;
  const parts = from.split("/").slice(0, -1);
  for (const p of spec.split("/")) {
    if (p === "..") parts.pop();
    else if (p !== ".") parts.push(p);
  }
  return parts.join("/");
}

const lineAt = (text: string, index: number) => text.slice(0, index).split("\n").length;

/** `a`, `b as c`, `type d` of a braced list: [local or source name, exported name]. */
function specifiers(list: string): [string, string][] {
  return list.split(",").map((s) => s.trim().replace(/^type\s+/, "")).filter(Boolean).map((s) => {
    const [a, b] = s.split(/\s+as\s+/);
    return [a.trim(), (b ?? a).trim()];
  });
}

const DECLARATION =
  /^[ \t]*export\s+(?:declare\s+)?(?:default\s+)?(?:const\s+enum|const|let|var|async\s+function\s*\*?|function\s*\*?|abstract\s+class|class|type|interface|enum|namespace)\s+([A-Za-z_$][\w$]*)(?![\w${])/gm;
const LIST = /^[ \t]*export\s+(?:type\s+)?\{([^}]*)\}(?:\s*from\s*["']([^"']+)["'])?/gm;
const IMPORT =
  /^[ \t]*import\s+(?:type\s+)?(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/gm;
const WHOLE = /^[ \t]*(?:import|export)\s+\*\s+as\s+[\w$]+\s+from\s*["']([^"']+)["']/gm;
const STAR = /^[ \t]*export\s+\*\s+from\s*["']([^"']+)["']/gm;
const WORD = /[A-Za-z_$][\w$]*/g;

/** Every export of `root`'s hand-written TypeScript that no other file uses. */
export async function findUnusedExports(root: string): Promise<Finding[]> {
  const sources = await collect(root);
  const exports: Export[] = [];
  /** Files imported whole, then the modules they pass on with `export *`. */
  const whole = new Set<string>();
  const stars = new Map<string, string[]>();
  /** Each word, and the files using it (re-export lists and line comments left out). */
  const users = new Map<string, Set<string>>();

  for (const { file, text: raw } of sources) {
    const text = withoutComments(raw);
    const imported = new Map<string, { file: string; name: string }>();
    for (const m of text.matchAll(IMPORT)) {
      const source = resolve(file, m[2]);
      if (!source) continue;
      for (const [name, local] of specifiers(m[1])) imported.set(local, { file: source, name });
    }
    for (const m of text.matchAll(DECLARATION)) {
      if (/^\s*export\s+(declare\s+)?default\b/.test(m[0])) continue;
      exports.push({ file, line: lineAt(text, m.index), name: m[1] });
    }
    let body = text;
    for (const m of text.matchAll(LIST)) {
      const source = m[2] === undefined ? undefined : resolve(file, m[2]);
      for (const [name, exported] of specifiers(m[1])) {
        if (exported === "default") continue;
        const at = m.index + m[0].search(new RegExp(`\\b${exported.replace("$", "\\$")}\\b`));
        const from = m[2] === undefined
          ? imported.get(name)
          : source === undefined
          ? undefined
          : { file: source, name };
        exports.push({ file, line: lineAt(text, at), name: exported, from });
      }
      // A re-export list passes names on; it does not use them.
      body = body.slice(0, m.index) + m[0].replace(/[^\n]/g, " ") +
        body.slice(m.index + m[0].length);
    }
    for (const m of text.matchAll(WHOLE)) {
      const source = resolve(file, m[1]);
      if (source) whole.add(source);
    }
    for (const m of text.matchAll(STAR)) {
      const source = resolve(file, m[1]);
      if (source) stars.set(file, [...(stars.get(file) ?? []), source]);
    }
    for (const [w] of body.matchAll(WORD)) {
      let set = users.get(w);
      if (!set) users.set(w, set = new Set());
      set.add(file);
    }
  }
  for (const file of whole) for (const next of stars.get(file) ?? []) whole.add(next);

  const key = (file: string, name: string) => `${file}\0${name}`;
  const passedOn = new Map<string, Export[]>();
  for (const e of exports) {
    if (e.from) {
      const k = key(e.from.file, e.from.name);
      passedOn.set(k, [...(passedOn.get(k) ?? []), e]);
    }
  }
  const used = (e: Export, seen: Set<Export>): boolean => {
    if (seen.has(e)) return false;
    seen.add(e);
    if (whole.has(e.file)) return true;
    for (const f of users.get(e.name) ?? []) {
      if (f !== e.file && f !== e.from?.file) return true;
    }
    return (passedOn.get(key(e.file, e.name)) ?? []).some((r) => used(r, seen));
  };
  const reported = new Set<string>();
  return exports
    .filter((e) => !reported.has(key(e.file, e.name)) && reported.add(key(e.file, e.name)))
    .filter((e) => !used(e, new Set()))
    .map(({ file, line, name }) => ({ file, line, name }))
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

if (import.meta.main) {
  const root = Deno.args[0] ?? decodeURIComponent(new URL(".", import.meta.url).pathname) + "..";
  const found = await findUnusedExports(root);
  for (const f of found) console.log(`${f.file}:${f.line} ${f.name}`);
  if (found.length > 0) {
    console.error(
      `${found.length} export(s) nothing else uses: remove them, or drop "export" if the file uses them`,
    );
    Deno.exit(1);
  }
}
