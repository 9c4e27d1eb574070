/**
 * The seam between the portal and a land earth station (LES): what the portal asks of the station
 * and hands to it. The built-in simulated station (./simulated.ts) is the default; a real LES
 * connection implements the same interface (docs/decisions/0013, "The LES seam").
 *
 * The portal's own tables are the record of what was sent: `command_lists`/`commands` for
 * commands and `station_messages` for Messaging C. The portal writes a row first (status 1 In
 * Progress, or 0 forward in progress), then hands it over; the station answers with its receipt
 * and later moves the row on (`advance`), so every state survives a restart.
 */
import type { Db } from "../../db/client.ts";
import type { StationMtl } from "../../openapi/schemas/mtls.ts";
import type { CommandId } from "../../openapi/schemas/command/commands.ts";

/** A Messaging C message for one Inmarsat C terminal, as the portal hands it to the LES. */
export interface OutgoingMessage {
  /** The command (list, group, item) that carries the message. */
  listId: number;
  groupId?: number;
  itemId?: number;
  /** Who sends it, and the sender's company (a client sees its own company's messages). */
  userKey: number | null;
  companyId?: number | null;
  les: number;
  /** The terminal's imn. */
  recipient: string;
  /** The other recipients of the same message (each gets its own station message too). */
  carbonCopies?: string[];
  format: "text" | "ita2" | "binary";
  text: string;
  /** Bytes on the air: the text's plus the attachment's. */
  size?: number;
  attachment?: { name: string; file: string; size: number; contentType: string } | null;
  notification?: { recipients: string[]; reference: string | null; date: Date | null } | null;
  sender?: string | null;
  replyTo?: string | null;
}

/** What the station answers for a message it accepted. */
export interface MessageReceipt {
  /** The station's reference number of the message. */
  reference: number;
  /** Station message status (STATION_MESSAGE_STATUS: 0 forward in progress, …). */
  status: number;
}

/** A command, as the portal hands it to the LES (its row in `commands` exists already). */
interface OutgoingCommand {
  commandId: CommandId;
  command: string;
  mt: string | null;
  genericCommandType: number | null;
  commandSubType: number | null;
  parameters: Record<string, unknown>;
  /** Not before this time (status 3 Start time delayed until then); null: at once. */
  startAt: Date | null;
}

/** A command's state at the station. */
export interface CommandState {
  status: number;
  errorCode: number | null;
  errorLabel: string | null;
}

/**
 * The fault for an mtl the station does not know; the portal answers an mtl the caller may not
 * see with the same words.
 */
export const UNKNOWN_MTL_FAULT = "Mobile terminal not registered at the LES";

/** The station refused or could not answer; `message` is its fault string, shown to the user. */
export class StationFault extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StationFault";
  }
}

/** Which rows an `advance` moves: only those of these command lists. */
export interface AdvanceScope {
  listIds: number[];
}

export interface StationAdapter {
  /**
   * The adapter for work done in a request's transaction (server/http/audited.ts): a station that
   * keeps its state in the portal's rows writes them in it; a remote link answers itself.
   */
  within(db: Db): StationAdapter;
  /** The station's record of a mobile terminal; throws StationFault when it has none. */
  stationMtl(imn: string): Promise<StationMtl>;
  /**
   * Hands a message over for delivery to `recipient` and records it as a station message (with
   * the recipient's label its company sees now: keptLabels, docs/decisions/0019); throws
   * StationFault when the station refuses it.
   */
  sendMessage(message: OutgoingMessage): Promise<MessageReceipt>;
  /** The station status of message `reference`; throws StationFault when the station has none. */
  messageStatus(reference: number): Promise<number>;
  /**
   * Deletes a message not forwarded yet (status 0 forward in progress only): it becomes 14 user
   * deleted. Throws StationFault otherwise, with the station's reason.
   */
  deleteMessage(reference: number): Promise<void>;
  /** Hands a command over (its `commands` row exists); answers its state after the handover. */
  sendCommand(command: OutgoingCommand): Promise<CommandState>;
  /** A command's state at the station. */
  commandStatus(id: CommandId): Promise<CommandState>;
  /**
   * Cancels a command still pending (it becomes 13 Cancelled); throws StationFault when it is final
   * or unknown.
   */
  cancelCommand(id: CommandId): Promise<CommandState>;
  /**
   * Moves the station's work forward to `now` and writes the new states into the portal's rows:
   * the simulated station plays its schedule; a real link reads the states the LES reported.
   * Answers how many commands and messages changed. The server calls it every second.
   * `scope` limits the step to the commands and messages of some lists (tests share one
   * PostgreSQL database across files: each moves only its own rows).
   */
  advance(now?: Date, scope?: AdvanceScope): Promise<number>;
}
