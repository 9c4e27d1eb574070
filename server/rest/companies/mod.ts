import { asc } from "drizzle-orm";
import { textSearch } from "../../services/text_search.ts";
import { createRouter } from "../../router.ts";
import { MULTISELECT_SEARCH_LIMIT } from "../../../openapi/enums.ts";
import { companies } from "../../../db/schema/mod.ts";
import {
  allCompanies,
  companyDetails,
  companyHierarchy,
  findCompanies,
  getCompany,
} from "../../services/companies/read.ts";
import { addCompany, deleteCompany, updateCompany } from "../../services/companies/write.ts";
import { add, all, find, get, getDetails, hierarchy, remove, search, update } from "./routes.ts";

export const companiesRouter = createRouter()
  .openapi(search, async (c) => {
    const { query } = c.req.valid("query");
    const match = textSearch(query, { contains: [companies.name] });
    const rows = await c.var.deps.db.select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(match.where)
      .orderBy(match.exactFirst, asc(companies.name), asc(companies.id))
      .limit(MULTISELECT_SEARCH_LIMIT);
    return c.json(rows.map((r) => ({ id: r.id, name: r.name })), 200);
  })
  .openapi(hierarchy, async (c) => c.json(await companyHierarchy(c.var.deps.db), 200))
  .openapi(all, async (c) => c.json(await allCompanies(c.var.deps.db), 200))
  .openapi(get, async (c) => c.json(await getCompany(c.var.deps.db, c.req.valid("query").id), 200))
  .openapi(
    getDetails,
    async (c) => c.json(await companyDetails(c.var.deps.db, c.req.valid("query").id), 200),
  )
  .openapi(find, async (c) => c.json(await findCompanies(c.var.deps.db, c.req.valid("json")), 200))
  .openapi(add, async (c) => c.json(await addCompany(c.var.deps.db, c.req.valid("json")), 200))
  .openapi(
    update,
    async (c) => c.json(await updateCompany(c.var.deps.db, c.req.valid("json")), 200),
  )
  .openapi(
    remove,
    async (c) =>
      c.json(await deleteCompany(c.var.deps.db, c.req.valid("query").id, c.var.user), 200),
  );
