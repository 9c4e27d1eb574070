/**
 * Which operations change data: every one not sent with GET, and the GET operations named here
 * (their id says they cancel or delete). tests/authz/mass_assignment_test.ts checks that the list
 * names only operations the contract has.
 */
import type { Operation } from "./operations.ts";

export const GET_WRITES = new Set([
  "commandCancel",
  "companiesDelete",
  "inmarsatDelete",
  "listCancel",
  "newsDelete",
  "pushDeleteFtp",
  "pushDeleteSmtp",
  "pushDeleteTcp",
  "pushDeleteWs",
  "terminalDeleteDevice",
  "tgidDelete",
]);

/** A GET whose id says it changes something must be in GET_WRITES (checked by the test). */
export const LOOKS_LIKE_WRITE = /Delete|Cancel|Toggle|Remove|Update|Add|Create|Set/;

/** GET operations whose id looks like a write but which only read: what a delete would take. */
export const GET_READS = new Set(["companiesDeleteImpact"]);

export const changesData = (op: Pick<Operation, "id" | "method">) =>
  op.method !== "GET" || GET_WRITES.has(op.id);
