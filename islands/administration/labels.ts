/**
 * How the administration islands show a team's rights and a flag, link to a page, and begin a
 * list of named rows (Id, then Name as a link to the row's page).
 */
import { createElement } from "react";
import type { Column } from "../kit/table/DataTable.tsx";
import { RIGHTS } from "../../openapi/enums.ts";

/** "15 Customer Care"; an unknown value alone. */
export const rightsLabel = (rights: number) =>
  `${rights} ${RIGHTS[rights as keyof typeof RIGHTS] ?? ""}`.trim();

export { yesNo } from "../kit/format.ts";

export const companyHref = (c: { id: number }) => `/administration/companies/${c.id}`;
export const teamHref = (t: { id: number }) => `/administration/teams/${t.id}`;

/** Id (filterable, sortable), then Name: a link to the row's page. */
export const idAndNameColumns = <R extends { id: number; name: string }>(
  href: (row: R) => string,
): Column<R>[] => [
  { key: "id", label: "Id", sortable: true, filter: { kind: "text" } },
  {
    key: "name",
    label: "Name",
    sortable: true,
    filter: { kind: "text" },
    render: (r) => createElement("a", { href: href(r) }, r.name),
  },
];
