// Runs Lighthouse (the pinned npm package) over a list of URLs in one Chromium, with Node.
// Reads {chromePath, chromeFlags, urls, cookie, preset: "mobile"|"desktop", runs, cpuSlowdown?}
// as JSON on stdin (chromeFlags: the browser tests' own, tests/e2e/harness.ts). Writes one JSON
// line per run to stdout: {url, run, score, fcp, lcp, tbt, cls, si, tti} (ms, CLS unitless), with
// Lighthouse's CPU benchmark of the machine at that moment and the browser's user agent; a run
// Lighthouse could not finish is a line with `error` set (the other runs go on).
// Started by bench/lighthouse.ts; see there.
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import * as chromeLauncher from "chrome-launcher";
import puppeteer from "puppeteer-core";

const input = JSON.parse(
  await new Promise((resolve) => {
    let s = "";
    process.stdin.on("data", (d) => s += d);
    process.stdin.on("end", () => resolve(s));
  }),
);

const chrome = await chromeLauncher.launch({
  chromePath: input.chromePath,
  chromeFlags: input.chromeFlags,
  logLevel: "silent",
});
try {
  if (input.cookie) {
    // In the browser's cookie jar, which Lighthouse's storage reset keeps: a Cookie header of
    // `extraHeaders` is dropped on a redirect (the browser recomputes it from the jar at each hop).
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
    });
    const [name, value] = input.cookie.split(/=(.*)/s);
    const session = await browser.target().createCDPSession();
    await session.send("Storage.setCookies", {
      cookies: input.urls.map((url) => ({
        name,
        value,
        url: new URL("/", url).href,
      })),
    });
    await browser.disconnect();
  }
  const flags = {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    // Audit error pages too (/error/404 answers 404 on purpose).
    ignoreStatusCode: true,
  };
  // A slower (or faster) CPU than the preset's: see --cpu-slowdown in bench/pages/lighthouse.ts.
  if (input.cpuSlowdown) flags.throttling = { cpuSlowdownMultiplier: input.cpuSlowdown };
  const config = input.preset === "desktop" ? desktopConfig : undefined;
  for (let run = 0; run < input.runs; run++) {
    for (const url of input.urls) {
      let lhr;
      try {
        lhr = (await lighthouse(url, flags, config))?.lhr;
        if (!lhr) throw new Error("Lighthouse returned no result");
      } catch (e) {
        const error = e instanceof Error ? e.message : String(e);
        process.stdout.write(JSON.stringify({ url, run, error }) + "\n");
        continue;
      }
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
        benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
        userAgent: lhr.environment?.hostUserAgent ?? null,
        longTasks: (lhr.audits["long-tasks"]?.details?.items ?? []).slice(0, 5)
          .map((t) => ({
            url: t.url,
            start: t.startTime,
            duration: t.duration,
          })),
        bootup: (lhr.audits["bootup-time"]?.details?.items ?? []).slice(0, 5)
          .map((t) => ({ url: t.url, total: t.total, scripting: t.scripting })),
        mainThread: (lhr.audits["mainthread-work-breakdown"]?.details?.items ?? [])
          .map((t) => ({ group: t.group, duration: t.duration })),
      };
      process.stdout.write(JSON.stringify(out) + "\n");
    }
  }
} finally {
  await chrome.kill();
}
