/**
 * Deleting a station message (GET /rest/inmarsat/delete): only a message the station is still
 * forwarding (0 forward in progress) can be deleted; the land earth station does it (it becomes
 * 14 user deleted and its command 13 Cancelled). Anything else answers 409 with the spec's words,
 * 'An error occured while deleting the message: <the station's reason>'.
 */
import type { Db } from "../../../db/client.ts";
import { type StationAdapter, StationFault } from "../../station/adapter.ts";
import {
  isDeletableStationStatus,
  STATION_MESSAGES,
  type StationDeleted,
} from "../../../openapi/schemas/station/station.ts";
import { ApiError } from "../../errors.ts";
import type { Scope } from "../tenancy.ts";
import { stationMessage } from "./read.ts";

const deleteRefused = (reason: string) => new ApiError(409, STATION_MESSAGES.deleteError(reason));

export async function deleteStationMessage(
  db: Db,
  station: StationAdapter,
  scope: Scope,
  refNum: number,
): Promise<StationDeleted> {
  const before = await stationMessage(db, scope, refNum);
  if (!isDeletableStationStatus(before.status)) {
    throw deleteRefused(STATION_MESSAGES.notDeletable(before.status));
  }
  try {
    await station.deleteMessage(refNum);
  } catch (err) {
    if (err instanceof StationFault) throw deleteRefused(err.message);
    throw err;
  }
  return { success: true, message: await stationMessage(db, scope, refNum) };
}
