/**
 * Dnids (management-routing §3, §5 and §7): the calls under /rest/dnids and
 * /rest/tgid/dnidOpenPorts, shared by the server and the islands' forms. Answers name fields in
 * camelCase, as the spec's requests do (`immediateDelivery`, `rulId`, `tgidLabel`).
 */
import { z } from "zod";
import { DEFAULT_LES, FORBIDDEN_DNID } from "../../enums.ts";
import { ADMIN_MESSAGES, DNID_MESSAGES, formMessages, SELECT_TGID } from "../messages.ts";

export { DNID_MESSAGES };
import { DetailUserSchema } from "../detail_lists.ts";
import { RoutesByProtocolSchema } from "../tgid/tgids.ts";
import { digitsFilter, findRequestSchema, findResponseSchema, intFilter } from "../find.ts";
import {
  bodyId,
  MAX_ID,
  optionalText,
  queryId,
  RefSchema,
  textFilter,
  TgidRefSchema,
  trimmedLine,
} from "../common.ts";

const COMMENTS_MAX = 255;
const CARBON_COPY_MAX = 500;

// ---- keys ----

/** `?id&les`: les defaults to 21. */
export const DnidKeyQuerySchema = z.object({
  id: queryId("Id", "The dnid's number"),
  les: queryId("LES", `The LES; default ${DEFAULT_LES}`, DEFAULT_LES).optional(),
});

/** `?dnid&les` of GET /rest/tgid/dnidOpenPorts. */
export const DnidOpenPortsQuerySchema = z.object({
  dnid: queryId("Dnid", "The dnid's number"),
  les: queryId("LES", `The LES; default ${DEFAULT_LES}`, DEFAULT_LES).optional(),
});

const DnidNumber = bodyId("Id").refine((id) => id !== FORBIDDEN_DNID, DNID_MESSAGES.forbidden)
  .meta({ not: { const: FORBIDDEN_DNID }, description: `Any but ${FORBIDDEN_DNID} (forbidden)` });

/** A dnid's LES in a write: always 21. */
const WriteLes = z.literal(DEFAULT_LES, { error: DNID_MESSAGES.lesFixed })
  .default(DEFAULT_LES)
  .meta({ description: `Always ${DEFAULT_LES} (the default)` });

export const DnidKeySchema = z.object({
  id: bodyId("Id"),
  les: bodyId("LES").default(DEFAULT_LES),
}).meta({ id: "DnidKey" });
type DnidKey = z.output<typeof DnidKeySchema>;

// ---- reads ----

const Flag = z.number().int().min(0).max(1);

export const DnidSchema = z.object({
  id: z.number().int(),
  les: z.number().int(),
  company: RefSchema,
  team: RefSchema.nullable().meta({ description: "The team it is allocated to" }),
  tgid: TgidRefSchema.nullable().meta({ description: "The tgid its data is routed to" }),
  rulId: z.number().int().nullable(),
  carbonCopy: z.string().nullable(),
  comments: z.string().nullable(),
  comments2: z.string().nullable(),
  immediateDelivery: Flag.meta({ description: "The monitoring flag: 1 monitored, 0 not" }),
  vms: Flag,
  color: z.string().nullable(),
  members: z.number().int().meta({ description: "How many members (terminals) it has" }),
  updatedAt: z.string().meta({ description: "ISO 8601" }),
}).meta({ id: "Dnid" });
export type Dnid = z.infer<typeof DnidSchema>;

const DnidMemberSchema = z.object({
  member: z.number().int(),
  device: z.string().meta({ description: "The terminal's mtl (imn)" }),
  serial: z.string().nullable(),
  status: z.number().int().meta({
    description: "Negative: not authorized; below 3: active; 3 or more: inactive",
  }),
  isDefault: z.boolean().meta({ description: "This member is the terminal's default" }),
  updatedOn: z.string(),
}).meta({ id: "DnidMember" });

/** GET /rest/dnids/get: the dnid with its sub-lists (users, status, teams, routes). */
export const DnidDetailsSchema = DnidSchema.extend({
  rul: z.object({ id: z.number().int(), les: z.number().int(), customerName: z.string() })
    .nullable(),
  users: z.array(DetailUserSchema.extend({ team: RefSchema })).meta({
    description: "Users of the teams that reach its tgid, by login",
  }),
  status: z.array(DnidMemberSchema).meta({ description: "Its members, by member number" }),
  teams: z.array(RefSchema.extend({ owner: z.boolean() })).meta({
    description: "Teams that reach its tgid: the owner, then those it is shared with, by name",
  }),
  routes: RoutesByProtocolSchema.meta({ description: "Its tgid's delivery routes by protocol" }),
}).meta({ id: "DnidDetails" });
export type DnidDetails = z.infer<typeof DnidDetailsSchema>;

export const DnidKeysSchema = z.object({
  dnids: z.array(z.object({ id: z.number().int(), les: z.number().int() })),
}).meta({ id: "DnidKeys" });

export const LastIdSchema = z.object({
  id: z.number().int().meta({ description: "The highest id, 0 when there is none" }),
}).meta({ id: "LastId" });

export const StoreNPushHostSchema = z.object({
  hostName: z.string().meta({ description: "The store-and-push host customers connect to" }),
}).meta({ id: "StoreNPushHost" });

const DnidOpenPortSchema = z.object({
  id: z.number().int(),
  hostname: z.string(),
  port: z.number().int(),
  mode: z.string(),
  protocol: z.string().nullable(),
  team: RefSchema,
}).meta({ id: "DnidOpenPort" });
export const DnidOpenPortListSchema = z.array(DnidOpenPortSchema).meta({ id: "DnidOpenPortList" });

/** GET /rest/dnids/getLesDetails: the land earth station's record of the dnid. */
export const LesDetailsSchema = z.object({
  stationDnid: z.object({
    dnid: z.number().int(),
    les: z.number().int(),
    lesName: z.string(),
    rul: z.object({ id: z.number().int(), customerName: z.string() }).nullable(),
    storeNPushHost: z.string(),
    registeredOn: z.string().meta({ description: "When the dnid was registered (ISO 8601)" }),
    members: z.array(z.object({
      member: z.number().int(),
      mtl: z.string(),
      state: z.enum(["active", "inactive", "unauthorized"]),
      defaultDnid: z.boolean(),
    })),
  }),
}).meta({ id: "LesDetails" });
export type LesDetails = z.infer<typeof LesDetailsSchema>;

// ---- writes ----

/** A flag sent as 0/1 (the spec's) or a boolean. */
const FlagInput = z.union([z.boolean(), z.literal(0), z.literal(1)], {
  error: "Must be 0, 1, true or false",
}).transform((v) => v === true || v === 1);

const TeamId = z.number({ error: DNID_MESSAGES.selectTeam }).int({
  error: DNID_MESSAGES.selectTeam,
}).min(1, { error: DNID_MESSAGES.selectTeam }).max(MAX_ID, { error: DNID_MESSAGES.selectTeam });

const CompanyId = z.number({ error: ADMIN_MESSAGES.selectCompany })
  .int({ error: ADMIN_MESSAGES.selectCompany })
  .min(1, { error: ADMIN_MESSAGES.selectCompany })
  .max(MAX_ID, { error: ADMIN_MESSAGES.selectCompany });

const DnidOptsSchema = z.object({
  rulId: bodyId("Rul").nullable().optional(),
  carbonCopy: optionalText("Carbon copy", CARBON_COPY_MAX).nullable().optional(),
  color: optionalText("Color", 20).nullable().optional(),
  comments: optionalText("Comments", COMMENTS_MAX).nullable().optional(),
  comments2: optionalText("Comments 2", COMMENTS_MAX).nullable().optional(),
  immediateDelivery: FlagInput.optional().meta({ description: "Monitoring; create sends 0" }),
  vms: FlagInput.optional().meta({ description: "Create sends 0" }),
  isNewTgid: FlagInput.optional().meta({
    description: "Create a tgid labelled `tgidLabel` for `team` in the same transaction",
  }),
  team: TeamId.nullable().optional().meta({ description: "Required ('Please select a team')" }),
  tgidLabel: optionalText("Tgid label", 100).nullable().optional(),
}).refine((o) => o.team != null, { error: DNID_MESSAGES.selectTeam, path: ["team"] })
  .refine((o) => !o.isNewTgid || !!o.tgidLabel, {
    error: DNID_MESSAGES.tgidLabel,
    path: ["tgidLabel"],
  })
  .meta({ id: "DnidOpts" });

/** POST /rest/dnids/add and /update: the spec's `{id, les, company, tgid, opts}`. */
export const DnidWriteSchema = z.object({
  id: DnidNumber,
  les: WriteLes,
  company: CompanyId,
  tgid: z.number({ error: SELECT_TGID }).int({ error: SELECT_TGID }).min(1, { error: SELECT_TGID })
    .max(MAX_ID, { error: SELECT_TGID }).nullable().optional()
    .meta({ description: "An existing tgid; ignored (may be null) when opts.isNewTgid" }),
  opts: DnidOptsSchema,
}).refine((d) => d.opts.isNewTgid || d.tgid != null, { error: SELECT_TGID, path: ["tgid"] })
  .meta({ id: "DnidWrite" });
export type DnidWrite = z.output<typeof DnidWriteSchema>;

export const DnidToggleMonitoringSchema = z.object({
  id: bodyId("Id"),
  les: bodyId("LES").default(DEFAULT_LES),
  immediateDelivery: FlagInput.optional().meta({
    description: "The new value; without it the flag flips",
  }),
}).meta({ id: "DnidToggleMonitoring" });

export const DnidMonitoringSchema = z.object({
  id: z.number().int(),
  les: z.number().int(),
  immediateDelivery: Flag,
}).meta({ id: "DnidMonitoring" });

export const DnidDeletedSchema = z.object({
  id: z.number().int(),
  les: z.number().int(),
  members: z.number().int().meta({ description: "Member statuses deleted with it" }),
  routingExceptions: z.number().int().meta({ description: "Routing exceptions deleted with it" }),
}).meta({ id: "DnidDeleted" });

// ---- the dialog's form ----

/**
 * The add and edit dialog's fields as typed; the output is what /add and /update take. Create
 * sends immediate delivery 0, vms 0 and color null (the spec's fixed values).
 */
export const DnidFormSchema = z.object({
  id: trimmedLine("Id").regex(/^\d{1,10}$/, formMessages.match("Id")).transform(Number)
    .pipe(DnidNumber),
  company: CompanyId.nullable().refine((v) => v !== null, ADMIN_MESSAGES.selectCompany),
  team: TeamId.nullable().refine((v) => v !== null, DNID_MESSAGES.selectTeam),
  isNewTgid: z.boolean(),
  tgid: z.object({ id: z.number().int(), label: z.string() }).nullable(),
  tgidLabel: optionalText("Tgid label", 100),
  rul: z.object({ id: z.number().int(), les: z.number().int(), customerName: z.string() })
    .nullable(),
  carbonCopy: optionalText("Carbon copy", CARBON_COPY_MAX),
  comments: optionalText("Comments", COMMENTS_MAX),
  comments2: optionalText("Comments 2", COMMENTS_MAX),
}).refine((f) => f.isNewTgid || f.tgid !== null, { error: SELECT_TGID, path: ["tgid"] })
  .refine((f) => !f.isNewTgid || f.tgidLabel !== "", {
    error: DNID_MESSAGES.tgidLabel,
    path: ["tgidLabel"],
  });
export type DnidForm = z.input<typeof DnidFormSchema>;

/** The form's output as the request body (`fixed`: create's immediate delivery, vms, color). */
export const dnidRequest = (
  f: z.output<typeof DnidFormSchema>,
  fixed: { immediateDelivery: boolean; vms: number; color: string | null },
) => ({
  id: f.id,
  les: DEFAULT_LES as typeof DEFAULT_LES,
  company: f.company!,
  tgid: f.isNewTgid ? null : f.tgid!.id,
  opts: {
    rulId: f.rul?.id ?? null,
    carbonCopy: f.carbonCopy || null,
    color: fixed.color,
    comments: f.comments || null,
    comments2: f.comments2 || null,
    immediateDelivery: fixed.immediateDelivery ? 1 as const : 0 as const,
    vms: fixed.vms ? 1 as const : 0 as const,
    isNewTgid: f.isNewTgid,
    team: f.team!,
    tgidLabel: f.isNewTgid ? f.tgidLabel : null,
  },
});

// ---- find ----

const DNID_SORT_FIELDS = [
  "id",
  "les",
  "company",
  "team",
  "tgid",
  "monitoring",
  "members",
  "updatedAt",
] as const;

const DnidFilterSchema = z.object({
  id: digitsFilter("Dnid").meta({ description: "Digits: the number starts with them" }),
  company: textFilter("Company"),
  team: textFilter("Team"),
  tgid: textFilter("Tgid").meta({ description: "The tgid's label contains it, or its number" }),
  comments: textFilter("Comments"),
  monitoring: z.union([z.literal(""), z.literal("0"), z.literal("1"), z.literal(0), z.literal(1)])
    .optional().meta({ description: "All (empty), Monitored 1, Not Monitored 0" }),
  rulId: intFilter("Rul").optional(),
}).strict().meta({ id: "DnidFilter" });

export const DnidFindRequestSchema = findRequestSchema(
  "DnidFindRequest",
  DnidFilterSchema,
  DNID_SORT_FIELDS,
  "id ascending",
);
export type DnidFindRequest = z.output<typeof DnidFindRequestSchema>;

export const DnidFindResponseSchema = findResponseSchema(
  "DnidFindResponse",
  DnidSchema,
  "dnid",
  "dnids",
);
export type DnidFindResponse = z.infer<typeof DnidFindResponseSchema>;

// ---- allocation ----

export const ALLOCATION_SPAN_MAX = 1000;
/** A range's bounds out of order, or too far apart: the allocation call's rules. */
export const ALLOCATION_MESSAGES = {
  order: "To must not be below From",
  span: `At most ${ALLOCATION_SPAN_MAX} numbers at a time`,
} as const;

export const DnidAllocationQuerySchema = z.object({
  from: queryId("From", "The first number of the range"),
  to: queryId(
    "To",
    `The last number: not below from, and at most ${ALLOCATION_SPAN_MAX - 1} after it ` +
      `(${ALLOCATION_SPAN_MAX} numbers at a time)`,
    12 + ALLOCATION_SPAN_MAX - 1,
  ),
}).refine((q) => q.to >= q.from, { error: ALLOCATION_MESSAGES.order, path: ["to"] })
  .refine((q) => q.to - q.from < ALLOCATION_SPAN_MAX, {
    error: ALLOCATION_MESSAGES.span,
    path: ["to"],
  });

export const DnidAllocationSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  allocated: z.array(z.object({
    id: z.number().int(),
    les: z.number().int(),
    company: RefSchema,
    team: RefSchema.nullable(),
    tgid: TgidRefSchema.nullable(),
  })).meta({
    description: "Allocated dnids in the range, by number and LES (a client: its company's)",
  }),
  free: z.number().int().nullable().meta({
    description: `Numbers of the range free on LES ${DEFAULT_LES} (${FORBIDDEN_DNID} never is); ` +
      "null for a client (it would count other companies' numbers)",
  }),
  lastDnid: z.number().int().nullable().meta({
    description: "The highest dnid number; null for a client (another company's, maybe)",
  }),
}).meta({ id: "DnidAllocation" });
export type DnidAllocation = z.infer<typeof DnidAllocationSchema>;

// ---- search ----

const SearchDnidSchema = z.object({
  id: z.number().int(),
  les: z.number().int(),
  company: RefSchema,
  tgid: TgidRefSchema.nullable().meta({ description: "The tgid the dnid is routed to, if any" }),
}).meta({ id: "SearchDnid" });
export const SearchDnidListSchema = z.array(SearchDnidSchema).meta({ id: "SearchDnidList" });
