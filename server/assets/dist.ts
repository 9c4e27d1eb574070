/**
 * The build folder (`dist/`): `deno task build` writes the bundle's files there, each with its
 * gzip twin (`name.gz`), and `manifest.json` naming them with their media types and the
 * fingerprint of the sources they were built from. A server reads it back without spawning or
 * writing anything (Deno Deploy). The fingerprint tells a stale folder — islands or the contract's
 * schemas edited since the build — from a current one.
 */
import { join, relative } from "node:path";
import { type Asset, ASSET_PREFIX, type AssetManifest, ISLANDS_DIR, ROOT } from "./paths.ts";

const MANIFEST = "manifest.json";
const FILES = "assets";
const FORMAT = 2;

interface ManifestFile {
  format: number;
  fingerprint: string;
  entry: string;
  stylesheet: string;
  frameStylesheet: string;
  files: { url: string; type: string }[];
}

/** What the bundle is built from besides islands/: the lock file (packages) and the recipe. */
const RECIPE = [
  "deno.lock",
  "server/assets/bundle.ts",
  "server/assets/chunk_groups.ts",
  "server/assets/svg_icons.ts",
];
/**
 * The contract's modules the islands import (schemas, enums, sort fields): a schema changed
 * there changes the bundle as much as an island does. The generated document is not bundled.
 */
const CONTRACT_DIR = join(ROOT, "openapi");

async function* filesUnder(dir: string): AsyncGenerator<string> {
  const entries = [];
  for await (const e of Deno.readDir(dir)) entries.push(e);
  entries.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory) yield* filesUnder(path);
    else if (e.isFile) yield path;
  }
}

/** The files the bundle is built from: islands/, the contract's modules, the lock and recipe. */
export async function bundleSources(): Promise<string[]> {
  const paths = [];
  for await (const path of filesUnder(ISLANDS_DIR)) paths.push(path);
  for await (const path of filesUnder(CONTRACT_DIR)) if (path.endsWith(".ts")) paths.push(path);
  paths.push(...RECIPE.map((p) => join(ROOT, p)));
  return paths;
}

/**
 * SHA-256 over the bundle's sources (name and bytes of each, `bundleSources`). About 250 files:
 * a few milliseconds, read-only.
 */
export async function sourceFingerprint(): Promise<string> {
  const paths = await bundleSources();
  const parts: Uint8Array[] = [];
  const encoder = new TextEncoder();
  for (const path of paths) {
    const bytes = await Deno.readFile(path).catch(() => new Uint8Array());
    parts.push(encoder.encode(`${relative(ROOT, path)}\0${bytes.length}\0`), bytes);
  }
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (all.set(p, at), at + p.length), 0);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", all));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const fileName = (url: string) => url.slice(ASSET_PREFIX.length);

/**
 * Writes the bundle into `dir` whole: into a fresh sibling folder first, then swapped in, so a
 * server reading the folder never sees half a build.
 */
export async function writeDist(dir: string, bundle: AssetManifest, fingerprint: string) {
  const fresh = `${dir}.new-${crypto.randomUUID().slice(0, 8)}`;
  await Deno.mkdir(join(fresh, FILES), { recursive: true });
  const files: ManifestFile["files"] = [];
  for (const [url, asset] of [...bundle.files].sort(([a], [b]) => a < b ? -1 : 1)) {
    await Deno.writeFile(join(fresh, FILES, fileName(url)), asset.body);
    await Deno.writeFile(join(fresh, FILES, fileName(url) + ".gz"), asset.gzip);
    files.push({ url, type: asset.type });
  }
  const manifest: ManifestFile = {
    format: FORMAT,
    fingerprint,
    entry: bundle.entry,
    stylesheet: bundle.stylesheet,
    frameStylesheet: bundle.frameStylesheet,
    files,
  };
  await Deno.writeTextFile(join(fresh, MANIFEST), JSON.stringify(manifest, null, 2) + "\n");
  const old = `${dir}.old-${crypto.randomUUID().slice(0, 8)}`;
  const had = await Deno.rename(dir, old).then(() => true, (e) => {
    if (e instanceof Deno.errors.NotFound) return false;
    throw e;
  });
  await Deno.rename(fresh, dir);
  if (had) await Deno.remove(old, { recursive: true });
}

/** The build folder as found: missing, or its bundle and whether its sources have changed since. */
type DistState =
  | { found: false }
  | { found: true; current: boolean; manifest: AssetManifest };

/** Reads the build folder (its manifest first: a folder without one counts as missing). */
export async function readDist(dir: string, fingerprint: string): Promise<DistState> {
  let manifest: ManifestFile;
  try {
    manifest = JSON.parse(await Deno.readTextFile(join(dir, MANIFEST)));
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return { found: false };
    throw e;
  }
  if (manifest.format !== FORMAT) return { found: false };
  const files = new Map<string, Asset>();
  try {
    await Promise.all(manifest.files.map(async ({ url, type }) => {
      const path = join(dir, FILES, fileName(url));
      const [body, gzip] = await Promise.all([Deno.readFile(path), Deno.readFile(path + ".gz")]);
      files.set(url, { body, gzip, type });
    }));
  } catch (e) {
    // A build swapping the folder right now: as good as no folder.
    if (e instanceof Deno.errors.NotFound) return { found: false };
    throw e;
  }
  return {
    found: true,
    current: manifest.fingerprint === fingerprint,
    manifest: {
      files,
      entry: manifest.entry,
      stylesheet: manifest.stylesheet,
      frameStylesheet: manifest.frameStylesheet,
    },
  };
}
