/**
 * The team list (/administration/teams/): server-paged, sorted and filtered (the query is kept
 * in the URL), "New team" (create dialog with the company picker) and a row menu with Open,
 * Edit and Delete.
 */
import { lazy } from "react";
import { EditableList, type ListProps } from "../../kit/EditableList.tsx";
import { companyHref, idAndNameColumns, rightsLabel, teamHref } from "../labels.ts";
import { rowsOf } from "../../kit/table/finder.ts";
import { SORT_FIELDS } from "../../../openapi/sort_fields.ts";
import { findBody, type TableDefaults, type TableState } from "../../kit/table/table_state.ts";
import { optionsOf } from "../../kit/format.ts";
import { call, client } from "../../runtime/api.ts";
import { PAGE_SIZE, PAGE_SIZES, RIGHTS } from "../../../openapi/enums.ts";
import type { TeamRow } from "../../../openapi/schemas/teams.ts";

// The dialogs are loaded when first opened: most visits only look.
const dialogs = () => import("./team_dialogs.tsx");
const TeamCreateDialog = lazy(() => dialogs().then((m) => ({ default: m.TeamCreateDialog })));
const TeamEditDialog = lazy(() => dialogs().then((m) => ({ default: m.TeamEditDialog })));

export const TEAM_TABLE_DEFAULTS: TableDefaults = {
  sorting: { field: "name", direction: "asc" },
  count: PAGE_SIZE,
  pageSizes: PAGE_SIZES,
};

export const findTeams = async (state: TableState) =>
  rowsOf(
    await call(
      client.POST("/rest/teams/find", { body: findBody(state, SORT_FIELDS["/rest/teams/find"]) }),
    ),
  );

export type TeamListProps = ListProps<TeamRow>;

export default function TeamList(props: TeamListProps) {
  return (
    <EditableList<TeamRow>
      {...props}
      id="teams"
      caption="Teams"
      noun="team"
      rowKey={(r) => String(r.id)}
      rowLabel={(r) => `team ${r.name}`}
      find={findTeams}
      defaults={TEAM_TABLE_DEFAULTS}
      href={teamHref}
      remove={async (team) => (await dialogs()).deleteTeam(team)}
      columns={[
        ...idAndNameColumns<TeamRow>(teamHref),
        {
          key: "company",
          label: "Company",
          sortable: true,
          filter: { kind: "text" },
          text: (r) => r.company.name,
          render: (r) => <a href={companyHref(r.company)}>{r.company.name}</a>,
        },
        {
          key: "rights",
          label: "Role",
          sortable: true,
          filter: { kind: "select", options: optionsOf(RIGHTS) },
          text: (r) => rightsLabel(r.rights),
        },
        { key: "userCount", label: "Users" },
        { key: "tgidCount", label: "Tgids" },
      ]}
      createDialog={(p) => <TeamCreateDialog {...p} />}
      editDialog={({ row, ...p }) => <TeamEditDialog team={row} {...p} />}
    />
  );
}
