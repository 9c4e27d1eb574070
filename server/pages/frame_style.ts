/**
 * The page frame's own sheet (islands/styles/frame.css): inlined in the head of every page with
 * the header, whose full stylesheet is linked after the header (docs/decisions/0005, First
 * paint). Its hash goes into the pages' Content-Security-Policy, which allows no other inline
 * style.
 */
import type { AssetManifest } from "../assets/mod.ts";

export interface FrameStyle {
  /** The sheet's text, exactly as it goes between `<style>` and `</style>`. */
  css: string;
  /** Its CSP source: `'sha256-…'`. */
  source: string;
}

const styles = new WeakMap<AssetManifest, Promise<FrameStyle>>();

async function load(manifest: AssetManifest): Promise<FrameStyle> {
  const file = manifest.files.get(manifest.frameStylesheet);
  if (!file) throw new Error(`the browser bundle has no ${manifest.frameStylesheet}`);
  const css = new TextDecoder().decode(file.body);
  if (css.includes("</")) throw new Error("the frame stylesheet may not contain '</'");
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(css));
  return { css, source: `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'` };
}

/** The bundle's frame sheet and its CSP source, worked out once per bundle. */
export function frameStyle(manifest: AssetManifest): Promise<FrameStyle> {
  let style = styles.get(manifest);
  if (!style) styles.set(manifest, style = load(manifest));
  return style;
}
