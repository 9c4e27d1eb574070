/** The tgid islands' calls and links, typed by the contract (management-routing §7). */
import { rowsOf } from "../../kit/table/finder.ts";
import { findBody, type TableState } from "../../kit/table/table_state.ts";
import type { Option } from "../../kit/form/MultiSelect.tsx";
import { call, client } from "../../runtime/api.ts";
import { SORT_FIELDS } from "../../../openapi/sort_fields.ts";
import type {
  RoutingMemberRule,
  RoutingMtlRule,
  TgidRoutingRules,
} from "../../../openapi/schemas/tgid/routing_rules.ts";
import type { Tgid } from "../../../openapi/schemas/tgid/tgids.ts";
import { teamListChange } from "../../../openapi/schemas/team_list_change.ts";
import type { TeamListEdit } from "../team_list_dialog.tsx";

export const TGID_LIST_HREF = "/management/tgid/";
export const tgidHref = (t: { id: number }) => `/management/tgid/${t.id}`;

export const findTgids = async (state: TableState) =>
  rowsOf(
    await call(
      client.POST("/rest/tgid/find", { body: findBody(state, SORT_FIELDS["/rest/tgid/find"]) }),
    ),
  );

/** A team as the multi-selects hold it: its name, and its company's after it. */
export const tgidTeamOption = (t: Tgid["teams"][number]): Option => ({
  value: String(t.id),
  label: t.name,
  detail: t.company.name,
});

/** The tgid's current team list (GET /rest/tgid/details). */
export const getTgidTeams = async (id: number): Promise<Option[]> =>
  (await call(client.GET("/rest/tgid/details", { params: { query: { tgid: id } } })))
    .teams.map(tgidTeamOption);

/**
 * Saves what the user changed in the tgid's team list (`teams`, edited from `base`): the teams
 * added and those taken off, which the server applies to the list as it is then, keeping what
 * anyone else changed meanwhile (POST /rest/tgid/updateTeams).
 */
export function saveTgidTeams(id: number, edit: TeamListEdit) {
  const { added, removed } = teamListChange(edit.base, edit.teams);
  return call(client.POST("/rest/tgid/updateTeams", {
    body: { tgid: id, addedTeams: added, removedTeams: removed },
  }));
}

/** A tgid's routing exceptions, member and mtl (GET /rest/tgid/listRoutingRulesByTgid). */
export const getTgidRules = (id: number) =>
  call(client.GET("/rest/tgid/listRoutingRulesByTgid", {
    params: { query: { tgid: id } },
  }));

/** A tgid's routing exception as its page lists it: a member one or an mtl one. */
export type TgidException =
  | { kind: "member"; key: string; rule: RoutingMemberRule }
  | { kind: "mtl"; key: string; rule: RoutingMtlRule };

/** The tgid's exceptions, member ones (by dnid, member, ocean) then mtl ones (by mtl). */
export const exceptionsOf = (rules: TgidRoutingRules): TgidException[] => [
  ...rules.member.map((rule) => ({
    kind: "member" as const,
    key: `m-${rule.dnid}-${rule.les}-${rule.member}-${rule.ocean}`,
    rule,
  })),
  ...rules.mtl.map((rule) => ({ kind: "mtl" as const, key: `t-${rule.mtl}`, rule })),
];

/** What an exception routes, in words: "Dnid 4711 (LES 21) member 3, IOR" or "Mtl 436912345". */
export const exceptionText = (e: TgidException) =>
  e.kind === "member"
    ? `Dnid ${e.rule.dnid} (LES ${e.rule.les}) member ${e.rule.member}, ${e.rule.ocean}`
    : `Mtl ${e.rule.mtl}`;
