/**
 * The browser bundle a server serves (docs/deploy.md, "The browser bundle"):
 * - `dist/` as written by `deno task build`, when it was built from the current sources — the
 *   only way under --deny-run (Deno Deploy), and no build at start anywhere else either;
 * - otherwise, when the process may spawn (a laptop, the tests), built in memory by esbuild on
 *   first use, as `deno task start` has always done from a fresh clone;
 * - otherwise a stale `dist/` is served with a warning, and a missing one stops the server at
 *   start with the command that makes it.
 * Loaded once per process: the sources do not change while a server runs.
 */
import { type AssetManifest, DIST_DIR } from "./paths.ts";
import { readDist, sourceFingerprint } from "./dist.ts";

export { ASSET_PREFIX, type AssetManifest } from "./paths.ts";

const BUNDLE_MISSING = "The browser bundle is not built and this process may not run " +
  "esbuild (--deny-run): run `deno task build` first, which writes dist/ (docs/deploy.md).";

/** Whether this process may start subprocesses (esbuild's service is one). */
async function maySpawn(): Promise<boolean> {
  try {
    return (await Deno.permissions.query({ name: "run" })).state === "granted";
  } catch {
    return false;
  }
}

/** Where the bundle came from: the build folder, or esbuild in this process. */
type AssetSource = "dist" | "dist (stale)" | "built in memory";

export async function loadAssets(
  dir = DIST_DIR,
): Promise<{ manifest: AssetManifest; source: AssetSource }> {
  const dist = await readDist(dir, await sourceFingerprint());
  if (dist.found && dist.current) return { manifest: dist.manifest, source: "dist" };
  if (await maySpawn()) {
    const { buildAssets } = await import("./bundle.ts");
    return { manifest: await buildAssets(), source: "built in memory" };
  }
  if (!dist.found) throw new Error(BUNDLE_MISSING);
  console.warn(
    "The browser bundle in dist/ was built from other sources than these (islands/, deno.lock " +
      "or the build changed since): serving it anyway. Run `deno task build` before deploying.",
  );
  return { manifest: dist.manifest, source: "dist (stale)" };
}

let loaded: ReturnType<typeof loadAssets> | undefined;
/** The process-wide bundle and where it came from. */
export const assetsWithSource = () => loaded ??= loadAssets();
/** The process-wide bundle. */
export const assets = async (): Promise<AssetManifest> => (await assetsWithSource()).manifest;
