/**
 * The route overview (admin): one table per type (tcp, ftp, ws, smtp), 10 per page, each first
 * page server-rendered. `?type=` names the table whose query the URL holds (tcp by default).
 */
import type { PageRoute } from "../types.ts";
import { firstPage } from "../first_page.ts";
import { Island } from "../../server/pages/island.tsx";
import RouteList, {
  ROUTE_TABLE_DEFAULTS,
  type RouteListProps,
} from "../../islands/routing/routes/RouteList.tsx";
import { ROUTE_TYPES, type RouteType } from "../../openapi/enums.ts";
import {
  FtpRoutesFindSchema,
  SmtpRoutesFindSchema,
  TcpRoutesFindSchema,
  WsRoutesFindSchema,
} from "../../openapi/schemas/push/push_find.ts";
import { findRoutes } from "../../server/services/push/delivery_routes/find.ts";

const routesRoute: PageRoute<RouteListProps> = {
  pattern: "/routing/routes",
  title: "Route management",
  summary: "Delivery routes over TCP, FTP, web service and SMTP, with their destinations.",
  admin: true,
  parent: "/routing",
  load: async ({ deps, url }) => {
    const asked = url.searchParams.get("type");
    const urlType: RouteType = ROUTE_TYPES.includes(asked as RouteType)
      ? asked as RouteType
      : "tcp";
    // The other tables start from their defaults.
    const bare = new URL(url.pathname, url.origin);
    const urlOf = (type: RouteType) => type === urlType ? url : bare;
    const db = deps.db;
    const [tcp, ftp, ws, smtp] = await Promise.all([
      firstPage(
        urlOf("tcp"),
        ROUTE_TABLE_DEFAULTS,
        TcpRoutesFindSchema,
        (req) => findRoutes(db, req),
        { type: "tcp" },
      ),
      firstPage(
        urlOf("ftp"),
        ROUTE_TABLE_DEFAULTS,
        FtpRoutesFindSchema,
        (req) => findRoutes(db, req),
        { type: "ftp" },
      ),
      firstPage(
        urlOf("ws"),
        ROUTE_TABLE_DEFAULTS,
        WsRoutesFindSchema,
        (req) => findRoutes(db, req),
        { type: "ws" },
      ),
      firstPage(
        urlOf("smtp"),
        ROUTE_TABLE_DEFAULTS,
        SmtpRoutesFindSchema,
        (req) => findRoutes(db, req),
        { type: "smtp" },
      ),
    ]);
    return { urlType, tables: { tcp, ftp, ws, smtp } } as RouteListProps;
  },
  view: ({ data }) => <Island of={RouteList} props={data} />,
};

export default [routesRoute];
