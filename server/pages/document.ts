/** The HTML document around a rendered page: head, preloads, and the runtime script. */
import type { AssetManifest } from "./assets.ts";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export const PRODUCT = "Satellite Portal";

export interface DocumentParts {
  title: string;
  body: string;
  layout: "app" | "bare";
  userId: string;
  islands: Set<string>;
  manifest: AssetManifest;
}

export function htmlDocument(p: DocumentParts): string {
  const preload = new Set(p.manifest.entryChunks);
  for (const name of p.islands) for (const url of p.manifest.islands[name] ?? []) preload.add(url);
  preload.delete(p.manifest.entry);
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
${[...preload].map((u) => `<link rel="modulepreload" href="${u}">`).join("\n")}
</head>
<body data-layout="${p.layout}" data-user="${escapeHtml(p.userId)}">
${p.body}
</body>
</html>`;
}
