/**
 * The dnid status menu's commands (management-routing §2 and §9), under /rest/dnids: on-demand
 * poll, download dnid, and the member's program (create, start, stop). Each records a command
 * list (protocol 0 HTTP) with one command per terminal of the member (genericCommandType 0;
 * parameters dnid, les, member and the call's own) and hands it to the LES; the program calls
 * also set the member's program fields (progActive, progInterval, progStartFrame, progUpdatedOn).
 */
import { defineRoute, jsonBody, jsonResponse } from "../../define.ts";
import {
  CreateProgramSchema,
  DnidMemberCommandSchema,
  OnDemandPollSchema,
} from "../../../../openapi/schemas/dnids/dnid_commands.ts";
import { CommandsIssuedSchema } from "../../../../openapi/schemas/command/terminal_commands.ts";
import { TERMINAL_COMMAND_MESSAGES as M } from "../../../../openapi/schemas/command/terminal_command_messages.ts";
import { ON_DEMAND_CODE_NAMES } from "../../../../openapi/enums.ts";
import { codeList } from "../../../../openapi/schemas/common.ts";

const common = `404 '${M.dnidNotFound}' or '${M.memberNotFound}' when unknown or out of reach; ` +
  "409 when the member is not authorized (negative status).";
const answer = { 200: jsonResponse(CommandsIssuedSchema, "The command list and its commands") };
/** The examples' member: member 1 of dnid 12 on LES 21. */
const MEMBER = { dnid: 12, les: 21, member: 1 };

export const onDemandPoll = defineRoute({
  access: "user",
  tenancy: "company",
  method: "post",
  path: "/rest/dnids/onDemandPoll",
  summary: "Send a manual on-demand command to a dnid member",
  description: "Command 'onDemandCommand' with parameter code: " +
    `${codeList(ON_DEMAND_CODE_NAMES)}. ${common}`,
  request: { body: jsonBody(OnDemandPollSchema, { ...MEMBER, code: 9 }) },
  responses: answer,
  errors: [404, 409],
});

export const downloadDnid = defineRoute({
  access: "user",
  tenancy: "company",
  method: "post",
  path: "/rest/dnids/downloadDnid",
  summary: "Download the dnid to a member's terminal",
  description: `Command 'downloadDnid'. ${common}`,
  request: { body: jsonBody(DnidMemberCommandSchema, MEMBER) },
  responses: answer,
  errors: [404, 409],
});

export const createProgram = defineRoute({
  access: "user",
  tenancy: "company",
  method: "post",
  path: "/rest/dnids/createProgram",
  summary: "Define a member's data reporting program",
  description: "Command 'createProgram' with parameters interval (minutes) and startFrame; sets " +
    `progInterval, progStartFrame and progUpdatedOn (progActive unchanged). ${common}`,
  request: { body: jsonBody(CreateProgramSchema, { ...MEMBER, interval: 60, startFrame: 120 }) },
  responses: answer,
  errors: [404, 409],
});

export const startProgram = defineRoute({
  access: "user",
  tenancy: "company",
  method: "post",
  path: "/rest/dnids/startProgram",
  summary: "Start a member's program",
  description: "Command 'startProgram' with the member's interval and startFrame; sets " +
    `progActive and progUpdatedOn. ${common} 409 '${M.noProgram(0, 0).replace(/\d+/g, "…")}' ` +
    "when no program was created.",
  request: { body: jsonBody(DnidMemberCommandSchema, MEMBER) },
  responses: answer,
  errors: [404, 409],
});

export const stopProgram = defineRoute({
  access: "user",
  tenancy: "company",
  method: "post",
  path: "/rest/dnids/stopProgram",
  summary: "Stop a member's program",
  description: "Command 'stopProgram'; clears progActive and sets progUpdatedOn. " +
    `${common} 409 when no program was created.`,
  request: { body: jsonBody(DnidMemberCommandSchema, MEMBER) },
  responses: answer,
  errors: [404, 409],
});
