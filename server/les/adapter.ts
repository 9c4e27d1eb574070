/**
 * The seam between the portal and a land earth station (LES): what the portal asks of the station
 * and hands to it. The built-in simulated station (./simulated.ts) is the default; a real LES
 * connection implements the same interface (docs/decisions/0011, "Mtls … and the LES station
 * seam"). Issue 15 extends it with command states, cancel and traffic.
 */
import type { StationMtl } from "../../openapi/schemas/mtls.ts";

/** A Messaging C message for one Inmarsat C terminal, as the portal hands it to the LES. */
export interface OutgoingMessage {
  /** The command list the message belongs to (the command path's record of it). */
  listId: number;
  /** Who sends it. */
  userKey: number | null;
  les: number;
  /** The terminal's imn. */
  recipient: string;
  format: "text";
  text: string;
}

/** What the station answers for a message it accepted. */
export interface MessageReceipt {
  /** The station's reference number of the message. */
  reference: number;
  /** Station message status (STATION_MESSAGE_STATUS: 0 forward in progress, …). */
  status: number;
}

/**
 * The fault for an mtl the station does not know; the portal answers an mtl the caller may not
 * see with the same words.
 */
export const UNKNOWN_MTL_FAULT = "Mobile terminal not registered at the LES";

/** The station refused or could not answer; `message` is its fault string, shown to the user. */
export class LesFault extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LesFault";
  }
}

export interface LesAdapter {
  /** The station's record of a mobile terminal; throws LesFault when it has none. */
  stationMtl(imn: string): Promise<StationMtl>;
  /** Hands a message over for delivery; throws LesFault when the station refuses it. */
  sendMessage(message: OutgoingMessage): Promise<MessageReceipt>;
}
