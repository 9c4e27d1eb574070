/**
 * Changing terminals: add (any user, on a tgid its company owns), update (administrators), the
 * label-only edit (any user, on its own company's terminals) and delete (administrators; not VSAT or the
 * default). A terminal's checked template values are stored by ./template_store.ts.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { mtls, terminals, tgids } from "../../../db/schema/mod.ts";
import { INMARSAT_C_DEVICE_TYPE } from "../../../openapi/enums.ts";
import {
  TERMINAL_MESSAGES,
  type TerminalAdd,
  type TerminalLabelUpdate,
  type TerminalUpdate,
} from "../../../openapi/schemas/terminal/terminals.ts";
import { templateFor } from "../../../openapi/schemas/terminal/terminal_templates.ts";
import { ApiError, DUPLICATE_CODE, duplicateAs, notFound } from "../../errors.ts";
import { EVERY_COMPANY, ownTgidRows, type Scope, scopedStatement } from "../tenancy.ts";
import { statement } from "../../../db/statements.ts";
import { deviceTypeOf, getTerminal, terminalNotFound } from "./read.ts";
import { attachableMtl, identifierOf, storeTemplateValues } from "./template_store.ts";

/**
 * The tgid must be one the caller may add to: an unknown one, another company's, or one merely
 * shared with the client's company (read-only for it: ownTgidRows) answers 404 'Tgid not found'
 * (the same for all); none chosen is the schema's 400 'Please select a tgid'.
 */
async function requireTgid(db: Db, scope: Scope, tgidId: number) {
  const [row] = await ownTgid(db, scope, { tgidId });
  if (!row) throw notFound("Tgid");
}

/** The tgid if the scope may add to it (built once, as the next two: every add and relabel). */
const ownTgid = scopedStatement((db, scope, name) =>
  db.select({ id: tgids.id }).from(tgids)
    .where(and(eq(tgids.id, sql.placeholder("tgidId")), ownTgidRows(scope, tgids.id)))
    .prepare(name)
);

/** A terminal of the type with the identifier. */
const terminalWithIdentifier = statement((db, name) =>
  db.select({ deviceId: terminals.deviceId }).from(terminals).where(and(
    eq(terminals.deviceTypeId, sql.placeholder("deviceTypeId")),
    eq(terminals.terminalSpecificIdentifier, sql.placeholder("identifier")),
  )).prepare(name)
);

/** The terminal if the scope may change it (its tgid is the scope's own). */
const ownTerminal = scopedStatement((db, scope, name) =>
  db.select({ deviceId: terminals.deviceId }).from(terminals)
    .where(and(
      eq(terminals.deviceId, sql.placeholder("deviceId")),
      ownTgidRows(scope, terminals.tgidId),
    ))
    .prepare(name)
);

/** Another terminal of the same type already has this identifier: 409. */
async function refuseDuplicateIdentifier(
  db: Db,
  deviceTypeId: number,
  identifier: string | null,
  exceptDeviceId?: number,
) {
  if (!identifier) return;
  const rows = await terminalWithIdentifier(db).execute({ deviceTypeId, identifier });
  if (rows.some((r) => r.deviceId !== exceptDeviceId)) throw identifierTaken(identifier);
}

const identifierTaken = (identifier: string | null) =>
  new ApiError(409, `A terminal of this type with identifier ${identifier} already exists`, {
    code: DUPLICATE_CODE,
  });

const transmissionOf = (req: TerminalAdd | TerminalUpdate) => ({
  trackingFrequency: req.trackingFrequency,
  transmitNoChangeEnabled: req.transmitNoChangeEnabled,
  transmitOnUpdateEnabled: req.transmitOnUpdateEnabled,
  fastTrackingEnabled: req.fastTrackingEnabled,
});

/** POST /rest/terminal/addDevice: the new terminal. */
export async function addTerminal(db: Db, scope: Scope, req: TerminalAdd) {
  // A registered, unattached mtl belongs to no company yet: attaching it is an operator's act.
  if (req.deviceTypeId === INMARSAT_C_DEVICE_TYPE && scope.onlyCompany !== null) {
    throw new ApiError(403, TERMINAL_MESSAGES.inmarsatCByAdministrator);
  }
  await requireTgid(db, scope, req.tgidId);
  const fields = templateFor(req.deviceTypeId, "add")!;
  const identifier = identifierOf(fields, req.values);
  const mtl = req.deviceTypeId === INMARSAT_C_DEVICE_TYPE
    ? await attachableMtl(db, scope, identifier!)
    : null;
  if (!mtl) await refuseDuplicateIdentifier(db, req.deviceTypeId, identifier);
  // An Inmarsat C terminal and its mtl show one label: the form's, else the registered mtl's.
  const label = req.deviceLabel || mtl?.deviceLabel || null;
  const deviceId = await db.transaction(async (tx) => {
    const [row] = await tx.insert(terminals).values({
      deviceTypeId: req.deviceTypeId,
      tgidId: req.tgidId,
      deviceLabel: label,
      terminalSpecificIdentifier: identifier,
      ...transmissionOf(req),
    }).returning({ deviceId: terminals.deviceId });
    await storeTemplateValues(tx, row.deviceId, fields, req.values, "add");
    if (mtl) await relabelTerminal(tx, row.deviceId, label);
    return row.deviceId;
    // The check above can race another add; the unique index settles it.
  }).catch((e) => {
    throw duplicateAs(e, () => identifierTaken(identifier));
  });
  return getTerminal(db, scope, deviceId);
}

/** POST /rest/terminal/updateDevice (administrators): the terminal, changed. */
export async function updateTerminal(db: Db, req: TerminalUpdate) {
  const [current] = await db.select({ deviceTypeId: terminals.deviceTypeId }).from(terminals)
    .where(eq(terminals.deviceId, req.deviceId));
  if (!current) throw terminalNotFound();
  if (current.deviceTypeId !== req.deviceTypeId) {
    const message = "The device type of a terminal cannot be changed";
    throw new ApiError(400, message, { fields: [{ path: "deviceTypeId", message }] });
  }
  await requireTgid(db, EVERY_COMPANY, req.tgidId);
  const fields = templateFor(req.deviceTypeId, "update")!;
  const identifier = identifierOf(fields, req.values);
  await refuseDuplicateIdentifier(db, req.deviceTypeId, identifier, req.deviceId);
  await db.transaction(async (tx) => {
    await relabelTerminal(tx, req.deviceId, req.deviceLabel || null);
    await tx.update(terminals).set({
      tgidId: req.tgidId,
      ...(identifier === null ? {} : { terminalSpecificIdentifier: identifier }),
      ...transmissionOf(req),
    }).where(eq(terminals.deviceId, req.deviceId));
    await storeTemplateValues(tx, req.deviceId, fields, req.values, "update");
  }).catch((e) => {
    throw duplicateAs(e, () => identifierTaken(identifier));
  });
  return getTerminal(db, EVERY_COMPANY, req.deviceId);
}

/**
 * POST /rest/terminal/updateLabel: a terminal's label (non-administrators' edit); an Inmarsat C
 * terminal's mtl takes the same label. A client changes only its own company's terminals
 * (ownTgidRows): one of a tgid merely shared with it answers 404 like an unknown one.
 */
export async function updateTerminalLabel(db: Db, scope: Scope, req: TerminalLabelUpdate) {
  const [row] = await ownTerminal(db, scope, { deviceId: req.deviceId });
  if (!row) throw terminalNotFound();
  await relabelTerminal(db, req.deviceId, req.label || null);
  return getTerminal(db, scope, req.deviceId);
}

/**
 * Sets the label of a terminal and of its mtl, if it has one (they always show the same): one
 * statement (the terminal's update a CTE of the mtl's), atomic without a transaction of its own.
 */
export async function relabelTerminal(db: Db | Tx, deviceId: number, label: string | null) {
  const terminal = db.$with("relabelled").as(
    db.update(terminals).set({ deviceLabel: label, updateDate: new Date() })
      .where(eq(terminals.deviceId, deviceId)).returning({ deviceId: terminals.deviceId }),
  );
  await db.with(terminal).update(mtls).set({ deviceLabel: label })
    .where(eq(mtls.deviceId, deviceId));
}

/**
 * GET /rest/terminal/deleteDevice (administrators). VSAT and the default device type are not
 * deletable (409). An Inmarsat C terminal's mtl stays registered, unattached, so it can be added
 * again as an existing terminal; its item logs go with the terminal.
 */
export async function deleteTerminal(db: Db, deviceId: number) {
  const [row] = await db.select({ deviceTypeId: terminals.deviceTypeId }).from(terminals)
    .where(eq(terminals.deviceId, deviceId));
  if (!row) throw terminalNotFound();
  const type = await deviceTypeOf(db, row.deviceTypeId);
  if (type && !type.deletable) throw new ApiError(409, TERMINAL_MESSAGES.notDeletable(type.name));
  await db.transaction(async (tx) => {
    await tx.update(mtls).set({ deviceId: null }).where(eq(mtls.deviceId, deviceId));
    await tx.delete(terminals).where(eq(terminals.deviceId, deviceId));
  });
  return { deviceId };
}
