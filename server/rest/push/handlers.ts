import type { Handlers } from "../define.ts";
import type * as routes from "./operations.ts";
import { deliveryAttempts } from "../../services/push/attempts.ts";
import { findPush } from "../../services/push/find.ts";
import { robotContent } from "../../services/push/robot_traffic.ts";
import { multiPushTraffic, retransmitTraffic } from "../../services/push/retransmit.ts";
import {
  addFtpRoute,
  addSmtpRoute,
  addTcpRoute,
  addWsRoute,
  deleteRoute,
  lockDestination,
  updateFtpRoute,
  updateSmtpRoute,
  updateTcpRoute,
  updateWsRoute,
} from "../../services/push/delivery_routes/write.ts";
import { routeEgressPolicy } from "../../services/push/delivery_routes/egress.ts";
import type { Config } from "../../config.ts";
import { allProcesses, getProcess } from "../../services/push/process_read.ts";
import { addProcess, deleteProcess, updateProcess } from "../../services/push/process_write.ts";

/** The egress policy route destinations are checked against, from the delivery settings. */
const routePolicy = (c: { var: { deps: { config: Config } } }) =>
  routeEgressPolicy(c.var.deps.config);

export const handlers: Handlers<typeof routes> = {
  addProcess: async (c) => c.json(await addProcess(c.var.deps.db, c.req.valid("json")), 200),
  updateProcess: async (c) => c.json(await updateProcess(c.var.deps.db, c.req.valid("json")), 200),
  deleteProcess: async (c) =>
    c.json(await deleteProcess(c.var.deps.db, c.req.valid("query").id), 200),
  getProcess: async (c) => c.json(await getProcess(c.var.deps.db, c.req.valid("query").id), 200),
  all: async (c) => c.json(await allProcesses(c.var.deps.db), 200),
  addTcp: async (c) =>
    c.json(await addTcpRoute(c.var.deps.db, c.req.valid("json"), routePolicy(c)), 200),
  updateTcp: async (c) =>
    c.json(await updateTcpRoute(c.var.deps.db, c.req.valid("json"), routePolicy(c)), 200),
  deleteTcp: async (c) =>
    c.json(await deleteRoute(c.var.deps.db, "tcp", c.req.valid("query").id), 200),
  addFtp: async (c) =>
    c.json(await addFtpRoute(c.var.deps.db, c.req.valid("json"), routePolicy(c)), 200),
  updateFtp: async (c) =>
    c.json(await updateFtpRoute(c.var.deps.db, c.req.valid("json"), routePolicy(c)), 200),
  deleteFtp: async (c) =>
    c.json(await deleteRoute(c.var.deps.db, "ftp", c.req.valid("query").id), 200),
  addWs: async (c) =>
    c.json(await addWsRoute(c.var.deps.db, c.req.valid("json"), routePolicy(c)), 200),
  updateWs: async (c) =>
    c.json(await updateWsRoute(c.var.deps.db, c.req.valid("json"), routePolicy(c)), 200),
  deleteWs: async (c) =>
    c.json(await deleteRoute(c.var.deps.db, "ws", c.req.valid("query").id), 200),
  addSmtp: async (c) => c.json(await addSmtpRoute(c.var.deps.db, c.req.valid("json")), 200),
  updateSmtp: async (c) => c.json(await updateSmtpRoute(c.var.deps.db, c.req.valid("json")), 200),
  deleteSmtp: async (c) =>
    c.json(await deleteRoute(c.var.deps.db, "smtp", c.req.valid("query").id), 200),
  lockDestination: async (c) =>
    c.json(await lockDestination(c.var.deps.db, c.req.valid("json")), 200),
  find: async (c) => c.json(await findPush(c.var.deps.db, c.var.scope, c.req.valid("json")), 200),
  getRobotContent: async (c) => {
    const q = c.req.valid("query");
    return c.text(await robotContent(c.var.deps.db, q.id, q.type), 200);
  },
  retransmitTraffic: async (c) =>
    c.json(
      await retransmitTraffic(c.var.deps.db, c.var.scope, c.var.user, c.req.valid("json")),
      200,
    ),
  getMultiPushTraffic: async (c) =>
    c.json(await multiPushTraffic(c.var.deps.db, c.var.scope, c.req.valid("query").id), 200),
  getDeliveryAttempts: async (c) =>
    c.json(await deliveryAttempts(c.var.deps.db, c.var.scope, c.req.valid("query").id), 200),
};
