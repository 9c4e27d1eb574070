/**
 * EGC (FleetNET enhanced group call): POST /rest/egc/send broadcasts a text to the terminals of
 * an enid, in an ocean region, with a priority and a number of repetitions. One "egcMessage"
 * command (mt: the enid) in its own command list.
 */
import { z } from "zod";
import {
  DEFAULT_LES,
  EGC_PRIORITIES,
  EGC_REPETITIONS_MAX,
  EGC_TEXT_MAX,
  REGIONS,
} from "../../enums.ts";
import { bodyId, codeSchema, requiredBlock } from "../common.ts";
import { formMessages } from "../messages.ts";
import { TERMINAL_COMMAND_MESSAGES as M } from "./terminal_command_messages.ts";

export const EgcSendSchema = z.object({
  enid: bodyId("Enid", M.selectEnid).meta({
    description: "The enid whose terminals receive the call",
  }),
  les: bodyId("LES").default(DEFAULT_LES).meta({ description: "The LES (default 21)" }),
  region: codeSchema(REGIONS, "Region").default(4).meta({
    description: "The ocean region broadcast in (default 4 CURRENT)",
  }),
  priority: codeSchema(EGC_PRIORITIES, "Priority").default(0),
  repetitions: z.number({ error: formMessages.match("Repetitions") })
    .int(formMessages.match("Repetitions")).min(1, formMessages.min("Repetitions", 1))
    .max(EGC_REPETITIONS_MAX, formMessages.max("Repetitions", EGC_REPETITIONS_MAX)).default(1)
    .meta({ description: `How many times it is broadcast, 1 to ${EGC_REPETITIONS_MAX}` }),
  text: requiredBlock("Text", EGC_TEXT_MAX),
}).meta({ id: "EgcSend" });
export type EgcSend = z.output<typeof EgcSendSchema>;
