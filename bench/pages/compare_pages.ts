/**
 * First paint of the same pages on portals already running side by side — say the previous build
 * and this one — against the static baseline, with every round visiting every page of every
 * portal once (interleaved, so a slow moment of a noisy machine hits them all alike). Each portal
 * needs the demo data (it signs in as the demo admin):
 *
 *   deno run -A bench/pages/compare_pages.ts --rounds 15 http://127.0.0.1:8801 http://127.0.0.1:8802 \
 *     /routing /management/dnids
 *
 * Prints, per page and portal, the median first contentful paint and first byte, and the ratio
 * to the baseline's median. The page bench (`deno task bench --only 4`) measures one portal
 * against the budget; this tells two builds apart, which five loads of a page cannot.
 */
import { parseArgs } from "node:util";
import { launchChromium } from "../../tests/e2e/harness.ts";
import { interleavedPaints, medianPaint, signIn, startBaseline, type Target } from "./pages.ts";

const { values, positionals } = parseArgs({
  args: Deno.args,
  options: { rounds: { type: "string", default: "15" } },
  allowPositionals: true,
});
// Paths start with a slash; everything else is a portal's origin.
const origins = positionals.filter((a) => !a.startsWith("/"));
const given = positionals.filter((a) => a.startsWith("/"));
const paths = given.length ? given : ["/"];
const rounds = Number(values.rounds);
if (!origins.length || !(rounds > 0)) {
  console.error("usage: compare_pages.ts [--rounds N] ORIGIN... [/PATH...]");
  Deno.exit(2);
}

const baseline = await startBaseline();
const browser = await launchChromium();
try {
  const cookies = new Map<string, string>();
  for (const origin of origins) cookies.set(origin, await signIn(origin));
  const targets: (Target & { origin?: string })[] = [
    baseline.target,
    ...paths.flatMap((path) =>
      origins.map((origin) => ({ path, origin, url: origin + encodeURI(path), signedIn: true }))
    ),
  ];
  const paints = await interleavedPaints(
    browser,
    targets,
    rounds,
    (t) => t.origin && cookies.get(t.origin),
  );
  const medianOf = (t: Target, key: "fcp" | "ttfb") => medianPaint(paints.get(t)!, key);
  const base = medianOf(targets[0], "fcp");
  console.log(`${"page".padEnd(40)} ${"portal".padEnd(24)} FCP ms  TTFB ms  FCP x base`);
  for (const t of targets) {
    const fcp = medianOf(t, "fcp");
    console.log(
      `${t.path.padEnd(40)} ${(t.origin ?? "").padEnd(24)} ${fcp.toFixed(0).padStart(6)}  ` +
        `${medianOf(t, "ttfb").toFixed(0).padStart(7)}  ${(fcp / base).toFixed(2).padStart(9)}x`,
    );
  }
  console.log(`median of ${rounds} fresh-context loads each; Chromium ${browser.version()}`);
} finally {
  await browser.close();
  await baseline.proc.stop();
}
