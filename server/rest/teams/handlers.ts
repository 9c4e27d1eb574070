/** The /rest/teams handlers: each parses, calls its service and answers. */
import type { Handlers } from "../define.ts";
import type * as routes from "./operations.ts";
import {
  allTeams,
  findTeams,
  openPorts,
  searchTeams,
  teamDetails,
} from "../../services/teams/read.ts";
import { createTeam, deleteTeam, updateTeam } from "../../services/teams/write.ts";
import { addMtl, allMtls } from "../../services/teams/mtls.ts";

export const handlers: Handlers<typeof routes> = {
  search: async (c) => c.json(await searchTeams(c.var.deps.db, c.req.valid("query").query), 200),
  get: async (c) => c.json(await teamDetails(c.var.deps.db, c.req.valid("query").id), 200),
  all: async (c) => c.json(await allTeams(c.var.deps.db), 200),
  find: async (c) => c.json(await findTeams(c.var.deps.db, c.req.valid("json")), 200),
  openPorts: async (c) => c.json(await openPorts(c.var.deps.db, c.req.valid("query").teamId), 200),
  getMtls: async (c) => c.json(await allMtls(c.var.deps.db), 200),
  addMtl: async (c) => c.json(await addMtl(c.var.deps.db, c.req.valid("json")), 200),
  create: async (c) =>
    c.json(await createTeam(c.var.deps.db, c.req.valid("json").team, c.var.user), 200),
  update: async (c) =>
    c.json(await updateTeam(c.var.deps.db, c.req.valid("json").team, c.var.user), 200),
  remove: async (c) =>
    c.json(await deleteTeam(c.var.deps.db, c.req.valid("json").teamId, c.var.user), 200),
};
