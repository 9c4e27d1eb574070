/** The event logs (admin): push events and robot events, newest first, first page server-rendered. */
import type { PageRoute } from "../types.ts";
import { type FirstPage, firstPage } from "../first_page.ts";
import { Island } from "../../server/pages/island.tsx";
import PushEventList, { PUSH_EVENT_DEFAULTS } from "../../islands/routing/events/PushEventList.tsx";
import RobotEventList, {
  ROBOT_EVENT_DEFAULTS,
} from "../../islands/routing/events/RobotEventList.tsx";
import {
  type PushEventRow,
  PushEventsFindSchema,
  type RobotEventRow,
  RobotEventsFindSchema,
} from "../../openapi/schemas/push/push_find.ts";
import { findPushEvents, findRobotEvents } from "../../server/services/push/events.ts";

const pushEventsRoute: PageRoute<FirstPage<PushEventRow>> = {
  pattern: "/routing/events/push",
  title: "Push events",
  summary: "Events of the push delivery processes, newest first.",
  admin: true,
  parent: "/routing/events",
  load: ({ deps, url }) =>
    firstPage(
      url,
      PUSH_EVENT_DEFAULTS,
      PushEventsFindSchema,
      (req) => findPushEvents(deps.db, req),
      { type: "pushEvents" },
    ),
  view: ({ data }) => <Island of={PushEventList} props={data} />,
};

const robotEventsRoute: PageRoute<FirstPage<RobotEventRow>> = {
  pattern: "/routing/events/robot",
  title: "Robot events",
  summary: "Events of the robots that process incoming messages.",
  admin: true,
  parent: "/routing/events",
  load: ({ deps, url }) =>
    firstPage(
      url,
      ROBOT_EVENT_DEFAULTS,
      RobotEventsFindSchema,
      (req) => findRobotEvents(deps.db, req),
      { type: "robotEvents" },
    ),
  view: ({ data }) => <Island of={RobotEventList} props={data} />,
};

export default [pushEventsRoute, robotEventsRoute];
