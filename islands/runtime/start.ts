/** Hydrates the page's islands, shows handed-over messages, takes over links (loaded by main.ts). */
import { hydrateIslands } from "./hydrate.ts";
import { installNavigation } from "./navigate.ts";
import { showFlash } from "./flash.ts";
import { releaseHeldSubmits } from "./held_submits.ts";

installNavigation();
void hydrateIslands(document).then(() => {
  showFlash(document);
  document.documentElement.dataset.hydrated = "";
  releaseHeldSubmits();
});
