/**
 * Where a terminal's checked template values go (openapi/schemas/terminal/terminal_templates.ts): the
 * identifier field to terminalSpecificIdentifier, the Inmarsat C fields to its mtl, the ten
 * canned messages to the `cannedMessages` item log, the other fields to item logs of their name.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { mtls, terminalItems } from "../../../db/schema/mod.ts";
import type { ItemType } from "../../../openapi/enums.ts";
import { labelOf } from "../../../openapi/item_logs.ts";
import { MTL_MESSAGES } from "../../../openapi/schemas/mtls.ts";
import {
  CANNED_MESSAGES_ITEM,
  cannedOf,
  type TemplateField,
  type TemplateKind,
  type TemplateValues,
} from "../../../openapi/schemas/terminal/terminal_templates.ts";
import { ApiError } from "../../errors.ts";
import type { Scope } from "../tenancy.ts";
import { findMtl } from "../mtls/read.ts";

/** The identifier field's value (trimmed), or null when the template has none. */
export function identifierOf(fields: readonly TemplateField[], values: TemplateValues) {
  const field = fields.find((f) => f.identifier);
  return field ? values[field.name] || null : null;
}

/**
 * The registered, unattached mtl `imn` an Inmarsat C terminal is added for. Unknown, or attached
 * to a terminal the caller cannot reach: 404 (the same answer); attached to one it reaches: 409.
 */
export async function attachableMtl(db: Db, scope: Scope, imn: string) {
  const [row] = await db.select({ deviceId: mtls.deviceId, deviceLabel: mtls.deviceLabel })
    .from(mtls).where(eq(mtls.imn, imn));
  if (!row || (row.deviceId !== null && !await findMtl(db, scope, imn))) {
    throw new ApiError(404, MTL_MESSAGES.notRegistered(imn));
  }
  if (row.deviceId !== null) throw new ApiError(409, MTL_MESSAGES.attached(imn));
  return row;
}

const ITEM_TYPE_OF_KIND: Partial<Record<TemplateField["kind"], ItemType>> = {
  boolean: "BOOLEAN",
  number: "INTEGER",
};

/** Writes (or replaces) one item log of the terminal. */
async function putItem(tx: Tx, deviceId: number, name: string, type: ItemType, value: string) {
  await tx.insert(terminalItems).values({ deviceId, name, type, value, label: labelOf(name) })
    .onConflictDoUpdate({
      target: [terminalItems.deviceId, terminalItems.name],
      set: { type, value, label: labelOf(name), updatedAt: sql`now()` },
    });
}

/** Stores the values of a checked template for the terminal `deviceId`. */
export async function storeTemplateValues(
  tx: Tx,
  deviceId: number,
  fields: readonly TemplateField[],
  values: TemplateValues,
  kind: TemplateKind,
) {
  const mtlFields = fields.filter((f) => f.store === "mtl");
  if (mtlFields.length) {
    const set = {
      ...("mtl" in values ? { mtl: Number(values.mtl) } : {}),
      ...(values.region ? { region: Number(values.region) } : {}),
      updateDate: new Date(),
    };
    // Adding attaches the registered mtl (the identifier is its imn) to the new terminal, if it
    // is still unattached: of two adds racing for one mtl, the second is refused and rolled back.
    const imn = kind === "add" ? identifierOf(fields, values) : null;
    if (imn) {
      const attached = await tx.update(mtls).set({ ...set, deviceId })
        .where(and(eq(mtls.imn, imn), isNull(mtls.deviceId))).returning({ imn: mtls.imn });
      if (!attached.length) throw new ApiError(409, MTL_MESSAGES.attached(imn));
    } else {
      await tx.update(mtls).set(set).where(eq(mtls.deviceId, deviceId));
    }
  }
  if (fields.some((f) => f.store === "canned")) {
    await putItem(tx, deviceId, CANNED_MESSAGES_ITEM, "ARRAY", JSON.stringify(cannedOf(values)));
  }
  for (const field of fields.filter((f) => f.store === "item")) {
    const type = ITEM_TYPE_OF_KIND[field.kind];
    if (type && values[field.name] !== "") {
      await putItem(tx, deviceId, field.name, type, values[field.name]);
    }
  }
}
