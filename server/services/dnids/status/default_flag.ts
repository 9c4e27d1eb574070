/**
 * The default flag of a dnid member: the terminal's default_mtls row points at this very
 * (dnid, les, member). Join `defaultMtls` on `isDefaultEntry` and select `isDefault`.
 */
import { and, eq, sql } from "drizzle-orm";
import { defaultMtls, dnidStatuses } from "../../../../db/schema/mod.ts";

export const isDefaultEntry = and(
  eq(defaultMtls.deviceId, dnidStatuses.device),
  eq(defaultMtls.dnidId, dnidStatuses.dnidId),
  eq(defaultMtls.les, dnidStatuses.les),
  eq(defaultMtls.member, dnidStatuses.member),
)!;

export const isDefault = sql<boolean>`(${defaultMtls.deviceId} is not null)`;
