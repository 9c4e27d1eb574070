/**
 * The browser entry, kept tiny: the page's first frame is painted from the server's HTML before
 * any island code is fetched or run, then `start.ts` hydrates (docs/decisions/0005).
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
requestAnimationFrame(() => setTimeout(start, 0));
// A page opened in a background tab paints no frame until it is shown: start anyway.
setTimeout(start, 1000);
