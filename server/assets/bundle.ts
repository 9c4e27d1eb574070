/**
 * Building the browser bundle: every island in `islands/<area>/` plus the client runtime, built
 * by esbuild (ESM, code splitting, minified, content-hashed names) together with the stylesheet,
 * each file gzipped once (level 9). About 0.3 s. esbuild runs its native binary as a subprocess,
 * so only `deno task build` (build.ts) and servers allowed to spawn import this
 * module; a server under --deny-run serves what the build wrote (server/assets/mod.ts).
 */
import * as esbuild from "esbuild";
import { join } from "node:path";
import { gzip as gzipCb } from "node:zlib";
import { type Asset, ASSET_PREFIX, type AssetManifest, ISLANDS_DIR, ROOT } from "./paths.ts";
import { svgIconFiles } from "./svg_icons.ts";
import { chunkGroups, groupImports } from "./chunk_groups.ts";

const ENTRY = join(ISLANDS_DIR, "runtime", "main.ts");
const STYLESHEET = join(ISLANDS_DIR, "styles", "app.css");
const FRAME_STYLESHEET = join(ISLANDS_DIR, "styles", "frame.css");

const TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  map: "application/json",
  svg: "image/svg+xml",
  woff2: "font/woff2",
};

/** Folders of islands/ that hold no islands: the shared kit, the runtime, the styles. */
const NOT_AREAS = new Set(["kit", "runtime", "styles"]);

/**
 * The islands (docs/decisions/0009-resource-recipe.md): the PascalCase `.tsx` files of the area
 * folders of `islands/` and of their resource folders (`islands/administration/companies/
 * CompanyList.tsx`), by name → path. A name is the island's component name, so it must be unique.
 */
export async function islandPaths(): Promise<Map<string, string>> {
  const paths = new Map<string, string>();
  const walk = async (folder: string) => {
    for await (const e of Deno.readDir(join(ISLANDS_DIR, folder))) {
      if (e.isDirectory) await walk(`${folder}/${e.name}`);
      const m = e.isFile && e.name.match(/^([A-Z]\w*)\.tsx$/);
      if (!m) continue;
      if (paths.has(m[1])) throw new Error(`two islands are named ${m[1]}`);
      paths.set(m[1], `./${folder}/${e.name}`);
    }
  };
  for await (const area of Deno.readDir(ISLANDS_DIR)) {
    if (area.isDirectory && !NOT_AREAS.has(area.name)) await walk(area.name);
  }
  return new Map([...paths].sort(([a], [b]) => a.localeCompare(b)));
}

/** The shell's islands (the header's, the toasts, the confirmation): on every signed-in page. */
export const EAGER_ISLANDS = /^\.\/shell\//;

/**
 * `islands/runtime/registry.ts` is a typed stand-in; in the bundle its contents become one
 * dynamic import per island, so each island is its own chunk — except the shell's islands, which
 * every page has: those are imported with the runtime, into its chunk. Each island of its own was
 * a few small chunks more on every first load, and gzip compresses small files poorly (issue 37).
 */
const registryPlugin = (islands: Map<string, string>): esbuild.Plugin => ({
  name: "islands-registry",
  setup(build) {
    build.onLoad({ filter: /islands[\\/]runtime[\\/]registry\.ts$/ }, () => {
      const all = [...islands];
      const eager = all.filter(([, path]) => EAGER_ISLANDS.test(path));
      const imports = eager.map(([n, path]) => `import * as ${n} from ${JSON.stringify(path)};`);
      const loaders = all.map(([n, path]) =>
        EAGER_ISLANDS.test(path)
          ? `${n}: () => Promise.resolve(${n})`
          : `${n}: () => import(${JSON.stringify(path)})`
      );
      return {
        resolveDir: ISLANDS_DIR,
        loader: "ts",
        contents: `${imports.join("\n")}\nexport default {${loaders.join(",")}};`,
      };
    });
  },
});

/** zod bundles every message locale; the portal speaks English, so the bundle keeps only "en". */
export const zodEnglishOnly: esbuild.Plugin = {
  name: "zod-english-only",
  setup(build) {
    build.onLoad({ filter: /zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({
      contents: 'export { default as en } from "./en.js";',
      loader: "js",
    }));
  },
};

/**
 * uPlot without what the charts never use: the statics for stepped, spline and bar paths, sync,
 * join, gaps, log/asinh ranges, and its date formatting (month names, time ticks and stamps,
 * time zones) — chart_plot.ts places and labels the UTC ticks itself. Dead code esbuild could not
 * drop otherwise: about 3.3 KB of the chart pages' gzipped first load (100 KB budget, issue 16).
 * Every pattern must match: an upgraded uPlot fails the build rather than trimming silently
 * nothing, or something else.
 */
const UPLOT_UNUSED: [RegExp, string][] = [
  [/^\s*\(paths\.(stepped|spline|bars)\s*=.*$/gm, ""],
  [/^\s*uPlot\.(join|sync|addGap|clipGaps|rangeLog|rangeAsinh|fmtDate|tzDate)\s*=\s*\w+;$/gm, ""],
  // The date formatting: its module-level tables, then its uses in uPlot's setup.
  [/^const (days3|months3|localTz|\[ timeIncrs\w+,.*|_timeSeriesStamp) = .*$/gm, ""],
  [/^const engNames = \{[^}]*\};$/m, ""],
  [/^\tconst _(tzDate|fmtDate|timeAxisSplits|timeAxisVals|timeSeriesVal) .*$/gm, ""],
  [
    /isTime \? \(isStr\(sv\) \? timeSeriesVal\(_tzDate, timeSeriesStamp\(sv, _fmtDate\)\) : sv \|\| _timeSeriesVal\) : /,
    "",
  ],
  [/\(isTime \? \(ms == 1 \? timeIncrsMs : timeIncrsS\) : numIncrs\)/, "numIncrs"],
  [/isTime && sc\.distr == 1 \? _timeAxisSplits : /, ""],
  [/isTime \? \([^]*?av \|\| _timeAxisVals\s*\) : /, ""],
];
const uplotTrimmed: esbuild.Plugin = {
  name: "uplot-trimmed",
  setup(build) {
    build.onLoad({ filter: /uplot[\\/]dist[\\/]uPlot\.esm\.js$/ }, async ({ path }) => ({
      contents: UPLOT_UNUSED.reduce((text, [re, to]) => {
        const trimmed = text.replace(re, to);
        if (trimmed === text) throw new Error(`uPlot trim ${re} matches nothing: check ${path}`);
        return trimmed;
      }, await Deno.readTextFile(path)),
      loader: "js",
    }));
  },
};

/**
 * Level 9: the assets are compressed once per build, so the slowest, smallest level is free —
 * asynchronously, so a build in the background does not hold up the requests being served.
 */
const gzip = (data: Uint8Array) =>
  new Promise<Uint8Array>((resolve, reject) =>
    gzipCb(data, { level: 9 }, (e, out) => e ? reject(e) : resolve(out))
  );

export async function buildAssets(): Promise<AssetManifest> {
  const islands = await islandPaths();
  const common: esbuild.BuildOptions = {
    absWorkingDir: ROOT,
    bundle: true,
    minify: true,
    write: false,
    outdir: join(ROOT, "_assets"),
    entryNames: "[name]-[hash]",
    chunkNames: "c-[hash]",
    assetNames: "[name]-[hash]",
    legalComments: "none",
    logLevel: "silent",
  };
  const script = (plugins: esbuild.Plugin[]): esbuild.BuildOptions => ({
    ...common,
    entryPoints: { main: ENTRY },
    format: "esm",
    splitting: true,
    target: ["es2022", "chrome110", "firefox110", "safari16"],
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
    plugins: [registryPlugin(islands), zodEnglishOnly, uplotTrimmed, ...plugins],
    // V8's explicit compile hint (Chrome 136+): compile every function of a chunk while it
    // streams in, off the main thread. A chunk is fetched when its code is about to run, and
    // without the hint React DOM's CommonJS body (one function) was compiled on the main thread
    // at its first call: 65 ms on this machine, a quarter of a second on a 4x slower phone.
    banner: { js: "//# allFunctionsCalledOnLoad" },
  });
  // The first build only reads the import graph, for the chunk groups of the second.
  const graph = await esbuild.build({ ...script([]), minify: false, metafile: true });
  const islandFiles = [...islands.values()].map((p) => join("islands", p));
  const groups = chunkGroups(ROOT, groupImports(graph.metafile!, islandFiles));
  const [js, css] = await Promise.all([
    esbuild.build(script([groups])),
    esbuild.build({
      ...common,
      entryPoints: { app: STYLESHEET, frame: FRAME_STYLESHEET },
      loader: { ".woff2": "file" },
      // Absolute: the frame's sheet is inlined in pages at every path.
      publicPath: ASSET_PREFIX,
      plugins: [svgIconFiles],
    }),
  ]);
  await esbuild.stop();

  const files = new Map<string, Asset>();
  const urlOf = (path: string) => ASSET_PREFIX + path.slice(path.lastIndexOf("/") + 1);
  await Promise.all([...js.outputFiles!, ...css.outputFiles!].map(async (f) => {
    const ext = f.path.slice(f.path.lastIndexOf(".") + 1);
    files.set(urlOf(f.path), {
      body: f.contents,
      gzip: await gzip(f.contents),
      type: TYPES[ext] ?? "application/octet-stream",
    });
  }));
  return manifestOf(files);
}
/** The bundle's manifest from its built files: the runtime entry and the stylesheet by name. */
function manifestOf(files: Map<string, Asset>): AssetManifest {
  // The runtime entry is main-<hash>.js; the stylesheets app-<hash>.css and frame-<hash>.css.
  const named = (prefix: string) => {
    const url = [...files.keys()].find((u) => u.startsWith(prefix));
    if (!url) throw new Error(`the browser bundle has no ${prefix}* file`);
    return url;
  };
  return {
    files,
    entry: named(`${ASSET_PREFIX}main-`),
    stylesheet: named(`${ASSET_PREFIX}app-`),
    frameStylesheet: named(`${ASSET_PREFIX}frame-`),
  };
}
