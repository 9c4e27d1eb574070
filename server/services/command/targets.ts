/**
 * The targets of terminal commands, as the caller may send to them: a terminal and the trackers of
 * a tgid (a client only its own company's tgids, not those merely shared with it: ownTgidRows),
 * the members of a dnid and an enid (their company's rule, tenancy "company"). Each comes with the
 * company that owns it, which a command list of an administrator belongs to. Out of reach answers
 * exactly like missing.
 */
import { and, asc, eq, gte, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { dnids, dnidStatuses, enids, teams, terminals, tgids } from "../../../db/schema/mod.ts";
import { TERMINAL_COMMAND_MESSAGES as M } from "../../../openapi/schemas/command/terminal_command_messages.ts";
import { ApiError } from "../../errors.ts";
import { companyRows, ownTgidRows, type Scope } from "../tenancy.ts";

export interface TerminalTarget {
  deviceId: number;
  deviceTypeId: number;
  label: string | null;
  tgidId: number;
  companyId: number | null;
}

const terminalColumns = {
  deviceId: terminals.deviceId,
  deviceTypeId: terminals.deviceTypeId,
  label: terminals.deviceLabel,
  tgidId: terminals.tgidId,
  companyId: teams.companyId,
};

const terminalSelect = (db: Db) =>
  db.select(terminalColumns).from(terminals)
    .innerJoin(tgids, eq(tgids.id, terminals.tgidId))
    .leftJoin(teams, eq(teams.id, tgids.teamId));

/** The terminal `deviceId` if the scope reaches it, else 404 'Terminal not found'. */
export async function reachTerminal(
  db: Db,
  scope: Scope,
  deviceId: number,
): Promise<TerminalTarget> {
  const [row] = await terminalSelect(db)
    .where(and(eq(terminals.deviceId, deviceId), ownTgidRows(scope, terminals.tgidId)));
  if (!row) throw new ApiError(404, M.terminalNotFound);
  return row;
}

/** The terminals of types `types` the scope reaches (the pages' choices), by label. */
export function reachableTerminals(
  db: Db,
  scope: Scope,
  types: readonly number[],
): Promise<TerminalTarget[]> {
  return terminalSelect(db)
    .where(and(inArray(terminals.deviceTypeId, [...types]), ownTgidRows(scope, terminals.tgidId)))
    .orderBy(asc(terminals.deviceLabel), asc(terminals.deviceId)).limit(1000);
}

/** The terminals of types `types` of tgid `tgidId`, if the scope reaches the tgid (else 404). */
export async function terminalsOfTgid(
  db: Db,
  scope: Scope,
  tgidId: number,
  types: readonly number[],
): Promise<TerminalTarget[]> {
  const [tgid] = await db.select({ id: tgids.id }).from(tgids)
    .where(and(eq(tgids.id, tgidId), ownTgidRows(scope, tgids.id)));
  if (!tgid) throw new ApiError(404, M.tgidNotFound);
  return terminalSelect(db)
    .where(and(eq(terminals.tgidId, tgidId), inArray(terminals.deviceTypeId, [...types])))
    .orderBy(asc(terminals.deviceId));
}

export interface MemberTarget {
  dnid: number;
  les: number;
  member: number;
  device: string;
  status: number;
  companyId: number;
}

/**
 * The terminals (status rows) of dnid (dnid, les), of one member or all, if the scope reaches the
 * dnid: 404 'Dnid not found' / 'Dnid member not found' otherwise. Ordered by member and device.
 */
export async function dnidMembers(
  db: Db,
  scope: Scope,
  key: { dnid: number; les: number; member?: number | null },
): Promise<MemberTarget[]> {
  const [dnid] = await db.select({ id: dnids.id }).from(dnids).where(and(
    eq(dnids.id, key.dnid),
    eq(dnids.les, key.les),
    companyRows(scope, dnids.companyId),
  ));
  if (!dnid) throw new ApiError(404, M.dnidNotFound);
  const rows = await db.select({
    dnid: dnidStatuses.dnidId,
    les: dnidStatuses.les,
    member: dnidStatuses.member,
    device: dnidStatuses.device,
    status: dnidStatuses.status,
    companyId: dnids.companyId,
  }).from(dnidStatuses)
    .innerJoin(dnids, and(eq(dnids.id, dnidStatuses.dnidId), eq(dnids.les, dnidStatuses.les)))
    .where(and(
      eq(dnidStatuses.dnidId, key.dnid),
      eq(dnidStatuses.les, key.les),
      key.member === undefined || key.member === null
        ? undefined
        : eq(dnidStatuses.member, key.member),
    ))
    .orderBy(asc(dnidStatuses.member), asc(dnidStatuses.device));
  if (!rows.length && key.member !== undefined && key.member !== null) {
    throw new ApiError(404, M.memberNotFound);
  }
  return rows;
}

/** The authorized members (status 0 or more) of `rows`, or 409 when none is. */
export function authorized(rows: MemberTarget[], key: { dnid: number; member?: number | null }) {
  const ok = rows.filter((r) => r.status >= 0);
  if (!ok.length) {
    throw new ApiError(
      409,
      key.member === undefined || key.member === null
        ? M.noMember(key.dnid)
        : M.notAuthorized(key.dnid, key.member),
    );
  }
  return ok;
}

/** The dnids the scope reaches with their authorized members (the poll page's choices). */
export function reachableMembers(db: Db, scope: Scope) {
  return db.select({
    dnid: dnidStatuses.dnidId,
    les: dnidStatuses.les,
    member: dnidStatuses.member,
    device: dnidStatuses.device,
  }).from(dnidStatuses)
    .innerJoin(dnids, and(eq(dnids.id, dnidStatuses.dnidId), eq(dnids.les, dnidStatuses.les)))
    .where(and(gte(dnidStatuses.status, 0), companyRows(scope, dnids.companyId)))
    .orderBy(asc(dnidStatuses.dnidId), asc(dnidStatuses.les), asc(dnidStatuses.member))
    .limit(2000);
}

/** The enid if the scope reaches it (its company), else 404 'Enid not found'. */
export async function reachEnid(db: Db, scope: Scope, id: number) {
  const [row] = await db.select({ id: enids.id, les: enids.rulLes, companyId: enids.companyId })
    .from(enids).where(and(eq(enids.id, id), companyRows(scope, enids.companyId)));
  if (!row) throw new ApiError(404, M.enidNotFound);
  return row;
}

/** The enids the scope reaches (the EGC page's choices). */
export function reachableEnids(db: Db, scope: Scope) {
  return db.select({ id: enids.id, les: enids.rulLes, comments: enids.comments }).from(enids)
    .where(companyRows(scope, enids.companyId)).orderBy(asc(enids.id)).limit(2000);
}
