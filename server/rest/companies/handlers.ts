/** The /rest/companies handlers: each parses, calls its service and answers. */
import type { Handlers } from "../define.ts";
import type * as routes from "./operations.ts";
import {
  allCompanies,
  companyDetails,
  companyHierarchy,
  findCompanies,
  getCompany,
  searchCompanies,
} from "../../services/companies/read.ts";
import {
  addCompany,
  companyDeleteImpact,
  deleteCompany,
  updateCompany,
} from "../../services/companies/write.ts";

export const handlers: Handlers<typeof routes> = {
  search: async (c) =>
    c.json(await searchCompanies(c.var.deps.db, c.req.valid("query").query), 200),
  hierarchy: async (c) => c.json(await companyHierarchy(c.var.deps.db), 200),
  all: async (c) => c.json(await allCompanies(c.var.deps.db), 200),
  get: async (c) => c.json(await getCompany(c.var.deps.db, c.req.valid("query").id), 200),
  getDetails: async (c) =>
    c.json(await companyDetails(c.var.deps.db, c.req.valid("query").id), 200),
  find: async (c) => c.json(await findCompanies(c.var.deps.db, c.req.valid("json")), 200),
  add: async (c) => c.json(await addCompany(c.var.deps.db, c.req.valid("json")), 200),
  update: async (c) => c.json(await updateCompany(c.var.deps.db, c.req.valid("json")), 200),
  deleteImpact: async (c) =>
    c.json(await companyDeleteImpact(c.var.deps.db, c.req.valid("query").id, c.var.user), 200),
  remove: async (c) => {
    const { id, name } = c.req.valid("query");
    return c.json(await deleteCompany(c.var.deps.db, id, c.var.user, name), 200);
  },
};
