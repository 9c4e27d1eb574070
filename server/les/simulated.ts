/**
 * The built-in simulated land earth station, the default LES adapter: it answers from the
 * portal's own database (the mtl, its item logs and dnid memberships) and records handed-over
 * messages as station messages, "forward in progress". No outside system is involved.
 */
import type { Db } from "../../db/client.ts";
import { recordStationMessage, stationRecordOf } from "../services/les/station.ts";
import { type LesAdapter, LesFault, UNKNOWN_MTL_FAULT } from "./adapter.ts";

export const simulatedLes = (db: Db): LesAdapter => ({
  async stationMtl(imn) {
    const record = await stationRecordOf(db, imn);
    if (!record) throw new LesFault(UNKNOWN_MTL_FAULT);
    return record;
  },
  sendMessage: (message) => recordStationMessage(db, message),
});
