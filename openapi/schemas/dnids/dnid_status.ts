/**
 * Dnid status (management-routing §3 "Dnid status", §4 "Dnid status marking" and "Default status
 * toggle", §7): the members of the dnids — one row per (dnid, les, member, device) — their
 * activity, the terminal's default member (default mtl) and their programs. The calls under
 * /rest/dnids that read and change them and /rest/defaultMtl, shared by the server and the
 * status page.
 */
import { z } from "zod";
import { DEFAULT_LES } from "../../enums.ts";
import { formMessages } from "../messages.ts";
import { findRequestSchema, findResponseSchema, idFilter, numberFilterRange } from "../find.ts";
import {
  bodyId,
  MAX_ID,
  missingOr,
  queryInteger,
  RefSchema,
  requiredText,
  textFilter,
  TgidRefSchema,
} from "../common.ts";

export {
  DNID_STATUS_MESSAGES,
  DNID_STATUS_STATE_LABELS,
  type DnidStatusState,
} from "./dnid_status_messages.ts";
import { DNID_STATUS_STATES } from "./dnid_status_messages.ts";
import { TERMINAL_COMMAND_MESSAGES } from "../command/terminal_command_messages.ts";

/** What marking sets: active → 0, inactive → 3. */
export const ACTIVE_STATUS = 0;
export const INACTIVE_STATUS = 3;

const DEVICE_MAX = 100;

// ---- keys ----

/** A whole number from the query string, at least `min` (`?member=0`). */
const queryInt = (label: string, description: string, min: number, example = 1) =>
  queryInteger(
    label,
    z.coerce.number<string>().int().min(min, formMessages.min(label, min))
      .max(MAX_ID, formMessages.max(label, MAX_ID)),
    { description, example },
  );

/** A member number in a body: a whole number, 0 or more; none given: "Please select a member". */
export const MemberSchema = z.number({
  error: missingOr(TERMINAL_COMMAND_MESSAGES.selectMember, formMessages.match("Member")),
})
  .int(formMessages.match("Member")).min(0, formMessages.min("Member", 0))
  .max(MAX_ID, formMessages.max("Member", MAX_ID))
  .meta({ description: "The member number within the dnid" });

export const memberQuery = queryInt("Member", "The member number within the dnid", 0);
/** `?dnid&les` of a member: the examples name dnid 12 on LES 21. */
export const dnidQuery = queryInt("Dnid", "The dnid's number", 1, 12);
export const lesQuery = queryInt("LES", "The dnid's LES", 1, DEFAULT_LES);

/** The terminal's mtl (imn), as a status row names its device. */
const DeviceSchema = requiredText("Device", DEVICE_MAX)
  .meta({ description: "The terminal's mtl (imn)", example: "423456789" });

/** `?dnid&les&member&device`: one status row. */
export const DnidStatusKeyQuerySchema = z.object({
  dnid: dnidQuery,
  les: lesQuery,
  member: memberQuery,
  device: requiredText("Device", DEVICE_MAX).meta({
    description: "The terminal's mtl (imn)",
    example: "423456789",
    param: { in: "query" },
  }),
});
export type DnidStatusKey = z.output<typeof DnidStatusKeyQuerySchema>;

/** POST /rest/dnids/deleteDnidStatus: one status row. */
export const DnidStatusKeySchema = z.object({
  dnid: bodyId("Dnid"),
  les: bodyId("LES"),
  member: MemberSchema,
  device: DeviceSchema,
}).meta({ id: "DnidStatusKey" });

// ---- reads ----

const isoDate = (description: string) => z.string().meta({ description, format: "date-time" });

export const DnidStatusRowSchema = z.object({
  dnid: z.number().int(),
  les: z.number().int(),
  member: z.number().int(),
  device: z.string().meta({ description: "The terminal's mtl (imn)" }),
  serial: z.string().nullable(),
  status: z.number().int().meta({
    description: "Negative: not authorized; below 3: active; 3 or more: inactive",
  }),
  state: z.enum(DNID_STATUS_STATES).meta({ description: "What `status` means" }),
  isDefault: z.boolean().meta({
    description: "The default flag: the terminal's default mtl is this dnid, LES and member",
  }),
  progActive: z.boolean(),
  progInterval: z.number().int().nullable(),
  progStartFrame: z.number().int().nullable(),
  progUpdatedOn: isoDate("When the program last changed").nullable(),
  updatedOn: isoDate("When the status last changed"),
  tgid: TgidRefSchema.nullable().meta({ description: "The dnid's tgid" }),
  terminal: z.object({
    deviceId: z.number().int(),
    label: z.string().nullable(),
  }).nullable().meta({
    description: "The terminal whose mtl is the device (when the caller may see it)",
  }),
  exceptions: z.number().int().meta({
    description: "How many routing exceptions this dnid, LES and member has",
  }),
}).meta({ id: "DnidStatusRow" });
export type DnidStatusRow = z.infer<typeof DnidStatusRowSchema>;

/** GET /rest/dnids/getDnidStatusDetails: the row, its dnid and its terminal's mtl. */
export const DnidStatusDetailsSchema = z.object({
  status: DnidStatusRowSchema,
  dnid: z.object({
    id: z.number().int(),
    les: z.number().int(),
    company: RefSchema,
    tgid: TgidRefSchema.nullable(),
    comments: z.string().nullable(),
    comments2: z.string().nullable(),
  }),
  mtl: z.object({
    imn: z.string(),
    serial: z.string().nullable(),
    model: z.string().nullable(),
    deviceLabel: z.string().nullable(),
    deviceId: z.number().int().nullable(),
    region: z.number().int().nullable().meta({
      description: "0 AORW, 1 AORE, 2 POR, 3 IOR, 4 CURRENT, 9 ALL",
    }),
  }).nullable().meta({ description: "The mtl of the device (when the caller may see it)" }),
}).meta({ id: "DnidStatusDetails" });
export type DnidStatusDetails = z.infer<typeof DnidStatusDetailsSchema>;

// ---- find ----

const DNID_STATUS_SORT_FIELDS = ["dnid", "member", "device", "status", "updatedOn"] as const;

const DnidStatusFilterSchema = z.object({
  dnid: idFilter("Dnid").optional(),
  les: idFilter("LES").optional(),
  member: idFilter("Member").optional(),
  device: textFilter("Device").meta({ description: "The mtl starts with it, any case" }),
  serial: textFilter("Serial"),
  state: z.enum(DNID_STATUS_STATES, {
    error: `State must be one of ${DNID_STATUS_STATES.join(", ")}`,
  }).optional().meta({ description: "active (0 to 2), inactive (3 or more), unauthorized (<0)" }),
  tgid: idFilter("Tgid").optional().meta({
    description: `The dnid's tgid number. ${numberFilterRange(0)}`,
  }),
}).strict().meta({ id: "DnidStatusFilter" });

/** POST /rest/dnids/getDnidStatuses: `{active, filter, sorting, count, page}`. */
export const DnidStatusFindRequestSchema = findRequestSchema(
  "DnidStatusFindRequest",
  DnidStatusFilterSchema,
  DNID_STATUS_SORT_FIELDS,
  "dnid ascending, then LES, member and device",
  {
    active: z.boolean({ error: "Active must be true, false or null" }).nullable().optional()
      .meta({
        description: "true: only active members (status 0 to 2); false: only inactive ones " +
          "(3 or more); absent or null: all",
      }),
  },
);
export type DnidStatusFindRequest = z.output<typeof DnidStatusFindRequestSchema>;

export const DnidStatusFindResponseSchema = findResponseSchema(
  "DnidStatusFindResponse",
  DnidStatusRowSchema,
  "dnid status",
  "data",
);
export type DnidStatusFindResponse = z.infer<typeof DnidStatusFindResponseSchema>;

// ---- writes ----

/** POST /rest/dnids/setdnidActive: the spec's `{device, dnid_id, member, les, active}`. */
export const DnidSetActiveSchema = z.object({
  device: DeviceSchema,
  dnid_id: bodyId("Dnid"),
  member: MemberSchema,
  les: bodyId("LES"),
  active: z.boolean({ error: "Active must be true or false" }).meta({
    description: `true sets status ${ACTIVE_STATUS}, false sets ${INACTIVE_STATUS}`,
  }),
}).meta({ id: "DnidSetActive" });
export type DnidSetActive = z.output<typeof DnidSetActiveSchema>;

export const DnidStatusDeletedSchema = z.object({
  dnid: z.number().int(),
  les: z.number().int(),
  member: z.number().int(),
  device: z.string(),
  defaultRemoved: z.boolean().meta({ description: "The terminal's default pointed to it" }),
  routingExceptions: z.number().int().meta({
    description: "Routing exceptions of the member deleted with it (its last device)",
  }),
}).meta({ id: "DnidStatusDeleted" });
export type DnidStatusDeleted = z.infer<typeof DnidStatusDeletedSchema>;

// ---- default mtl ----

/** POST /rest/defaultMtl/update: `{deviceId, dnid, les, member}`. */
export const DefaultMtlSchema = z.object({
  deviceId: DeviceSchema,
  dnid: bodyId("Dnid"),
  les: bodyId("LES"),
  member: MemberSchema,
}).meta({ id: "DefaultMtl" });
export type DefaultMtl = z.output<typeof DefaultMtlSchema>;

/** POST /rest/defaultMtl/delete: `{deviceId}`. */
export const DefaultMtlDeleteSchema = z.object({ deviceId: DeviceSchema })
  .meta({ id: "DefaultMtlDelete" });
