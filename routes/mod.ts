/**
 * The route map of both specification documents: every area's pages, gathered from the areas'
 * mod.ts files (one line per resource there). The server renders each page completely
 * (server/pages/render.tsx); index pages list the pages whose parent they are, filtered by what
 * the user may open.
 */
import type { AnyPageRoute } from "./types.ts";
import { RouteMap } from "./map.ts";
import home from "./home.tsx";
import * as login from "./login/mod.ts";
import * as account from "./account/mod.ts";
import * as error from "./error/mod.ts";
import * as information from "./information/mod.ts";
import * as administration from "./administration/mod.ts";
import * as management from "./management/mod.ts";
import * as routing from "./routing/mod.ts";
import * as commands from "./commands/mod.ts";
import * as monitoring from "./monitoring/mod.ts";

const pagesOf = (area: Record<string, readonly AnyPageRoute[]>) => Object.values(area).flat();

/** The top-level areas, in menu order. */
const AREAS = [
  "/administration",
  "/management",
  "/routing",
  "/commands",
  "/monitoring",
  "/information",
];

export const ROUTE_MAP = new RouteMap(
  [
    ...home,
    ...pagesOf(login),
    ...pagesOf(account),
    ...pagesOf(error),
    ...pagesOf(administration),
    ...pagesOf(commands),
    ...pagesOf(information),
    ...pagesOf(management),
    ...pagesOf(monitoring),
    ...pagesOf(routing),
  ],
  AREAS,
);

export const ROUTES = ROUTE_MAP.routes;
