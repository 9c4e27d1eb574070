/**
 * The /rest/mtls calls (management-routing §7, portal-shell §7): Inmarsat C mobile terminals. An
 * mtl attached to a terminal follows the terminal's tgid; an unattached one (registered, no
 * terminal yet) is visible to administrators only. Registering and deleting are
 * administrators'; a client relabels and sends test messages to its own company's terminals only
 * (a tgid shared with it is read-only). The LES calls go through the LES adapter
 * (server/station/adapter.ts).
 */
import { defineRoute, jsonBody, jsonResponse } from "../define.ts";
import {
  IMN_MESSAGE,
  ImnQuerySchema,
  MTL_MESSAGES,
  MtlAddSchema,
  MtlDeletedSchema,
  MtlFindRequestSchema,
  MtlFindResponseSchema,
  MtlLabelUpdateSchema,
  MtlQuerySchema,
  MtlSchema,
  MtlSerialSchema,
  MtlTestMessageSchema,
  StationMtlQuerySchema,
  StationMtlSchema,
  TestMessageSentSchema,
} from "../../../openapi/schemas/mtls.ts";
import { UNKNOWN_MTL_FAULT } from "../../station/adapter.ts";

export const findMtl = defineRoute({
  access: "user",
  tenancy: "tgid",
  method: "post",
  path: "/rest/mtls/findMtl",
  paged: true,
  summary: "Find mtls (the Inmarsat C tab of the terminal list)",
  description: "Filter by imn, serial, model, label, tgid (number or label), region or " +
    "attached; sort by imn (default), serial, model, label, region, updateDate or deviceId; " +
    "one page under `results`, with the totals.",
  request: { body: jsonBody(MtlFindRequestSchema) },
  responses: { 200: jsonResponse(MtlFindResponseSchema, "One page of mtls, with the totals") },
});

export const getMtl = defineRoute({
  access: "user",
  tenancy: "tgid",
  method: "get",
  path: "/rest/mtls/getMtl",
  summary: "One mtl",
  description: `\`mtl\` is the imn. 404 '${MTL_MESSAGES.notFound}' when unknown or out of reach.`,
  request: { query: MtlQuerySchema },
  responses: { 200: jsonResponse(MtlSchema, "The mtl") },
  errors: [404],
});

export const addMtl = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/mtls/addMtl",
  summary: "Register a mobile terminal",
  description: `Registers an Inmarsat C mobile terminal, not attached to a terminal yet (add ` +
    `it as an existing terminal next). ${IMN_MESSAGE} (400); a registered imn answers 409 ` +
    "(code 23000). updateDate defaults to now.",
  request: {
    body: jsonBody(MtlAddSchema, {
      imn: "436954321",
      serial: "TT3026-009876",
      model: "SAILOR 6110",
      deviceLabel: "Ocean Pioneer",
    }),
  },
  responses: { 200: jsonResponse(MtlSchema, "The new mtl") },
  errors: [409],
});

export const updateLabel = defineRoute({
  access: "user",
  tenancy: "tgid",
  method: "post",
  path: "/rest/mtls/updateLabel",
  summary: "Change an mtl's label",
  description: "Sets the label of the mtl and of its terminal. 404 when unknown or out of reach, " +
    "and for a client when its tgid is merely shared with the client's company (read-only).",
  request: { body: jsonBody(MtlLabelUpdateSchema, { imn: "436912345", label: "Atlantic Dawn" }) },
  responses: { 200: jsonResponse(MtlSchema, "The mtl, relabelled") },
  errors: [404],
});

export const deleteMtl = defineRoute({
  access: "admin",
  method: "delete",
  path: "/rest/mtls/deleteMtl",
  summary: "Delete an mtl and its terminal",
  description: "Deletes the mtl and, when attached, its terminal. 404 when unknown.",
  request: { query: ImnQuerySchema },
  responses: { 200: jsonResponse(MtlDeletedSchema, "What was deleted") },
  errors: [404],
});

export const getStationMtl = defineRoute({
  access: "user",
  tenancy: "tgid",
  method: "get",
  path: "/rest/mtls/getStationMtl",
  summary: "The land earth station's record of an mtl",
  description: "`id` is the terminal identifier (the imn). What the LES holds: serial, model, " +
    "LES, ocean region, mtl, validity, mini-C, login status (from the loginTime and " +
    "logoutTime item logs) and the terminal's dnid memberships. An imn the station does not " +
    `know, or out of reach: 404 with the station's fault string ('${UNKNOWN_MTL_FAULT}').`,
  request: { query: StationMtlQuerySchema },
  responses: { 200: jsonResponse(StationMtlSchema, "The station's record") },
  errors: [404],
});

export const sendTestMessage = defineRoute({
  access: "user",
  tenancy: "tgid",
  method: "post",
  path: "/rest/mtls/sendTestMessage",
  summary: "Send a test message to an Inmarsat C terminal",
  description: "`id` is the imn. Records a Messaging C command list (protocol 5) with one " +
    "'sendMessage' command (In Progress) and hands the message to the LES, which records it as " +
    "a station message (forward in progress); the list and the message belong to the company " +
    "of the terminal's tgid, sent by the caller. A client sends only to its own company's " +
    "terminals: 404 when unknown or out of reach, and when the terminal's tgid is merely shared " +
    "with the client's company; 409 when the mtl has no terminal, is not valid, or the station " +
    "refuses the message.",
  request: { body: jsonBody(MtlTestMessageSchema) },
  responses: { 200: jsonResponse(TestMessageSentSchema, "The command that carries it") },
  errors: [404, 409],
});

export const getSerial = defineRoute({
  access: "user",
  tenancy: "tgid",
  method: "get",
  path: "/rest/mtls/getSerial",
  summary: "An mtl's serial number",
  description: "404 when unknown or out of reach.",
  request: { query: ImnQuerySchema },
  responses: { 200: jsonResponse(MtlSerialSchema, "The imn and its serial") },
  errors: [404],
});
