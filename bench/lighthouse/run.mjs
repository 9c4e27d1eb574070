// Runs Lighthouse (the pinned npm package) over a list of URLs in one Chromium, with Node.
// Reads {chromePath, urls, cookie, preset: "mobile"|"desktop", runs} as JSON on stdin; writes one
// JSON line per run to stdout: {url, run, score, fcp, lcp, tbt, cls, si, tti} (ms, CLS unitless).
// Started by bench/lighthouse.ts; see there.
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import * as chromeLauncher from "chrome-launcher";

const input = JSON.parse(
  await new Promise((resolve) => {
    let s = "";
    process.stdin.on("data", (d) => s += d);
    process.stdin.on("end", () => resolve(s));
  }),
);

const chrome = await chromeLauncher.launch({
  chromePath: input.chromePath,
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
  logLevel: "silent",
});
try {
  const flags = {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    extraHeaders: input.cookie ? { Cookie: input.cookie } : undefined,
  };
  const config = input.preset === "desktop" ? desktopConfig : undefined;
  for (let run = 0; run < input.runs; run++) {
    for (const url of input.urls) {
      const result = await lighthouse(url, flags, config);
      const lhr = result.lhr;
      const a = (id) => lhr.audits[id]?.numericValue ?? null;
      const out = {
        url,
        run,
        finalUrl: lhr.finalDisplayedUrl,
        error: lhr.runtimeError?.message ?? null,
        score: lhr.categories.performance.score === null
          ? null
          : Math.round(lhr.categories.performance.score * 100),
        fcp: a("first-contentful-paint"),
        lcp: a("largest-contentful-paint"),
        tbt: a("total-blocking-time"),
        cls: a("cumulative-layout-shift"),
        si: a("speed-index"),
        tti: a("interactive"),
        longTasks: (lhr.audits["long-tasks"]?.details?.items ?? []).slice(0, 5)
          .map((t) => ({
            url: t.url,
            start: t.startTime,
            duration: t.duration,
          })),
        bootup: (lhr.audits["bootup-time"]?.details?.items ?? []).slice(0, 5)
          .map((t) => ({ url: t.url, total: t.total, scripting: t.scripting })),
        mainThread:
          (lhr.audits["mainthread-work-breakdown"]?.details?.items ?? [])
            .map((t) => ({ group: t.group, duration: t.duration })),
      };
      process.stdout.write(JSON.stringify(out) + "\n");
    }
  }
} finally {
  await chrome.kill();
}
