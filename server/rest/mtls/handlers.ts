/** The /rest/mtls handlers: each parses, calls its service and answers. */
import type { Handlers } from "../define.ts";
import type * as routes from "./operations.ts";
import { findMtls, getMtl, mtlSerial } from "../../services/mtls/read.ts";
import {
  addMtl,
  deleteMtl,
  sendTestMessage,
  stationMtl,
  updateMtlLabel,
} from "../../services/mtls/write.ts";

export const handlers: Handlers<typeof routes> = {
  findMtl: async (c) =>
    c.json(await findMtls(c.var.deps.db, c.var.scope, c.req.valid("json")), 200),
  getMtl: async (c) =>
    c.json(await getMtl(c.var.deps.db, c.var.scope, c.req.valid("query").mtl), 200),
  addMtl: async (c) => c.json(await addMtl(c.var.deps.db, c.req.valid("json")), 200),
  updateLabel: async (c) =>
    c.json(await updateMtlLabel(c.var.deps.db, c.var.scope, c.req.valid("json")), 200),
  deleteMtl: async (c) => c.json(await deleteMtl(c.var.deps.db, c.req.valid("query").imn), 200),
  getStationMtl: async (c) => {
    const { db, station } = c.var.deps;
    return c.json(await stationMtl(db, station, c.var.scope, c.req.valid("query").id), 200);
  },
  sendTestMessage: async (c) => {
    const { db, station } = c.var.deps;
    const { id } = c.req.valid("json");
    return c.json(await sendTestMessage(db, station, c.var.scope, c.var.user.key, id), 200);
  },
  getSerial: async (c) =>
    c.json(await mtlSerial(c.var.deps.db, c.var.scope, c.req.valid("query").imn), 200),
};
