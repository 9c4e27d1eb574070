/** The gauge's geometry and words (islands/monitoring/gauge.tsx) and the pages' relative times. */
import assert from "node:assert/strict";
import { renderToString } from "react-dom/server";
import {
  Gauge,
  gaugeArc,
  gaugePoint,
  gaugeShare,
  gaugeWords,
} from "../../islands/monitoring/gauge.tsx";
import { ago } from "../../islands/monitoring/live.tsx";

Deno.test("[gauge] the value's share is held between 0 and the maximum", () => {
  assert.equal(gaugeShare(250, 1000), 0.25);
  assert.equal(gaugeShare(1500, 1000), 1);
  assert.equal(gaugeShare(-3, 1000), 0);
  // A maximum of 0: any value fills the gauge, none leaves it empty.
  assert.equal(gaugeShare(1, 0), 1);
  assert.equal(gaugeShare(0, 0), 0);
});

Deno.test("[gauge] the semicircle runs from the left end through the top to the right", () => {
  assert.deepEqual(gaugePoint(0), { x: 22, y: 100 });
  assert.deepEqual(gaugePoint(0.5), { x: 100, y: 22 });
  assert.deepEqual(gaugePoint(1), { x: 178, y: 100 });
  assert.deepEqual(gaugePoint(0.25, 10), { x: 92.93, y: 92.93 });
  assert.equal(gaugeArc(0, 0.5), "M 22 100 A 78 78 0 0 1 100 22");
});

Deno.test("[gauge] the band in words, split at 25, 50 and 75% of the maximum", () => {
  assert.deepEqual(gaugeWords(249, 1000), { band: "grey", bandText: "low (grey)", over: false });
  assert.deepEqual(gaugeWords(250, 1000), {
    band: "green",
    bandText: "normal (green)",
    over: false,
  });
  assert.equal(gaugeWords(499, 1000).band, "green");
  assert.deepEqual(gaugeWords(500, 1000), { band: "amber", bandText: "high (amber)", over: false });
  assert.equal(gaugeWords(749, 1000).band, "amber");
  assert.deepEqual(gaugeWords(750, 1000), {
    band: "red",
    bandText: "critical (red)",
    over: false,
  });
  assert.deepEqual(gaugeWords(1001, 1000), {
    band: "red",
    bandText: "critical (red)",
    over: true,
  });
});

Deno.test("[gauge] over the maximum: the needle stops at the end, the text says so", () => {
  const html = renderToString(
    <Gauge name="q" label="Queue" value={1200} maximum={1000} alert={750} />,
  );
  assert.match(html, /aria-valuenow="1000"/);
  assert.match(html, /aria-valuetext="1200 of 1000, critical \(red\), over maximum, alert"/);
  assert.match(html, /over maximum/);
  assert.match(html, />Alert</);
  // The needle points at the right end (radius 56 from the centre 100,100).
  assert.match(html, /class="gauge-needle" x1="100" y1="100" x2="156" y2="100"/);
  const calm = renderToString(
    <Gauge name="q" label="Queue" value={10} maximum={1000} alert={750} />,
  );
  assert.doesNotMatch(calm, /over maximum|>Alert</);
  assert.match(calm, /low \(grey\)/);
});

Deno.test("[monitoring] times are said relative to the measurement", () => {
  const now = "2026-11-21T12:00:00.000Z";
  assert.equal(ago("2026-11-21T11:59:48.000Z", now), "12 s ago");
  assert.equal(ago("2026-11-21T11:55:00.000Z", now), "5 min ago");
  assert.equal(ago("2026-11-21T09:00:00.000Z", now), "3 h ago");
  assert.equal(ago("2026-11-19T12:00:00.000Z", now), "2 d ago");
  assert.equal(ago(null, now), "");
});
