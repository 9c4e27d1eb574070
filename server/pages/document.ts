/**
 * The HTML document around a rendered page: head, stylesheet and the runtime script. There are
 * deliberately no modulepreload links: Chromium fetches and compiles preloaded modules before
 * the first paint, which cost about 60 ms of first contentful paint (docs/decisions/0005); the
 * runtime imports the page's island chunks as soon as it runs.
 */
import type { AssetManifest } from "../assets/mod.ts";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

import { PRODUCT } from "../../openapi/enums.ts";

export { PRODUCT };

export interface DocumentParts {
  title: string;
  body: string;
  layout: "app" | "bare";
  userId: string;
  manifest: AssetManifest;
}

export function htmlDocument(p: DocumentParts): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(p.title)} · ${PRODUCT}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${p.manifest.stylesheet}">
<script type="module" src="${p.manifest.entry}"></script>
</head>
<body data-layout="${p.layout}" data-user="${escapeHtml(p.userId)}">
${p.body}
</body>
</html>`;
}
