/**
 * The floor under a portal page's first contentful paint: static copies of one real page, cut
 * down step by step, served by a bare server with no scripts and no server work, each loaded in
 * a fresh context against the page bench's static baseline (interleaved rounds):
 *
 *   deno run -A bench/pages/paint_floor.ts --rounds 51 http://127.0.0.1:8801 [/administration/users]
 *
 * - brand: the page's head (with the frame's inline sheet) and the header's brand link alone;
 * - header: the whole header (menus, quick search, account menu), the frame's sheet only;
 * - header+sheet: the header and the full stylesheet (Pico and app.css) after it;
 * - page: the whole page as served, without its scripts.
 * A portal needs the demo data (this signs in as the demo admin). What a step adds over the one
 * before is what that part of the page costs Chromium's first frame (docs/decisions/0005).
 */
import { parseArgs } from "node:util";
import { launchChromium } from "../../tests/e2e/harness.ts";
import { FRAME_END } from "../../server/pages/document.ts";
import {
  HTML_TYPE,
  interleavedPaints,
  median,
  medianPaint,
  signIn,
  startBaseline,
  startStatic,
  type Target,
} from "./pages.ts";

interface FloorVariant {
  name: string;
  /** What the copy holds. */
  holds: string;
  html: string;
}

/** The cut-down copies of a page rendered with the frame (header, then the stylesheet's link). */
export function floorVariants(html: string): FloorVariant[] {
  const page = html.replace(/<script type="module"[^>]*><\/script>\n?/g, "");
  const header = /<header id="site-header"[^]*?<\/header>/.exec(page);
  const sheet = new RegExp(`<link rel="stylesheet" href="[^"]+" id="${FRAME_END}">`).exec(page);
  const brandEnd = header?.[0].indexOf("</ul>") ?? -1;
  if (
    !header || !sheet || brandEnd < 0 || !header[0].slice(0, brandEnd).includes('class="brand"')
  ) {
    throw new Error(
      "not a page with the frame: no header with its brand first, or no stylesheet after it",
    );
  }
  // Without the element after the header, nothing is left for the head's render-blocking
  // `rel="expect"` link to wait for but the end of the document: drop it from those copies.
  const head = page.slice(0, header.index).replace(/<link rel="expect"[^>]*>\n?/, "");
  const end = "\n</body>\n</html>\n";
  return [
    {
      name: "brand",
      holds: "the head and the header's brand, the frame's sheet",
      html: `${head}${header[0].slice(0, brandEnd + "</ul>".length)}</nav></header>${end}`,
    },
    { name: "header", holds: "the whole header, the frame's sheet", html: head + header[0] + end },
    {
      name: "header+sheet",
      holds: "the whole header and the full stylesheet",
      html: page.slice(0, sheet.index + sheet[0].length) + end,
    },
    { name: "page", holds: "the whole page without its scripts", html: page },
  ];
}

if (import.meta.main) {
  const { values, positionals } = parseArgs({
    args: Deno.args,
    options: { rounds: { type: "string", default: "21" } },
    allowPositionals: true,
  });
  const [origin, path = "/"] = positionals;
  const rounds = Number(values.rounds);
  if (!origin || !(rounds > 0)) {
    console.error("usage: paint_floor.ts [--rounds N] ORIGIN [/PATH]");
    Deno.exit(2);
  }
  const cookie = await signIn(origin);
  const res = await fetch(origin + encodeURI(path), { headers: { cookie }, redirect: "manual" });
  const html = await res.text();
  if (res.status !== 200) throw new Error(`${path}: status ${res.status}`);
  const href = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
  if (!href) throw new Error(`${path}: no stylesheet link`);
  const css = await (await fetch(origin + href)).text();
  const variants = floorVariants(html);

  const server = await startStatic({
    [href]: { type: "text/css; charset=utf-8", body: css },
    ...Object.fromEntries(variants.map((v) => [`/${v.name}`, { type: HTML_TYPE, body: v.html }])),
  });
  const baseline = await startBaseline();
  const browser = await launchChromium();
  try {
    const targets: (Target & { holds: string })[] = [
      { ...baseline.target, holds: "the bench's static page" },
      ...variants.map((v) => ({
        path: v.name,
        holds: v.holds,
        url: `http://127.0.0.1:${server.port}/${v.name}`,
        signedIn: false,
      })),
    ];
    const paints = await interleavedPaints(browser, targets, rounds);
    const base = medianPaint(paints.get(targets[0])!, "fcp");
    console.log(`first contentful paint of ${path}, cut down (static copies, no scripts)`);
    console.log(`${"copy".padEnd(14)} FCP ms  p25-p75 ms  FCP x base  holds`);
    for (const t of targets) {
      const fcps = paints.get(t)!.map((p) => p.fcp).filter((x): x is number => x !== null);
      const sorted = fcps.toSorted((a, b) => a - b);
      const q = (f: number) => sorted[Math.floor(f * (sorted.length - 1))].toFixed(0);
      const fcp = median(fcps);
      console.log(
        `${t.path.padEnd(14)} ${fcp.toFixed(0).padStart(6)}  ${
          `${q(0.25)}-${q(0.75)}`.padStart(10)
        }  ${(fcp / base).toFixed(2).padStart(9)}x  ${t.holds}`,
      );
    }
    console.log(`median of ${rounds} fresh-context loads each; Chromium ${browser.version()}`);
  } finally {
    await browser.close();
    await baseline.proc.stop();
    await server.proc.stop();
  }
}
