/**
 * Moving between routes without reloading: a link click fetches the next route's
 * server-rendered page and swaps its main content (and the navigation) into this one. Deep
 * links, reload and back/forward use the same URLs, so every route is a real page.
 */
import { hydrateIslands, unmountIslands } from "./hydrate.ts";
import { releaseHeldSubmits } from "./held_submits.ts";
import { showFlash } from "./flash.ts";
import { toast } from "./toasts.ts";

const NATIVE_PREFIXES = ["/rest/", "/docs", "/openapi.json", "/assets/", "/health"];
let sequence = 0;

/** Whether a URL is a portal page this runtime can swap in. */
function isPortalPage(url: URL): boolean {
  return url.origin === location.origin && !NATIVE_PREFIXES.some((p) => url.pathname.startsWith(p));
}

interface NavigateOptions {
  replace?: boolean;
  /** Set for back/forward: the history entry already exists. */
  pop?: boolean;
}

export async function navigate(href: string, options: NavigateOptions = {}): Promise<void> {
  const url = new URL(href, location.href);
  if (!isPortalPage(url)) return location.assign(url);
  const ticket = ++sequence;
  document.documentElement.setAttribute("aria-busy", "true");
  try {
    let response: Response;
    try {
      response = await fetch(url, { credentials: "same-origin", headers: { "x-portal-nav": "1" } });
    } catch {
      toast("error", "Network Error");
      return;
    }
    const html = await response.text();
    if (ticket !== sequence) return; // a later navigation won
    const landed = new URL(response.url || url.href);
    const next = new DOMParser().parseFromString(withoutInlineStyle(html), "text/html");
    const sameFrame = next.body.dataset.layout === document.body.dataset.layout &&
      next.body.dataset.user === document.body.dataset.user &&
      next.getElementById("main") !== null;
    if (!sameFrame) return location.assign(landed); // e.g. signed out meanwhile: load it fully

    const target = landed.pathname + landed.search + url.hash;
    if (!options.pop) {
      history.replaceState({ ...history.state, scrollY: scrollY }, "");
      if (options.replace) history.replaceState({}, "", target);
      else history.pushState({}, "", target);
    } else if (target !== location.pathname + location.search + location.hash) {
      history.replaceState(history.state, "", target); // the server redirected
    }
    swap(next);
    scrollTo(0, options.pop ? (history.state?.scrollY ?? 0) : 0);
  } finally {
    if (ticket === sequence) document.documentElement.removeAttribute("aria-busy");
  }
}

/** The current page again from the server, in place (after a change it shows): no new history entry. */
export const reloadPage = () => navigate(location.pathname + location.search, { replace: true });

/** A dialog's onSaved: close it (`close`), then show the change by reloading the page. */
export const closeAndReload = (close: () => void) => () => {
  close();
  void reloadPage();
};

/**
 * The page without the frame's inline sheet in its head: only the body and the title are used,
 * and parsing a `<style>` checks it against this page's CSP, whose hash is of the sheet this page
 * was served with — after a deploy, a violation reported for a sheet that is never applied.
 */
const withoutInlineStyle = (html: string) => html.replace(/<style>[^<]*<\/style>/, "");

function swap(next: Document) {
  const main = document.getElementById("main")!;
  unmountIslands(main);
  main.replaceChildren(
    ...[...next.getElementById("main")!.childNodes].map((n) => document.importNode(n, true)),
  );
  const nav = document.getElementById("nav");
  const nextNav = next.getElementById("nav");
  if (nav && nextNav) nav.replaceWith(document.importNode(nextNav, true));
  // The phone's menu panel, if a link in it was followed, closes on the new page.
  const menu = document.getElementById("site-menu");
  if (menu?.matches(":popover-open")) menu.hidePopover();
  document.title = next.title;
  main.focus({ preventScroll: true });
  showFlash(main);
  // html[data-hydrated] says the page's islands are live: off until the new ones are.
  const root = document.documentElement;
  delete root.dataset.hydrated;
  const swapped = ++swaps;
  void hydrateIslands(main).then(() => {
    if (swapped !== swaps) return;
    root.dataset.hydrated = "";
    releaseHeldSubmits();
  });
}
let swaps = 0;

function onClick(event: MouseEvent) {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const a = (event.target as Element).closest?.("a[href]") as HTMLAnchorElement | null;
  if (!a || a.target || a.hasAttribute("download") || a.dataset.native !== undefined) return;
  const url = new URL(a.href);
  if (!isPortalPage(url)) return;
  if (url.pathname === location.pathname && url.search === location.search && url.hash) return;
  event.preventDefault();
  void navigate(url.href);
}

export function installNavigation() {
  document.addEventListener("click", onClick);
  addEventListener("popstate", () => void navigate(location.href, { pop: true }));
  history.scrollRestoration = "manual";
}
