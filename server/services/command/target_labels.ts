/**
 * The label a command or a station message keeps of its target (docs/decisions/0019): the
 * target terminal's label when it is sent, as the row's company sees it then — a terminal in one
 * of the company's tgids (owned, or shared with one of its teams), or an mtl attached to no
 * terminal. A terminal the company cannot see (another company's) gives no label. The row keeps
 * it: renaming the terminal later, or the terminal passing to another company, changes nothing of
 * what was sent, and a client never reads another company's live label through its traffic.
 */
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { mtls, terminals } from "../../../db/schema/mod.ts";
import { tgidRows } from "../tenancy.ts";

/** Irext (1) and tracking (2) commands target a device id; the others an mtl's imn. */
const targetsDevice = (genericCommandType: number | null | undefined) =>
  genericCommandType === 1 || genericCommandType === 2;

/** A command's or a message's target: a device id or an imn (`mt`). */
interface Target {
  mt?: string | null;
  genericCommandType?: number | null;
}

const DEVICE_ID = /^\d{1,9}$/;

/**
 * The label each target keeps, in order, for a row of company `companyId` (null: a row only
 * administrators see, any terminal's label).
 */
export async function keptLabels(
  db: Db | Tx,
  companyId: number | null,
  targets: readonly Target[],
): Promise<(string | null)[]> {
  const seen = tgidRows({ onlyCompany: companyId }, terminals.tgidId);
  const byDevice = targets.filter((t) => targetsDevice(t.genericCommandType));
  const deviceIds = [
    ...new Set(byDevice.flatMap((t) => t.mt && DEVICE_ID.test(t.mt) ? [Number(t.mt)] : [])),
  ];
  const imns = [
    ...new Set(
      targets.filter((t) => !targetsDevice(t.genericCommandType)).flatMap((t) => t.mt ?? []),
    ),
  ];
  const devices = deviceIds.length
    ? await db.select({ id: terminals.deviceId, label: terminals.deviceLabel }).from(terminals)
      .where(and(inArray(terminals.deviceId, deviceIds), seen))
    : [];
  const mobiles = imns.length
    ? await db.select({
      imn: mtls.imn,
      label: sql<string | null>`coalesce(${terminals.deviceLabel}, ${mtls.deviceLabel})`,
    }).from(mtls)
      .leftJoin(terminals, eq(terminals.deviceId, mtls.deviceId))
      .where(and(inArray(mtls.imn, imns), seen && or(isNull(mtls.deviceId), seen)))
    : [];
  const deviceLabel = new Map(devices.map((d) => [d.id, d.label]));
  const mobileLabel = new Map(mobiles.map((m) => [m.imn, m.label]));
  return targets.map((t) => {
    if (!t.mt) return null;
    if (!targetsDevice(t.genericCommandType)) return mobileLabel.get(t.mt) ?? null;
    return DEVICE_ID.test(t.mt) ? deviceLabel.get(Number(t.mt)) ?? null : null;
  });
}
