/**
 * `deno task build`: builds the browser bundle (islands, client runtime, stylesheet; hashed names,
 * gzip) into dist/, which servers read without spawning esbuild (Deno Deploy runs no subprocess).
 * Skips the build when dist/ is current with the sources; `--force` builds anyway.
 */
import { buildAssets } from "./server/assets/bundle.ts";
import { readDist, sourceFingerprint, writeDist } from "./server/assets/dist.ts";
import { DIST_DIR } from "./server/assets/paths.ts";

const t0 = performance.now();
const fingerprint = await sourceFingerprint();
const existing = await readDist(DIST_DIR, fingerprint);
if (existing.found && existing.current && !Deno.args.includes("--force")) {
  console.log(`dist/ is up to date (${existing.manifest.files.size} files)`);
} else {
  const bundle = await buildAssets();
  await writeDist(DIST_DIR, bundle, fingerprint);
  const gzipped = [...bundle.files.values()].reduce((n, f) => n + f.gzip.length, 0);
  console.log(
    `Built ${bundle.files.size} files into dist/ (${(gzipped / 1024).toFixed(0)} KB gzipped) ` +
      `in ${(performance.now() - t0).toFixed(0)} ms`,
  );
}
