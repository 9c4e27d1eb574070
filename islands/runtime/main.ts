/**
 * The browser entry, kept tiny: the page's content is painted from the server's HTML before any
 * island code is fetched or run, then `start.ts` hydrates (docs/decisions/0005, 0021).
 */
// An island's form pressed before hydration is held, not sent natively (a GET of the page with
// its fields in the URL): held_submits.ts submits it once hydrated. Forms the server handles
// (method="post": sign-in) post as usual.
const held: HTMLFormElement[] = [];
(globalThis as Record<string, unknown>).__heldSubmits = held;
document.addEventListener("submit", (event) => {
  const form = event.target as HTMLFormElement;
  if ("hydrated" in document.documentElement.dataset || form.method === "post") return;
  if (!form.closest("[data-island]")) return;
  event.preventDefault();
  if (!held.includes(form)) held.push(form);
}, true);

let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import("./start.ts");
};
// This module runs once the document is parsed. Its content is on screen when the browser reports
// a new largest contentful paint; a page whose content is smaller than the header's brand reports
// none, so three frames are the most it waits. Fetching the islands before the content is shown
// made it wait for them on a slow network (Lighthouse counts them into the largest paint).
const parsedAt = performance.now();
if (typeof PerformanceObserver === "function") {
  try {
    new PerformanceObserver((list) => {
      if (list.getEntries().some((e) => e.startTime >= parsedAt)) setTimeout(start, 0);
    }).observe({ type: "largest-contentful-paint", buffered: true });
  } catch { /* no largest-contentful-paint entries in this browser: the frames decide */ }
}
const afterFrames = (n: number) =>
  requestAnimationFrame(() => n > 1 ? afterFrames(n - 1) : setTimeout(start, 0));
afterFrames(3);
// A page opened in a background tab paints no frame until it is shown: start anyway.
setTimeout(start, 1000);
