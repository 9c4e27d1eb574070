/**
 * A company's deletion in words, shared by the server (its refusal) and the delete dialog (what
 * goes, what blocks it). No zod: the dialog loads it with the page.
 */

/** What keeps a company from being deleted, counted (GET /rest/companies/deleteImpact). */
export interface CompanyBlockers {
  dnids: number;
  tgids: number;
  enids: number;
  terminals: number;
  pushProcesses: number;
  commandLists: number;
}

/** "1 team", "2 teams"; `many` for irregular plurals. */
export const countOf = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "a", "a and b", "a, b and c". */
const listing = (parts: string[]) =>
  parts.length < 2 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;

/** The blockers that are there, each counted: ["2 dnids", "1 tgid"]. */
export const blockerList = (b: CompanyBlockers) =>
  [
    b.dnids && countOf(b.dnids, "dnid"),
    b.tgids && countOf(b.tgids, "tgid"),
    b.enids && countOf(b.enids, "enid"),
    b.terminals && countOf(b.terminals, "terminal"),
    b.pushProcesses && countOf(b.pushProcesses, "push process", "push processes"),
    b.commandLists && countOf(b.commandLists, "command list"),
  ].filter((s): s is string => Boolean(s));

export const COMPANY_MESSAGES = {
  /** The 409 of a delete refused for what the company still has. */
  blocked: (b: CompanyBlockers) =>
    `Unable to delete company: the company has ${listing(blockerList(b))}`,
  ownCompany: "Unable to delete company: it is your own company",
  /** The 409 of a delete whose confirmation name is not the company's (renamed meanwhile). */
  nameMismatch: (name: string) =>
    `Unable to delete company: its name is "${name}", not the name given`,
} as const;
