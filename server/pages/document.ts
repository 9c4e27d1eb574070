/**
 * The HTML document around a rendered page: head, stylesheets and the runtime script. A page with
 * the header carries the frame's own small sheet inline and links the full stylesheet after the
 * header and the page's head (breadcrumbs, heading and summary), so those are laid out and painted
 * while the stylesheet is still on its way: the heading is the page's largest paint on most pages
 * (./frame_style.ts, docs/decisions/0021); a bare page links it in the head. There are
 * deliberately no modulepreload links: Chromium fetches and compiles preloaded modules before
 * the first paint, which cost about 60 ms of first contentful paint (docs/decisions/0005); the
 * runtime imports the page's island chunks as soon as it runs.
 */
import type { AssetManifest } from "../assets/mod.ts";
import type { FrameStyle } from "./frame_style.ts";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

import { PRODUCT } from "../../openapi/enums.ts";

export { PRODUCT };

interface DocumentParts {
  title: string;
  /** The skip link and the header: before the full stylesheet when there is a frame style. */
  header: string;
  /**
   * The rest of the body. With a frame style, the full stylesheet goes where it holds
   * STYLESHEET_SLOT (after the page's head), else right after the header.
   */
  body: string;
  layout: "app" | "bare";
  userId: string;
  /**
   * The id of the latest change event when the page was rendered: the tab's event stream resumes
   * after it, so nothing that changed while the page loaded is missed (islands/runtime/live.ts).
   */
  eventsSince?: string;
  manifest: AssetManifest;
  /** The frame's inline sheet, for a page with the header. */
  frameStyle?: FrameStyle;
}

/** The id of the first element after the frame, which the first paint waits for. */
export const FRAME_END = "frame-end";

/** Where a page's body wants the full stylesheet linked (server/pages/render.tsx). */
const STYLESHEET_SLOT = '<template data-stylesheet-slot=""></template>';

export function htmlDocument(p: DocumentParts): string {
  const stylesheet = (id = "") =>
    `<link rel="stylesheet" href="${p.manifest.stylesheet}"${id ? ` id="${id}"` : ""}>`;
  // The frame is painted whole or not at all: a frame painted while it is half parsed (a slow
  // device) shows a narrower header that then moves as the rest arrives. Rendering waits for the
  // element after the frame, the full stylesheet's link: Chromium lets rendering start once the
  // expected element is inserted, not when its end tag is parsed, so expecting the header itself
  // let a frame show its first half (measured under CPU throttling, docs/decisions/0005). Not
  // <main>: that would hold the first paint until the whole page is parsed.
  const inHead = p.frameStyle
    ? `<style>${p.frameStyle.css}</style>\n<link rel="expect" href="#${FRAME_END}" blocking="render">`
    : stylesheet();
  const slotted = p.body.includes(STYLESHEET_SLOT);
  const late = p.frameStyle ? stylesheet(FRAME_END) : "";
  const body = p.body.replace(STYLESHEET_SLOT, late);
  const afterHeader = slotted ? "" : late;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(p.title)} · ${PRODUCT}</title>
<link rel="icon" href="data:,">
${inHead}
<script type="module" src="${p.manifest.entry}"></script>
</head>
<body data-layout="${p.layout}" data-user="${escapeHtml(p.userId)}"${
    p.eventsSince ? ` data-events-since="${escapeHtml(p.eventsSince)}"` : ""
  }>
${p.header}${afterHeader}${body}
</body>
</html>`;
}
