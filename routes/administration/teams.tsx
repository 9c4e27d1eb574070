import type { AnyPageRoute, PageRoute } from "../types.ts";
import { A } from "./paths.ts";
import { Island } from "../../server/pages/island.tsx";
import TeamList, { TEAM_TABLE_DEFAULTS } from "../../islands/TeamList.tsx";
import TeamDetails, { type OpenPort } from "../../islands/TeamDetails.tsx";
import { findBody, stateFromSearch, type TableState } from "../../islands/kit/table_state.ts";
import {
  type TeamDetails as Details,
  TeamFindRequestSchema,
  type TeamRow,
} from "../../openapi/schemas/teams.ts";
import { findTeams, openPorts, teamDetails } from "../../server/services/teams/read.ts";
import { pageId } from "./companies.tsx";

interface ListData {
  state: TableState;
  rows: TeamRow[];
  total: number;
  filtered: number;
}

const teamsRoute: PageRoute<ListData> = {
  pattern: `${A}/teams`,
  title: "Teams",
  summary: "Teams, their rights and the identifiers they share.",
  admin: true,
  parent: A,
  // The first page is rendered on the server, with the query the URL asks for.
  load: async ({ deps, url }) => {
    let state = stateFromSearch(url.searchParams, TEAM_TABLE_DEFAULTS);
    let req = TeamFindRequestSchema.safeParse(findBody(state));
    if (!req.success) {
      // A hand-edited URL with a bad filter shows the unfiltered list instead of failing.
      state = stateFromSearch(new URLSearchParams(), TEAM_TABLE_DEFAULTS);
      req = TeamFindRequestSchema.safeParse(findBody(state));
    }
    const r = await findTeams(deps.db, req.data!);
    return { state, rows: r.results, total: r.total, filtered: r.filtered };
  },
  view: ({ data }) => (
    <Island
      of={TeamList}
      props={{
        initialState: data.state,
        initialData: { rows: data.rows, total: data.total, filtered: data.filtered },
      }}
    />
  ),
};

interface TeamData {
  team: Details;
  ports: OpenPort[];
}

const teamRoute: PageRoute<TeamData> = {
  pattern: `${A}/teams/:id`,
  title: "Team",
  summary: "A team with its users, tgids, enids, dnids and terminals.",
  admin: true,
  parent: `${A}/teams`,
  // An unknown team is a route change error: a toast, then /error/404.
  load: async ({ deps, params }) => {
    const id = pageId("Team", params.id);
    const team = await teamDetails(deps.db, id);
    return { team, ports: await openPorts(deps.db, id) };
  },
  label: (_ctx, data) => data.team.name,
  view: ({ data }) => <Island of={TeamDetails} props={data} />,
};

export const teamRoutes: AnyPageRoute[] = [teamsRoute, teamRoute];
