/**
 * The built-in simulated land earth station, the default LES adapter: it answers from the
 * portal's own database (the mtl, its item logs and dnid memberships), records handed-over
 * messages as station messages, and plays each command and message through realistic states
 * over seconds (server/station/progress.ts). Its whole state is the portal's rows (their
 * `nextStepAt`), so a restart, or another instance on the same database, carries on where it
 * stopped. No outside system is involved.
 */
import type { Db } from "../../db/client.ts";
import {
  advanceStation,
  cancelStationCommand,
  commandLabel,
  deleteStationMessage,
  readCommandState,
  readMessageStatus,
  scheduleCommand,
  type StationPlay,
  StationRefusal,
} from "./progress.ts";
import { recordStationMessage, stationRecordOf } from "./simulated_records.ts";
import { type StationAdapter, StationFault, UNKNOWN_MTL_FAULT } from "./adapter.ts";

export interface SimulatedStationOptions {
  /** Time between two states of a command or message (LES_STEP_SECONDS); default 2 s. */
  stepMs?: number;
  /** Share (0–1) of commands and messages that fail (LES_FAILURE_PERCENT / 100); default 0.1. */
  failureShare?: number;
  /** Uniform numbers in [0, 1), for the failures and their errors; default Math.random. */
  random?: () => number;
}

const DEFAULT_STEP_MS = 2000;
const DEFAULT_FAILURE_SHARE = 0.1;

/** Runs a station step, turning its refusals into the StationFault the portal shows. */
async function refusing<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (e) {
    if (e instanceof StationRefusal) throw new StationFault(e.message);
    throw e;
  }
}

export function simulatedStation(db: Db, options: SimulatedStationOptions = {}): StationAdapter {
  const play: StationPlay = {
    stepMs: options.stepMs ?? DEFAULT_STEP_MS,
    failureShare: Math.min(1, Math.max(0, options.failureShare ?? DEFAULT_FAILURE_SHARE)),
    random: options.random ?? Math.random,
  };
  return {
    async stationMtl(imn) {
      const record = await stationRecordOf(db, imn);
      if (!record) throw new StationFault(UNKNOWN_MTL_FAULT);
      return record;
    },
    async sendMessage(message) {
      if (!await stationRecordOf(db, message.recipient)) throw new StationFault(UNKNOWN_MTL_FAULT);
      return await recordStationMessage(db, message, new Date(Date.now() + play.stepMs));
    },
    async messageStatus(reference) {
      const status = await readMessageStatus(db, reference);
      if (status === null) throw new StationFault(`message ${reference} is unknown`);
      return status;
    },
    deleteMessage: (reference) => refusing(() => deleteStationMessage(db, reference)),
    async sendCommand(command) {
      const state = await scheduleCommand(db, command.commandId, command.startAt, play);
      if (!state) throw new StationFault(`${commandLabel(command.commandId)} is unknown`);
      return state;
    },
    async commandStatus(id) {
      const state = await readCommandState(db, id);
      if (!state) throw new StationFault(`${commandLabel(id)} is unknown`);
      return state;
    },
    cancelCommand: (id) => refusing(() => cancelStationCommand(db, id)),
    advance: (now = new Date(), scope) => advanceStation(db, now, play, scope),
    // The same station on a request's transaction (its rows change with the request's).
    within: (tx) => simulatedStation(tx, options),
  };
}

/** The simulated station as the configuration sets it (LES_STEP_SECONDS, LES_FAILURE_PERCENT). */
export const configuredStation = (
  db: Db,
  config: { LES_STEP_SECONDS: number; LES_FAILURE_PERCENT: number },
): StationAdapter =>
  simulatedStation(db, {
    stepMs: config.LES_STEP_SECONDS * 1000,
    failureShare: config.LES_FAILURE_PERCENT / 100,
  });
