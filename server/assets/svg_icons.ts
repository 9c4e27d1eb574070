/**
 * The stylesheets' SVG images as files of the bundle instead of `data:` URIs (Pico's chevrons,
 * check marks and search glass, the frame sheet's copies of them). Chromium draws an SVG image
 * through a document of its own, made when the image is first painted. A `data:` URI is there at
 * once, so every icon a page shows was made inside the page's first frame: 8 to 16 ms of first
 * contentful paint on the bench machine (docs/decisions/0005). A file is fetched, so the first
 * frame is painted without it and the icon follows; icons are backgrounds, so nothing moves.
 * Hashed names and immutable caching as for every asset: a second visit fetches none again.
 */
import type * as esbuild from "esbuild";

/** `url(data:image/svg+xml…)`, quoted either way or not at all. */
const DATA_SVG_URL =
  /url\(\s*(?:"(data:image\/svg\+xml[^"]*)"|'(data:image\/svg\+xml[^']*)'|(data:image\/svg\+xml[^"'()\s]*))\s*\)/g;

/** The SVG document of an `image/svg+xml` data URI (percent-encoded or base64). */
export function svgOfDataUri(uri: string): string {
  const comma = uri.indexOf(",");
  if (comma < 0) throw new Error(`not a data URI: ${uri.slice(0, 60)}`);
  const meta = uri.slice(0, comma), payload = uri.slice(comma + 1);
  const svg = /;base64$/i.test(meta)
    ? new TextDecoder().decode(Uint8Array.from(atob(payload), (c) => c.charCodeAt(0)))
    : decodeURIComponent(payload);
  if (!/<svg[\s>]/.test(svg)) throw new Error(`not an SVG image: ${uri.slice(0, 60)}`);
  return svg;
}

/** FNV-1a, 32 bits: a stable name for an icon within a build (esbuild adds the content hash). */
const fnv1a = (s: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, "0");
};

const NAMESPACE = "svg-icon";

/**
 * Rewrites every SVG `data:` URI of the CSS files esbuild loads into a reference to a file of the
 * bundle (esbuild's `file` loader: `icon-<name>-<hash>.svg` under the build's public path).
 */
export const svgIconFiles: esbuild.Plugin = {
  name: "svg-icon-files",
  setup(build) {
    const icons = new Map<string, string>();
    build.onLoad({ filter: /\.css$/ }, async ({ path }) => ({
      loader: "css",
      contents: (await Deno.readTextFile(path)).replace(
        DATA_SVG_URL,
        (_url, doubleQuoted?: string, singleQuoted?: string, bare?: string) => {
          const svg = svgOfDataUri((doubleQuoted ?? singleQuoted ?? bare)!);
          const name = `icon-${fnv1a(svg)}.svg`;
          icons.set(name, svg);
          return `url("${NAMESPACE}:${name}")`;
        },
      ),
    }));
    build.onResolve(
      { filter: new RegExp(`^${NAMESPACE}:`) },
      ({ path }) => ({ path: path.slice(NAMESPACE.length + 1), namespace: NAMESPACE }),
    );
    build.onLoad({ filter: /./, namespace: NAMESPACE }, ({ path }) => {
      const svg = icons.get(path);
      if (svg === undefined) throw new Error(`no icon ${path} in this build`);
      return { contents: svg, loader: "file" };
    });
  },
};
