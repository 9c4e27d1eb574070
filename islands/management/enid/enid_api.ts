/**
 * The enid islands' calls, typed by the contract: the list's page, the highest id, an enid's
 * teams, the dialogs' team and rul choices, and the changes.
 */
import { rowsOf } from "../../kit/table/finder.ts";
import { findBody, type TableState } from "../../kit/table/table_state.ts";
import type { Option } from "../../kit/form/MultiSelect.tsx";
import { call, client } from "../../runtime/api.ts";
import { SORT_FIELDS } from "../../../openapi/sort_fields.ts";
import type { EnidTeam, RulPick } from "../../../openapi/schemas/enids.ts";

/** Who looks at the enid pages: an administrator, or a client of its company. */
export interface Viewer {
  admin: boolean;
  company: { id: number; name: string };
}

export const enidHref = (e: { id: number }) => `/management/enid/${e.id}`;
export const rulHref = (r: { id: number }) => `/management/rul/${r.id}`;
export const ENID_LIST_HREF = "/management/enid/";

export const findEnids = async (state: TableState) =>
  rowsOf(
    await call(
      client.POST("/rest/enids/find", { body: findBody(state, SORT_FIELDS["/rest/enids/find"]) }),
    ),
  );

/** The id the add dialog proposes: the highest the user can see, plus one. */
export const nextEnidId = async () => (await call(client.GET("/rest/enids/lastEnid"))).id + 1;

/** A team as the MultiSelect holds it: its name, and its company's after it. */
export const teamOption = (t: EnidTeam): Option => ({
  value: String(t.id),
  label: t.name,
  detail: t.company.name,
});

/** The teams the dialogs offer (an administrator: every company's; a client: its own). */
export const searchTeamChoices = async (query: string): Promise<Option[]> =>
  (await call(client.GET("/rest/enids/teamChoices", { params: { query: { query } } })))
    .map(teamOption);

export const getEnidTeams = async (enidId: number): Promise<Option[]> =>
  (await call(
    client.GET("/rest/enids/getTeams", { params: { query: { enidId: enidId } } }),
  )).map(teamOption);

/** A rul of the choice, and how the picker shows it. */
export type RulOption = Option & { rul: RulPick };

/** The picker's text: the customer's name (searching it finds the rul again), else the id. */
export const rulLabel = (r: RulPick) => r.customerName || String(r.id);

/** The ruls the user may choose (GET /rest/ruls/filter; a client: its company's). */
export const searchRuls = async (query: string): Promise<RulOption[]> =>
  (await call(client.GET("/rest/ruls/filter", { params: { query: { query } } }))).map((r) => ({
    value: `${r.id}-${r.les}`,
    label: rulLabel(r),
    detail: `#${r.id} · LES ${r.les}${r.company ? ` · ${r.company.name}` : ""}`,
    rul: { id: r.id, les: r.les, customerName: r.customerName },
  }));
