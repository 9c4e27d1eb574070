/**
 * Mtls — Inmarsat C mobile terminals (management-routing §3 and §7, portal-shell §3 and §7): the
 * calls under /rest/mtls, shared by the server and the islands. An mtl is keyed by its imn
 * (Inmarsat mobile number: 9 digits starting with 4). Every field is camelCase; `fwdId` is the
 * spec's forwardId.
 */
import { z } from "zod";
import { REGIONS } from "../enums.ts";
import { formMessages } from "./messages.ts";
import { codeFilter, digitsFilter, findRequestSchema, findResponseSchema } from "./find.ts";
import {
  line,
  matching,
  optionalText,
  textFilter,
  TgidRefSchema,
  trimmedLine,
  withPattern,
} from "./common.ts";
import { IMN_MESSAGE, IMN_PATTERN } from "./terminal/terminal_templates.ts";
import { inTimeRange } from "./time_bounds.ts";

export { IMN_MESSAGE, IMN_PATTERN };

export { MTL_MESSAGES } from "./terminal/terminal_messages.ts";

const MTL_TEXT_MAX = 100;

// ---- parts ----

/** An imn in a body: trimmed, 9 digits starting with 4. */
const ImnSchema = matching(trimmedLine("IMN"), IMN_PATTERN, IMN_MESSAGE)
  .meta({ description: "Inmarsat mobile number: 9 digits starting with 4", example: "436912345" });

/** An imn in the query string. */
const queryImn = (name: string) =>
  matching(line(name), IMN_PATTERN, IMN_MESSAGE).meta({
    description: "The mtl's imn (9 digits starting with 4)",
    example: "436912345",
    param: { in: "query" },
  });

const text = (label: string) =>
  optionalText(label, MTL_TEXT_MAX).optional().meta({
    description: `Trimmed, at most ${MTL_TEXT_MAX} characters; empty means none`,
  });

// ---- requests ----

export const MtlAddSchema = z.object({
  imn: ImnSchema,
  serial: text("Serial"),
  model: text("Model"),
  fwdId: text("Forward id"),
  deviceLabel: text("Label"),
  updateDate: withPattern(
    z.iso.datetime({ offset: true, error: formMessages.match("Update date") }),
  ).refine((v) => inTimeRange(Date.parse(v)), formMessages.match("Update date")).optional().meta({
    description: "When the terminal was registered, of the years 1970–9999; default now",
  }),
}).meta({ id: "MtlAdd" });
export type MtlAdd = z.output<typeof MtlAddSchema>;

export const MtlLabelUpdateSchema = z.object({
  imn: ImnSchema,
  label: optionalText("Label", MTL_TEXT_MAX).meta({ description: "Empty clears it" }),
}).meta({ id: "MtlLabelUpdate" });
export type MtlLabelUpdate = z.output<typeof MtlLabelUpdateSchema>;

export const MtlTestMessageSchema = z.object({
  id: ImnSchema.meta({ description: "The terminal identifier: the mtl's imn" }),
}).meta({ id: "MtlTestMessage" });
type MtlTestMessage = z.output<typeof MtlTestMessageSchema>;

export const MtlQuerySchema = z.object({ mtl: queryImn("Mtl") });
export const ImnQuerySchema = z.object({ imn: queryImn("IMN") });
export const StationMtlQuerySchema = z.object({ id: queryImn("Id") });

// ---- answers ----

export const MtlSchema = z.object({
  imn: z.string(),
  serial: z.string().nullable(),
  model: z.string().nullable(),
  fwdId: z.string().nullable().meta({ description: "The forward id (forwardId)" }),
  deviceLabel: z.string().nullable(),
  mtl: z.number().int().meta({ description: "The mtl value (0 by default)" }),
  region: z.number().int().nullable().meta({
    description: Object.entries(REGIONS).map(([c, n]) => `${c} ${n}`).join(", "),
  }),
  isValid: z.boolean(),
  miniC: z.boolean(),
  updateDate: z.string().meta({ format: "date-time" }),
  deviceId: z.number().int().nullable().meta({ description: "Its terminal; null: unattached" }),
  tgid: TgidRefSchema.nullable().meta({ description: "Its terminal's tgid; null: unattached" }),
  mayEdit: z.boolean().meta({
    description: "The caller may change it and send to it (its label, a test message): an " +
      "administrator, or a user of the company whose team owns its terminal's tgid; false on a " +
      "tgid merely shared with the caller's company, which it reads only",
  }),
}).meta({ id: "Mtl" });
export type Mtl = z.infer<typeof MtlSchema>;

export const MtlSerialSchema = z.object({
  imn: z.string(),
  serial: z.string().nullable(),
}).meta({ id: "MtlSerial" });
export type MtlSerial = z.infer<typeof MtlSerialSchema>;

export const MtlDeletedSchema = z.object({
  imn: z.string(),
  deviceId: z.number().int().nullable().meta({ description: "The terminal deleted with it" }),
}).meta({ id: "MtlDeleted" });

const StationMembershipSchema = z.object({
  dnid: z.number().int(),
  les: z.number().int(),
  member: z.number().int(),
  status: z.number().int().meta({
    description: "Negative: not authorized; below 3: active; 3 or more: inactive",
  }),
}).meta({ id: "StationMembership" });

export const StationMtlSchema = z.object({
  imn: z.string(),
  serial: z.string().nullable(),
  model: z.string().nullable(),
  les: z.number().int(),
  region: z.number().int().nullable(),
  oceanRegion: z.string().nullable().meta({ description: "The region's name (AORW, …)" }),
  mtl: z.number().int(),
  isValid: z.boolean(),
  miniC: z.boolean(),
  status: z.enum(["logged in", "logged out", "unknown"]).meta({
    description: "From the item logs loginTime and logoutTime: logged in when the last login " +
      "is after the last logout",
  }),
  lastLogin: z.string().nullable().meta({ format: "date-time" }),
  lastLogout: z.string().nullable().meta({ format: "date-time" }),
  dnids: z.array(StationMembershipSchema).meta({
    description: "The dnid memberships of the terminal",
  }),
}).meta({ id: "StationMtl", description: "What the land earth station holds for an mtl" });
export type StationMtl = z.infer<typeof StationMtlSchema>;

export const TestMessageSentSchema = z.object({
  listId: z.number().int(),
  groupId: z.number().int(),
  itemId: z.number().int(),
  status: z.number().int().meta({ description: "The command's status (1 In Progress)" }),
  recipient: z.string().meta({ description: "The terminal's imn" }),
  reference: z.number().int().meta({ description: "The station message's reference number" }),
}).meta({ id: "TestMessageSent" });
export type TestMessageSent = z.infer<typeof TestMessageSentSchema>;

// ---- find ----

const MTL_SORT_FIELDS = [
  "imn",
  "serial",
  "model",
  "label",
  "region",
  "updateDate",
  "deviceId",
] as const;

const MtlFilterSchema = z.object({
  imn: digitsFilter("IMN").meta({ description: "Digits: a part of the imn" }),
  serial: textFilter("Serial"),
  model: textFilter("Model"),
  label: textFilter("Label"),
  tgid: textFilter("Tgid").meta({
    description: "Its terminal's tgid: the number (digits), else a part of the label",
  }),
  region: codeFilter(REGIONS, "Region").optional(),
  attached: z.boolean().optional().meta({
    description: "true: only mtls with a terminal; false: only unattached ones",
  }),
}).strict().meta({ id: "MtlFilter" });

export const MtlFindRequestSchema = findRequestSchema(
  "MtlFindRequest",
  MtlFilterSchema,
  MTL_SORT_FIELDS,
  "imn ascending",
);
export type MtlFindRequest = z.output<typeof MtlFindRequestSchema>;

export const MtlFindResponseSchema = findResponseSchema("MtlFindResponse", MtlSchema, "mtl");
export type MtlFindResponse = z.infer<typeof MtlFindResponseSchema>;
