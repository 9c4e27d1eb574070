/**
 * Reading terminals: one terminal with its transmission configuration, item logs, canned messages,
 * mtl and (a tracker) tracking commands; the terminal list; the device types; the terminal of an mtl (the
 * /management/terminal/mtl/{mid} page). A terminal follows its tgid (tenancy "tgid"): a client
 * reaches the terminals on tgids its company owns or shares, and any other answers like a missing
 * one.
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { deviceTypes, mtls, terminalItems, terminals, tgids } from "../../../db/schema/mod.ts";
import type {
  DeviceType,
  Terminal,
  TerminalFindRequest,
  TerminalFindResponse,
  TerminalRow,
} from "../../../openapi/schemas/terminal/terminals.ts";
import { TERMINAL_MESSAGES } from "../../../openapi/schemas/terminal/terminals.ts";
import {
  CANNED_MESSAGES_ITEM,
  handlerOf,
  parseCanned,
} from "../../../openapi/schemas/terminal/terminal_templates.ts";
import { INMARSAT_C_DEVICE_TYPE } from "../../../openapi/enums.ts";
import { itemTypeOf, labelOf } from "../../../openapi/item_logs.ts";
import { ApiError } from "../../errors.ts";
import { ownsTgid, type Scope, scopedStatement, tgidRows } from "../tenancy.ts";
import { statement } from "../../../db/statements.ts";
import { tgidLabel } from "../detail_lists.ts";
import { preparedFind } from "../paging.ts";
import { mtlByDevice, tgidFilters, tgidFilterValues } from "../mtls/read.ts";
import { trackingOf } from "./tracking.ts";
import { containing, containsPattern, equalTo } from "../sql_filters.ts";

/** A terminal the caller may not reach answers exactly like a missing one, naming nothing. */
export const terminalNotFound = () => new ApiError(404, TERMINAL_MESSAGES.notFound);

/** The IriTrack handler: its terminals carry the ten canned messages. */
const IRITRACK_HANDLER = 4;

/** A terminal's columns, with whether the scope may change it (`mayEdit`: its tgid is owned). */
const rowColumns = (scope: Scope) => ({
  deviceId: terminals.deviceId,
  deviceTypeId: terminals.deviceTypeId,
  deviceTypeName: deviceTypes.name,
  deviceLabel: terminals.deviceLabel,
  tgidId: terminals.tgidId,
  tgidLabel: tgids.label,
  terminalSpecificIdentifier: terminals.terminalSpecificIdentifier,
  trackingFrequency: terminals.trackingFrequency,
  transmitNoChangeEnabled: terminals.transmitNoChangeEnabled,
  transmitOnUpdateEnabled: terminals.transmitOnUpdateEnabled,
  fastTrackingEnabled: terminals.fastTrackingEnabled,
  updateDate: terminals.updateDate,
  mayEdit: ownsTgid(scope, terminals.tgidId),
});
/** `select … from terminals` joined with its device type and tgid. */
const terminalSelect = (db: Db, scope: Scope) =>
  db.select(rowColumns(scope)).from(terminals)
    .innerJoin(deviceTypes, eq(deviceTypes.id, terminals.deviceTypeId))
    .innerJoin(tgids, eq(tgids.id, terminals.tgidId));
type Row = Awaited<ReturnType<typeof terminalSelect>>[number];

const toRow = (r: Row): TerminalRow => ({
  deviceId: r.deviceId,
  deviceTypeId: r.deviceTypeId,
  deviceType: { id: r.deviceTypeId, name: r.deviceTypeName },
  deviceLabel: r.deviceLabel,
  tgidId: r.tgidId,
  tgid: { id: r.tgidId, label: tgidLabel(r.tgidId, r.tgidLabel) },
  terminalSpecificIdentifier: r.terminalSpecificIdentifier,
  trackingFrequency: r.trackingFrequency,
  updateDate: new Date(r.updateDate).toISOString(),
  mayEdit: r.mayEdit,
});

/** The label of a terminal the caller may reach (its device id when it has none), or 404. */
export async function terminalLabel(db: Db, scope: Scope, deviceId: number): Promise<string> {
  const [row] = await db.select({ label: terminals.deviceLabel }).from(terminals)
    .where(and(eq(terminals.deviceId, deviceId), tgidRows(scope, terminals.tgidId)));
  if (!row) throw terminalNotFound();
  return row.label || String(deviceId);
}

/** The terminal `deviceId` in the caller's reach (built once: the terminal page's statements). */
const terminalById = scopedStatement((db, scope, name) =>
  terminalSelect(db, scope)
    .where(
      and(eq(terminals.deviceId, sql.placeholder("deviceId")), tgidRows(scope, terminals.tgidId)),
    )
    .prepare(name)
);

/** A terminal's item logs, by name. */
const itemsOf = statement((db, name) =>
  db.select({ name: terminalItems.name, type: terminalItems.type, value: terminalItems.value })
    .from(terminalItems).where(eq(terminalItems.deviceId, sql.placeholder("deviceId")))
    .orderBy(asc(terminalItems.name)).prepare(name)
);

/** GET /rest/terminal/get: the terminal, or 404 when unknown or out of the caller's reach. */
export async function getTerminal(db: Db, scope: Scope, deviceId: number): Promise<Terminal> {
  const [row] = await terminalById(db, scope, { deviceId });
  if (!row) throw terminalNotFound();
  const [items, mtl, tracking] = await Promise.all([
    itemsOf(db).execute({ deviceId }),
    row.deviceTypeId === INMARSAT_C_DEVICE_TYPE ? mtlByDevice(db, scope, deviceId) : null,
    trackingOf(db, scope, row),
  ]);
  const canned = items.find((i) => i.name === CANNED_MESSAGES_ITEM);
  return {
    ...toRow(row),
    transmitNoChangeEnabled: row.transmitNoChangeEnabled,
    transmitOnUpdateEnabled: row.transmitOnUpdateEnabled,
    fastTrackingEnabled: row.fastTrackingEnabled,
    items: items.map((i) => ({
      name: i.name,
      type: itemTypeOf(i.name, i.type),
      value: i.value,
      label: labelOf(i.name),
    })),
    cannedMessages: handlerOf(row.deviceTypeId) === IRITRACK_HANDLER
      ? parseCanned(canned?.value)
      : null,
    mtl,
    tracking,
  };
}

/** The terminal list, built once per shape: its filter fields' conditions. */
const findTerminalPage = preparedFind({
  deviceId: equalTo(terminals.deviceId),
  deviceTypeId: equalTo(terminals.deviceTypeId),
  label: containing(terminals.deviceLabel),
  identifier: containing(terminals.terminalSpecificIdentifier),
  ...tgidFilters,
  // The family: Inmarsat C, or every other (the field's value is only whether it is given).
  inmarsatC: () => eq(terminals.deviceTypeId, INMARSAT_C_DEVICE_TYPE),
  notInmarsatC: () => ne(terminals.deviceTypeId, INMARSAT_C_DEVICE_TYPE),
}, (db, scope) => ({
  rows: terminalSelect(db, scope).$dynamic(),
  count: (one) =>
    db.select(one).from(terminals)
      .innerJoin(deviceTypes, eq(deviceTypes.id, terminals.deviceTypeId))
      .innerJoin(tgids, eq(tgids.id, terminals.tgidId)),
  scope: tgidRows(scope, terminals.tgidId),
  sorts: {
    deviceId: terminals.deviceId,
    deviceType: deviceTypes.name,
    label: sql`lower(${terminals.deviceLabel})`,
    identifier: terminals.terminalSpecificIdentifier,
    tgid: sql`lower(coalesce(${tgids.label}, cast(${tgids.id} as text)))`,
    updateDate: terminals.updateDate,
  },
  defaultSort: { field: "deviceId", direction: "asc" },
  key: terminals.deviceId,
}));

/** POST /rest/terminal/findDevice: one page of the caller's terminals. */
export async function findTerminals(
  db: Db,
  scope: Scope,
  req: TerminalFindRequest,
): Promise<TerminalFindResponse> {
  const f = req.filter;
  const page = await findTerminalPage(db, scope, req, {
    deviceId: f.deviceId,
    deviceTypeId: f.deviceTypeId,
    label: containsPattern(f.label),
    identifier: containsPattern(f.identifier),
    ...tgidFilterValues(f.tgid),
    inmarsatC: f.family === "inmarsatc" || undefined,
    notInmarsatC: (f.family !== undefined && f.family !== "inmarsatc") || undefined,
  });
  return { ...page, results: page.results.map(toRow) };
}

/** GET /rest/terminal/getDeviceTypes: every device type, by id. */
export function listDeviceTypes(db: Db): Promise<DeviceType[]> {
  return db.select().from(deviceTypes).orderBy(asc(deviceTypes.id));
}

/** The device type row of `id`, or null. */
export async function deviceTypeOf(db: Db, id: number): Promise<DeviceType | null> {
  const [row] = await db.select().from(deviceTypes).where(eq(deviceTypes.id, id));
  return row ?? null;
}

/** The device id of the terminal whose mtl is `imn`, among the scope's tgids; null if none. */
export async function terminalOfMtl(db: Db, scope: Scope, imn: string): Promise<number | null> {
  const [row] = await db.select({ deviceId: mtls.deviceId }).from(mtls)
    .innerJoin(terminals, eq(terminals.deviceId, mtls.deviceId))
    .where(and(eq(mtls.imn, imn), tgidRows(scope, terminals.tgidId)));
  return row?.deviceId ?? null;
}
