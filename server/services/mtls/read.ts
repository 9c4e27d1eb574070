/**
 * Reading mtls (Inmarsat C mobile terminals): the list of the terminal page's "Inmarsat C" tab,
 * one mtl, its serial. An mtl attached to a terminal follows the terminal's tgid (tenancy
 * "tgid"); an unattached one (registered, no terminal yet) is visible to administrators only —
 * `tgidRows` on the left-joined terminal's tgid leaves it out for a client.
 */
import { and, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { mtls, terminals, tgids } from "../../../db/schema/mod.ts";
import type { Mtl, MtlFindRequest, MtlFindResponse } from "../../../openapi/schemas/mtls.ts";
import { MTL_MESSAGES } from "../../../openapi/schemas/mtls.ts";
import { ApiError } from "../../errors.ts";
import { MAX_ID } from "../../../openapi/schemas/common.ts";
import { ownsTgid, ownTgidRows, type Scope, tgidRows } from "../tenancy.ts";
import { tgidRef } from "../detail_lists.ts";
import { contains } from "../text_search.ts";
import { findPage } from "../paging.ts";
import { containing, containsPattern, eqIf, equalTo } from "../sql_filters.ts";

/** An mtl the caller may not reach answers exactly like a missing one, naming nothing. */
export const mtlNotFound = () => new ApiError(404, MTL_MESSAGES.notFound);

/** An mtl's columns, with whether the scope may change it (`mayEdit`: its terminal's tgid is owned). */
const mtlColumns = (scope: Scope) => ({
  imn: mtls.imn,
  serial: mtls.serial,
  model: mtls.model,
  fwdId: mtls.fwdId,
  deviceLabel: mtls.deviceLabel,
  mtl: mtls.mtl,
  region: mtls.region,
  isValid: mtls.isValid,
  miniC: mtls.miniC,
  updateDate: mtls.updateDate,
  deviceId: mtls.deviceId,
  tgidId: tgids.id,
  tgidLabel: tgids.label,
  mayEdit: ownsTgid(scope, terminals.tgidId),
});

/** `select … from mtls` with its terminal's tgid, if attached. */
const mtlSelect = (db: Db, scope: Scope) =>
  db.select(mtlColumns(scope)).from(mtls)
    .leftJoin(terminals, eq(terminals.deviceId, mtls.deviceId))
    .leftJoin(tgids, eq(tgids.id, terminals.tgidId));
type Row = Awaited<ReturnType<typeof mtlSelect>>[number];

const toMtl = ({ tgidId, tgidLabel: label, ...r }: Row): Mtl => ({
  ...r,
  updateDate: new Date(r.updateDate).toISOString(),
  tgid: tgidRef(tgidId, label),
});

/** A tgid filter box (of a query joined with tgids): its number (digits), else a part of its label. */
const tgidFilter = (text: string | undefined): SQL | undefined => {
  const { tgidNumber, tgidLabel } = tgidFilterValues(text);
  return tgidNumber !== undefined
    ? eq(tgids.id, tgidNumber)
    : tgidLabel !== undefined
    ? contains(tgids.label, text!)
    : undefined;
};

/** The tgid filter in a prepared find (paging.ts `preparedFind`): its two fields. */
export const tgidFilters = { tgidNumber: equalTo(tgids.id), tgidLabel: containing(tgids.label) };

/** `tgidFilters`' values for the text: a number, or a label pattern; neither when empty. */
export const tgidFilterValues = (text: string | undefined) =>
  !text
    ? {}
    : /^\d{1,10}$/.test(text) && Number(text) <= MAX_ID
    ? { tgidNumber: Number(text) }
    : { tgidLabel: containsPattern(text) };

/** The mtls the scope reaches: through their terminal's tgid (all of them for an admin). */
export const mtlRows = (scope: Scope): SQL | undefined => tgidRows(scope, terminals.tgidId);

/** The mtl `imn` if the scope reaches it, else null. */
export async function findMtl(db: Db, scope: Scope, imn: string): Promise<Mtl | null> {
  const [row] = await mtlSelect(db, scope).where(and(eq(mtls.imn, imn), mtlRows(scope)));
  return row ? toMtl(row) : null;
}

/**
 * The mtl `imn` if the scope may change it or send to it, else 404 'Mtl not found' (as an unknown
 * one): a client only an mtl of its own company's tgids (ownTgidRows), not of a tgid merely shared
 * with it, which it reads only; an administrator any mtl, attached or not.
 */
export async function getOwnMtl(db: Db, scope: Scope, imn: string): Promise<Mtl> {
  const [row] = await mtlSelect(db, scope)
    .where(and(eq(mtls.imn, imn), ownTgidRows(scope, terminals.tgidId)));
  if (!row) throw mtlNotFound();
  return toMtl(row);
}

/** GET /rest/mtls/getMtl: the mtl, or 404 'Mtl not found'. */
export async function getMtl(db: Db, scope: Scope, imn: string): Promise<Mtl> {
  const mtl = await findMtl(db, scope, imn);
  if (!mtl) throw mtlNotFound();
  return mtl;
}

/**
 * The mtl attached to a terminal (not filtered by the scope: the caller already reached the
 * terminal; the scope tells its `mayEdit`).
 */
export async function mtlByDevice(db: Db, scope: Scope, deviceId: number): Promise<Mtl | null> {
  const [row] = await mtlSelect(db, scope).where(eq(mtls.deviceId, deviceId));
  return row ? toMtl(row) : null;
}

/** GET /rest/mtls/getSerial. */
export async function mtlSerial(db: Db, scope: Scope, imn: string) {
  const mtl = await getMtl(db, scope, imn);
  return { imn: mtl.imn, serial: mtl.serial };
}

/** POST /rest/mtls/findMtl: one page of the mtls the caller reaches. */
export function findMtls(db: Db, scope: Scope, req: MtlFindRequest): Promise<MtlFindResponse> {
  const f = req.filter;
  return findPage(db, req, {
    rows: mtlSelect(db, scope).$dynamic(),
    count: (one) =>
      db.select(one).from(mtls)
        .leftJoin(terminals, eq(terminals.deviceId, mtls.deviceId))
        .leftJoin(tgids, eq(tgids.id, terminals.tgidId)),
    scope: mtlRows(scope),
    filters: [
      f.imn ? contains(mtls.imn, f.imn) : undefined,
      f.serial ? contains(mtls.serial, f.serial) : undefined,
      f.model ? contains(mtls.model, f.model) : undefined,
      f.label ? contains(mtls.deviceLabel, f.label) : undefined,
      tgidFilter(f.tgid),
      eqIf(mtls.region, f.region),
      f.attached === undefined
        ? undefined
        : f.attached
        ? isNotNull(mtls.deviceId)
        : isNull(mtls.deviceId),
    ],
    sorts: {
      imn: mtls.imn,
      serial: mtls.serial,
      model: mtls.model,
      label: sql`lower(${mtls.deviceLabel})`,
      region: mtls.region,
      updateDate: mtls.updateDate,
      deviceId: mtls.deviceId,
    },
    defaultSort: { field: "imn", direction: "asc" },
    key: mtls.imn,
  }).then((page) => ({ ...page, results: page.results.map(toMtl) }));
}
