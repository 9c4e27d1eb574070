/** The robot traffic overview (admin): received time, newest first; the first page server-rendered. */
import type { PageRoute } from "../types.ts";
import { type FirstPage, firstPage } from "../first_page.ts";
import { Island } from "../../server/pages/island.tsx";
import RobotTrafficList, {
  ROBOT_TRAFFIC_DEFAULTS,
} from "../../islands/routing/traffic/RobotTrafficList.tsx";
import {
  RobotTrafficFindSchema,
  type RobotTrafficRow,
} from "../../openapi/schemas/push/push_find.ts";
import { findRobotTraffic } from "../../server/services/push/robot_traffic.ts";

const robotTrafficRoute: PageRoute<FirstPage<RobotTrafficRow>> = {
  pattern: "/routing/traffic/robot",
  title: "Robot traffic",
  summary: "Incoming messages processed by the robots.",
  admin: true,
  parent: "/routing/traffic",
  // The first page is rendered on the server, with the query the URL asks for.
  load: ({ deps, url }) =>
    firstPage(
      url,
      ROBOT_TRAFFIC_DEFAULTS,
      RobotTrafficFindSchema,
      (req) => findRobotTraffic(deps.db, req),
      { type: "robotTraffic" },
    ),
  view: ({ data }) => <Island of={RobotTrafficList} props={data} />,
};

export default [robotTrafficRoute];
