import { asc, eq } from "drizzle-orm";
import { textSearch } from "../../services/text_search.ts";
import { createRouter } from "../../router.ts";
import { MULTISELECT_SEARCH_LIMIT } from "../../../openapi/enums.ts";
import { companies, teams } from "../../../db/schema/mod.ts";
import { allTeams, findTeams, openPorts, teamDetails } from "../../services/teams/read.ts";
import { createTeam, deleteTeam, updateTeam } from "../../services/teams/write.ts";
import { addMtl, allMtls } from "../../services/teams/mtls.ts";
import * as r from "./routes.ts";

export const teamsRouter = createRouter()
  .openapi(r.search, async (c) => {
    const { query } = c.req.valid("query");
    const match = textSearch(query, { contains: [teams.name] });
    const rows = await c.var.deps.db.select({
      id: teams.id,
      name: teams.name,
      rights: teams.rights,
      companyId: companies.id,
      companyName: companies.name,
    })
      .from(teams)
      .innerJoin(companies, eq(companies.id, teams.companyId))
      .where(match.where)
      .orderBy(match.exactFirst, asc(teams.name), asc(teams.id))
      .limit(MULTISELECT_SEARCH_LIMIT);
    return c.json(
      rows.map((r) => ({
        id: r.id,
        name: r.name,
        rights: r.rights,
        company: { id: r.companyId, name: r.companyName },
      })),
      200,
    );
  })
  .openapi(
    r.get,
    async (c) => c.json(await teamDetails(c.var.deps.db, c.req.valid("query").id), 200),
  )
  .openapi(r.all, async (c) => c.json(await allTeams(c.var.deps.db), 200))
  .openapi(r.find, async (c) => c.json(await findTeams(c.var.deps.db, c.req.valid("json")), 200))
  .openapi(
    r.openPorts,
    async (c) => c.json(await openPorts(c.var.deps.db, c.req.valid("query").teamId), 200),
  )
  .openapi(r.getMtls, async (c) => c.json(await allMtls(c.var.deps.db), 200))
  .openapi(r.addMtl, async (c) => c.json(await addMtl(c.var.deps.db, c.req.valid("json")), 200))
  .openapi(
    r.create,
    async (c) => c.json(await createTeam(c.var.deps.db, c.req.valid("json").team, c.var.user), 200),
  )
  .openapi(
    r.update,
    async (c) => c.json(await updateTeam(c.var.deps.db, c.req.valid("json").team, c.var.user), 200),
  )
  .openapi(
    r.remove,
    async (c) =>
      c.json(await deleteTeam(c.var.deps.db, c.req.valid("json").teamId, c.var.user), 200),
  );
