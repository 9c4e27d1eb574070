/**
 * The /rest/terminal calls (management-routing §7). A terminal follows its tgid: reads are for
 * every user on the tgids its company owns or shares, add and the label edit on those it owns (a
 * shared tgid is read-only for it); update and delete are administrators' (§6: the full menu is
 * theirs, non-administrators get the label-only edit).
 */
import { defineRoute, jsonBody, jsonResponse } from "../define.ts";
import {
  DeviceTypeListSchema,
  TERMINAL_MESSAGES,
  TerminalAddSchema,
  TerminalDeletedSchema,
  TerminalDeleteQuerySchema,
  TerminalFindRequestSchema,
  TerminalFindResponseSchema,
  TerminalIdQuerySchema,
  TerminalLabelUpdateSchema,
  TerminalSchema,
  TerminalUpdateSchema,
} from "../../../openapi/schemas/terminal/terminals.ts";
import { templateRules } from "../../../openapi/schemas/terminal/terminal_templates.ts";

export const get = defineRoute({
  access: "user",
  tenancy: "tgid",
  method: "get",
  path: "/rest/terminal/get",
  summary: "A terminal with its transmission configuration and item logs",
  description: "The terminal (`id` is its deviceId) with its device type, tgid, transmission " +
    "configuration and item logs (label: the name split into words; ncsUpdateTime, loginTime, " +
    "previousLoginTime and logoutTime are always DATE); an Iridium IriTrack's 10 canned " +
    "messages, an Inmarsat C terminal's mtl; a Shout or Iridium tracker's `tracking`: the last " +
    "setTerminalTracking command sent to it and the last it took (delivered or acknowledged), " +
    "of the caller's company's command lists for a client, and whether the caller may send it " +
    "one. 404 'Terminal not found' when unknown or out of reach.",
  request: { query: TerminalIdQuerySchema },
  responses: { 200: jsonResponse(TerminalSchema, "The terminal") },
  errors: [404],
});

export const getDeviceTypes = defineRoute({
  access: "user",
  tenancy: "none",
  method: "get",
  path: "/rest/terminal/getDeviceTypes",
  summary: "The device types",
  description: "Every device type with its template handler code (-1 the default template), " +
    "whether its terminals may be deleted (not VSAT nor the default) and whether it has an add " +
    "form (not VSAT).",
  responses: { 200: jsonResponse(DeviceTypeListSchema, "The device types, by id") },
});

export const findDevice = defineRoute({
  access: "user",
  tenancy: "tgid",
  method: "post",
  path: "/rest/terminal/findDevice",
  paged: true,
  summary: "Find terminals (the terminal list)",
  description: "Filter by deviceId, device type, label, identifier or tgid (number or label); " +
    "sort by any column (default deviceId); one page (10 by default) under `results`, with " +
    "the totals.",
  request: { body: jsonBody(TerminalFindRequestSchema) },
  responses: {
    200: jsonResponse(TerminalFindResponseSchema, "One page of terminals, with the totals"),
  },
});

const WRITE_RULES = `A tgid is required ('${TERMINAL_MESSAGES.selectTgid}', 400); one the ` +
  "caller does not reach, or (a client) one merely shared with its company, answers 404 'Tgid " +
  "not found'; trackingFrequency is one of the 12 choices (default 0); the three transmission flags " +
  "default to false; `items` are checked against the device type's template " +
  "(openapi/schemas/terminal/terminal_templates.ts): unknown names and bad values are refused (400), " +
  "missing ones take their default. Another terminal of the type with the same identifier: 409.";

export const addDevice = defineRoute({
  access: "user",
  tenancy: "tgid",
  method: "post",
  path: "/rest/terminal/addDevice",
  rules: templateRules("add"),
  summary: "Add a terminal",
  description: `${WRITE_RULES} VSAT has no add form ('${TERMINAL_MESSAGES.vsatNotAddable}', ` +
    "400). Inmarsat C adds an existing terminal, for administrators only (a client gets 403 " +
    `'${TERMINAL_MESSAGES.inmarsatCByAdministrator}'): \`imn\` names a registered mtl (404 ` +
    "when none, 409 when attached already), `mtl` defaults to 0, `region` is AORW 0, AORE 1, " +
    "POR 2, IOR 3, CURRENT 4 or ALL 9; the mtl is attached to the new terminal.",
  request: {
    body: jsonBody(TerminalAddSchema, {
      tgidId: 12,
      deviceTypeId: 3,
      deviceLabel: "Northern Star",
      trackingFrequency: 3600,
      items: [{ name: "imei", value: "300234063904190" }],
    }),
  },
  responses: { 200: jsonResponse(TerminalSchema, "The new terminal") },
  errors: [404, 409],
});

export const updateDevice = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/terminal/updateDevice",
  rules: templateRules("update"),
  summary: "Change a terminal",
  description: `${WRITE_RULES} The device type cannot change (400). 404 when the terminal ` +
    "does not exist.",
  request: {
    body: jsonBody(TerminalUpdateSchema, {
      deviceId: 12,
      tgidId: 13,
      deviceTypeId: 3,
      deviceLabel: "Northern Star",
      trackingFrequency: 1800,
      items: [{ name: "imei", value: "300234010753370" }],
    }),
  },
  responses: { 200: jsonResponse(TerminalSchema, "The terminal, changed") },
  errors: [404, 409],
});

export const updateLabel = defineRoute({
  access: "user",
  tenancy: "tgid",
  method: "post",
  path: "/rest/terminal/updateLabel",
  summary: "Change a terminal's label",
  description: "Our addition: the non-administrators' label-only edit (updateDevice is " +
    "administrators'). An Inmarsat C terminal's mtl takes the same label. 404 when unknown or " +
    "out of reach, and for a client when its tgid is merely shared with the client's company " +
    "(read-only).",
  request: { body: jsonBody(TerminalLabelUpdateSchema, { deviceId: 12, label: "Northern Star" }) },
  responses: { 200: jsonResponse(TerminalSchema, "The terminal, relabelled") },
  errors: [404],
});

export const deleteDevice = defineRoute({
  writes: true,
  access: "admin",
  method: "get",
  path: "/rest/terminal/deleteDevice",
  summary: "Delete a terminal",
  description: "Deletes the terminal and its item logs; an Inmarsat C terminal's mtl stays " +
    "registered, unattached. VSAT and the default device type (SkyFile M2M) are not deletable " +
    "(409 '{type} terminals cannot be deleted'). 404 when unknown.",
  request: { query: TerminalDeleteQuerySchema },
  responses: { 200: jsonResponse(TerminalDeletedSchema, "The deleted terminal's id") },
  errors: [404, 409],
});
