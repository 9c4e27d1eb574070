import type { AnyPageRoute, PageRoute } from "../types.ts";
import { firstPage } from "../first_page.ts";
import { Island } from "../../server/pages/island.tsx";
import TeamList, {
  TEAM_TABLE_DEFAULTS,
  type TeamListProps,
} from "../../islands/administration/teams/TeamList.tsx";
import TeamDetail, { type OpenPort } from "../../islands/administration/teams/TeamDetail.tsx";
import { type TeamDetails as Details, TeamFindRequestSchema } from "../../openapi/schemas/teams.ts";
import { findTeams, getTeam, openPorts, teamDetails } from "../../server/services/teams/read.ts";
import { pageId } from "../params.ts";

const teamsRoute: PageRoute<TeamListProps> = {
  pattern: `/administration/teams`,
  title: "Teams",
  summary: "Teams, their rights and the identifiers they share.",
  admin: true,
  parent: "/administration",
  // The first page is rendered on the server, with the query the URL asks for.
  load: ({ deps, url }) =>
    firstPage(url, TEAM_TABLE_DEFAULTS, TeamFindRequestSchema, (req) => findTeams(deps.db, req)),
  view: ({ data }) => <Island of={TeamList} props={data} />,
};

interface TeamData {
  team: Details;
  ports: OpenPort[];
}

const teamRoute: PageRoute<TeamData> = {
  pattern: `/administration/teams/:id`,
  title: "Team",
  summary: "A team with its users, tgids, enids, dnids and terminals.",
  admin: true,
  parent: `/administration/teams`,
  // An unknown team is a route change error: a toast, then /error/404.
  heading: async ({ deps, params }) => (await getTeam(deps.db, pageId("Team", params.id))).name,
  load: async ({ deps, params }) => {
    const id = pageId("Team", params.id);
    const team = await teamDetails(deps.db, id);
    return { team, ports: await openPorts(deps.db, id) };
  },
  view: ({ data }) => <Island of={TeamDetail} props={data} />,
};

export default [teamsRoute, teamRoute] satisfies AnyPageRoute[];
