/** Where the browser bundle comes from and goes to, and its shape in memory. */
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export interface Asset {
  body: Uint8Array;
  gzip: Uint8Array;
  type: string;
}

export interface AssetManifest {
  /** URL path (under /assets/) → file. */
  files: Map<string, Asset>;
  /** The runtime entry module's URL. */
  entry: string;
  stylesheet: string;
  /** The page frame's own small sheet (islands/styles/frame.css), inlined by the pages. */
  frameStylesheet: string;
}

export const ASSET_PREFIX = "/assets/";
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const ISLANDS_DIR = join(ROOT, "islands");
/** `deno task build` writes the bundle here; servers read it (dist/manifest.json, dist/assets/). */
export const DIST_DIR = join(ROOT, "dist");
