/**
 * Reading dnid statuses: the status page's list (POST /rest/dnids/getDnidStatuses), one row, and
 * a row's details. Rows belong to their dnid's company (`tenancy: "company"`); the terminal and
 * mtl of a row's device show only when the caller may see that terminal (its tgid's rule).
 */
import { and, eq, gte, ilike, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../../db/client.ts";
import {
  companies,
  defaultMtls,
  dnids,
  dnidStatuses,
  mtls,
  terminals,
  tgids,
} from "../../../../db/schema/mod.ts";
import { dnidStatusState } from "../../../../openapi/enums.ts";
import type {
  DnidStatusDetails,
  DnidStatusFindRequest,
  DnidStatusFindResponse,
  DnidStatusKey,
  DnidStatusRow,
  DnidStatusState,
} from "../../../../openapi/schemas/dnids/dnid_status.ts";
import { notFound } from "../../../errors.ts";
import { companyRows, type Scope, tgidRows } from "../../tenancy.ts";
import { countsOf, findPage } from "../../paging.ts";
import { contains, escapeLike } from "../../text_search.ts";
import { tgidRef } from "../../detail_lists.ts";
import { isDefault, isDefaultEntry } from "./default_flag.ts";
import { eqIf } from "../../sql_filters.ts";

/**
 * A missing member, or another company's: the message names nothing of the request, so it tells
 * nothing of another company's dnids (or echoes them) either.
 */
export const statusNotFound = () => notFound("Dnid status");

/** The status row of `k`. */
export const statusKey = (k: DnidStatusKey): SQL =>
  and(
    eq(dnidStatuses.dnidId, k.dnid),
    eq(dnidStatuses.les, k.les),
    eq(dnidStatuses.member, k.member),
    eq(dnidStatuses.device, k.device),
  )!;

/** The status's dnid. */
export const ofDnid = and(eq(dnids.id, dnidStatuses.dnidId), eq(dnids.les, dnidStatuses.les))!;

/** The statuses of a state: negative not authorized, 0 to 2 active, 3 or more inactive. */
function inState(state: DnidStatusState): SQL {
  if (state === "unauthorized") return lt(dnidStatuses.status, 0);
  if (state === "active") return and(gte(dnidStatuses.status, 0), lt(dnidStatuses.status, 3))!;
  return gte(dnidStatuses.status, 3);
}

/**
 * The device's mtl, when the caller may see it: an administrator always; a client when the mtl
 * has no terminal or its terminal is in one of the client's tgids.
 */
const visibleMtl = (scope: Scope): SQL => {
  const terminal = tgidRows(scope, terminals.tgidId);
  const mine = and(
    eq(mtls.imn, dnidStatuses.device),
    terminal && or(
      isNull(mtls.deviceId),
      sql`${mtls.deviceId} in (select ${terminals.deviceId} from ${terminals} where ${terminal})`,
    ),
  );
  return mine!;
};

const columns = {
  dnid: dnidStatuses.dnidId,
  les: dnidStatuses.les,
  member: dnidStatuses.member,
  device: dnidStatuses.device,
  serial: dnidStatuses.serial,
  status: dnidStatuses.status,
  isDefault,
  progActive: dnidStatuses.progActive,
  progInterval: dnidStatuses.progInterval,
  progStartFrame: dnidStatuses.progStartFrame,
  progUpdatedOn: dnidStatuses.progUpdatedOn,
  updatedOn: dnidStatuses.updatedOn,
  tgidId: tgids.id,
  tgidLabel: tgids.label,
  deviceId: terminals.deviceId,
  terminalLabel: terminals.deviceLabel,
  exceptions: sql<number>`(select count(*)::int from routing_member_rules r
    where r.dnid_id = ${dnidStatuses.dnidId} and r.les = ${dnidStatuses.les}
    and r.member = ${dnidStatuses.member})`,
};

/** The list's select: the status with its dnid, default flag, tgid and (visible) terminal. */
function selectRows(db: Db | Tx, scope: Scope) {
  return db.select(columns).from(dnidStatuses)
    .innerJoin(dnids, ofDnid)
    .leftJoin(defaultMtls, isDefaultEntry)
    .leftJoin(tgids, eq(tgids.id, dnids.tgidId))
    .leftJoin(mtls, visibleMtl(scope))
    .leftJoin(terminals, eq(terminals.deviceId, mtls.deviceId))
    .$dynamic();
}

type Selected = Awaited<ReturnType<typeof selectRows>>[number];

const iso = (d: Date | null) => d === null ? null : new Date(d).toISOString();

function toRow(r: Selected): DnidStatusRow {
  return {
    dnid: r.dnid,
    les: r.les,
    member: r.member,
    device: r.device,
    serial: r.serial,
    status: r.status,
    state: dnidStatusState(r.status),
    isDefault: Boolean(r.isDefault),
    progActive: r.progActive,
    progInterval: r.progInterval,
    progStartFrame: r.progStartFrame,
    progUpdatedOn: iso(r.progUpdatedOn),
    updatedOn: iso(r.updatedOn)!,
    tgid: tgidRef(r.tgidId, r.tgidLabel),
    terminal: r.deviceId === null ? null : { deviceId: r.deviceId, label: r.terminalLabel },
    exceptions: Number(r.exceptions),
  };
}

/**
 * The status page's query: the caller's company's members (every company's for an
 * administrator), filtered, `active` true (status 0 to 2) or false (3 or more), sorted (default
 * by dnid, then LES, member and device), one page, with the totals.
 */
export async function findDnidStatuses(
  db: Db,
  scope: Scope,
  req: DnidStatusFindRequest,
): Promise<DnidStatusFindResponse> {
  const f = req.filter;
  const page = await findPage(db, req, {
    rows: selectRows(db, scope),
    count: (one) => db.select(one).from(dnidStatuses).innerJoin(dnids, ofDnid),
    scope: companyRows(scope, dnids.companyId),
    filters: [
      req.active === true ? inState("active") : undefined,
      req.active === false ? inState("inactive") : undefined,
      eqIf(dnidStatuses.dnidId, f.dnid),
      eqIf(dnidStatuses.les, f.les),
      eqIf(dnidStatuses.member, f.member),
      f.device ? ilike(dnidStatuses.device, `${escapeLike(f.device)}%`) : undefined,
      f.serial ? contains(dnidStatuses.serial, f.serial) : undefined,
      f.state ? inState(f.state) : undefined,
      eqIf(dnids.tgidId, f.tgid),
    ],
    sorts: {
      dnid: dnidStatuses.dnidId,
      member: dnidStatuses.member,
      device: dnidStatuses.device,
      status: dnidStatuses.status,
      updatedOn: dnidStatuses.updatedOn,
    },
    defaultSort: { field: "dnid", direction: "asc" },
    key: [dnidStatuses.dnidId, dnidStatuses.les, dnidStatuses.member, dnidStatuses.device],
  });
  return { data: page.results.map(toRow), ...countsOf(page) };
}

/** One status row as the list shows it, or 404 (also for another company's). */
export async function getDnidStatus(
  db: Db | Tx,
  scope: Scope,
  key: DnidStatusKey,
): Promise<DnidStatusRow> {
  const [row] = await selectRows(db, scope)
    .where(and(statusKey(key), companyRows(scope, dnids.companyId)));
  if (!row) throw statusNotFound();
  return toRow(row);
}

/**
 * GET /rest/dnids/getDnidStatusDetails: the row (program fields and default flag included), its
 * dnid (company, tgid, comments) and its device's mtl; 404 for a missing or another company's.
 */
export async function dnidStatusDetails(
  db: Db,
  scope: Scope,
  key: DnidStatusKey,
): Promise<DnidStatusDetails> {
  const status = await getDnidStatus(db, scope, key);
  const [[dnid], [mtl]] = await Promise.all([
    db.select({
      id: dnids.id,
      les: dnids.les,
      companyId: companies.id,
      companyName: companies.name,
      comments: dnids.comments,
      comments2: dnids.comments2,
    }).from(dnids).innerJoin(companies, eq(companies.id, dnids.companyId))
      .where(and(eq(dnids.id, key.dnid), eq(dnids.les, key.les))),
    db.select({
      imn: mtls.imn,
      serial: mtls.serial,
      model: mtls.model,
      deviceLabel: mtls.deviceLabel,
      deviceId: mtls.deviceId,
      region: mtls.region,
    }).from(dnidStatuses).innerJoin(mtls, visibleMtl(scope)).where(statusKey(key)),
  ]);
  return {
    status,
    dnid: {
      id: dnid.id,
      les: dnid.les,
      company: { id: dnid.companyId, name: dnid.companyName },
      tgid: status.tgid,
      comments: dnid.comments,
      comments2: dnid.comments2,
    },
    mtl: mtl ?? null,
  };
}
