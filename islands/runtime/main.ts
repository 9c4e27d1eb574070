/**
 * The browser entry, kept tiny: the page's first frame is painted from the server's HTML before
 * any island code is fetched or run, then `start.ts` hydrates (docs/decisions/0005).
 */
let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import("./start.ts");
};
requestAnimationFrame(() => setTimeout(start, 0));
// A page opened in a background tab paints no frame until it is shown: start anyway.
setTimeout(start, 1000);
