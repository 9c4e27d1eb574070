/** The browser entry: hydrate the page's islands, show handed-over messages, take over links. */
import { hydrateIslands } from "./hydrate.ts";
import { installNavigation } from "./navigate.ts";
import { showFlash } from "./flash.ts";

installNavigation();
void hydrateIslands(document).then(() => {
  showFlash(document);
  document.documentElement.dataset.hydrated = "";
});
