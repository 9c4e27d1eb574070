/** How the company and team islands show a team's rights and a flag, and link to a page. */
import { RIGHTS } from "../../openapi/enums.ts";

/** "15 Customer Care"; an unknown value alone. */
export const rightsLabel = (rights: number) =>
  `${rights} ${RIGHTS[rights as keyof typeof RIGHTS] ?? ""}`.trim();

/** "Yes" / "No" for a flag. */
export const yesNo = (v: boolean) => (v ? "Yes" : "No");

export const companyHref = (c: { id: number }) => `/administration/companies/${c.id}`;
export const teamHref = (t: { id: number }) => `/administration/teams/${t.id}`;
