/**
 * The dnid status menu's commands (management-routing §2, §9), under /rest/dnids: an on-demand
 * command (code 9 with 0, 128, 130, 131, 5, 6), download dnid, and the member's data reporting
 * program (create, start, stop). Each targets a member (dnid, les, member) and sends one command
 * per terminal of it.
 */
import { z } from "zod";
import {
  DEFAULT_LES,
  ON_DEMAND_CODE_NAMES,
  PROGRAM_INTERVAL_MAX,
  PROGRAM_INTERVAL_MIN,
  PROGRAM_START_FRAME_MAX,
} from "../../enums.ts";
import { bodyId, codeSchema, missingOr } from "../common.ts";
import { formMessages } from "../messages.ts";
import { MemberSchema } from "./dnid_status.ts";
import { TERMINAL_COMMAND_MESSAGES as M } from "../command/terminal_command_messages.ts";

const member = {
  dnid: bodyId("Dnid", M.selectDnid),
  les: bodyId("LES").default(DEFAULT_LES).meta({ description: "The dnid's LES (default 21)" }),
  member: MemberSchema,
};

export const DnidMemberCommandSchema = z.object(member).meta({ id: "DnidMemberCommand" });
export type DnidMemberCommand = z.output<typeof DnidMemberCommandSchema>;

export const OnDemandPollSchema = z.object({
  ...member,
  code: codeSchema(ON_DEMAND_CODE_NAMES, "Code", M.selectCode),
}).meta({ id: "OnDemandPoll" });
export type OnDemandPoll = z.output<typeof OnDemandPollSchema>;

const int = (label: string, min: number, max: number) =>
  z.number({ error: missingOr(formMessages.required(label), formMessages.match(label)) })
    .int(formMessages.match(label))
    .min(min, formMessages.min(label, min)).max(max, formMessages.max(label, max));

export const CreateProgramSchema = z.object({
  ...member,
  interval: int("Interval", PROGRAM_INTERVAL_MIN, PROGRAM_INTERVAL_MAX).meta({
    description: `Minutes between reports, ${PROGRAM_INTERVAL_MIN} to ${PROGRAM_INTERVAL_MAX}`,
  }),
  startFrame: int("Start frame", 0, PROGRAM_START_FRAME_MAX).meta({
    description:
      `The first report's frame of the day (30 s frames, 0 to ${PROGRAM_START_FRAME_MAX})`,
  }),
}).meta({ id: "CreateProgram" });
export type CreateProgram = z.output<typeof CreateProgramSchema>;
