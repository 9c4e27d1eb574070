/**
 * Poll (Inmarsat C): POST /rest/poll/send polls one member of a dnid, or every authorized member
 * of it (member absent), with a poll type (0–4) in an ocean region. One "pollCommand" per
 * terminal polled, in one command list.
 */
import { z } from "zod";
import { DEFAULT_LES, POLL_TYPE_NAMES, REGIONS } from "../../enums.ts";
import { bodyId, codeSchema } from "../common.ts";
import { MemberSchema } from "../dnids/dnid_status.ts";
import { TERMINAL_COMMAND_MESSAGES as M } from "./terminal_command_messages.ts";

const DEFAULT_POLL_REGION = 4;

export const PollSendSchema = z.object({
  dnid: bodyId("Dnid", M.selectDnid).meta({ description: "The dnid (group) polled" }),
  les: bodyId("LES").default(DEFAULT_LES).meta({ description: "The dnid's LES (default 21)" }),
  member: MemberSchema.nullable().optional().meta({
    description: "The member polled; absent or null: every authorized member of the dnid",
  }),
  pollType: codeSchema(POLL_TYPE_NAMES, "Poll type", M.selectPollType),
  region: codeSchema(REGIONS, "Region").default(DEFAULT_POLL_REGION).meta({
    description: "The ocean region the poll goes out in (default 4 CURRENT)",
  }),
}).meta({ id: "PollSend" });
export type PollSend = z.output<typeof PollSendSchema>;

/** The /commands/poll/{init} page's preselection: "dnid", "dnid-les" or "dnid-les-member". */
export const parsePollInit = (
  init: string | undefined,
): { dnid: number; les?: number; member?: number } | null => {
  const m = init?.match(/^(\d{1,10})(?:-(\d{1,10})(?:-(\d{1,10}))?)?$/);
  if (!m) return null;
  return {
    dnid: Number(m[1]),
    ...(m[2] ? { les: Number(m[2]) } : {}),
    ...(m[3] ? { member: Number(m[3]) } : {}),
  };
};
