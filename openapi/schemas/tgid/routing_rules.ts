/**
 * Member routing exceptions (management-routing §3 "Routing exceptions", §7 Tgids): a dnid
 * member's data, for one ocean, routed to another tgid. The calls under /rest/tgid that list, add
 * and remove them per member, and GET /rest/dnids/getDnidRoutingData (every one of them). Shared
 * by the server and the status page's dialog.
 */
import { z } from "zod";
import { OCEANS } from "../../enums.ts";
import { formMessages, SELECT_TGID } from "../messages.ts";
import { bodyId, matching, MAX_ID, requiredText, TgidRefSchema } from "../common.ts";
import { dnidQuery, lesQuery, memberQuery, MemberSchema } from "../dnids/dnid_status.ts";
import { TgidChoiceSchema, TgidIdSchema } from "./tgids.ts";
import { ROUTING_DNID_SEARCH_LIMIT, TGID_EXCEPTION_MESSAGES } from "./tgid_messages.ts";

/** The spec's toasts of the routing exception dialog, and the refusal of a duplicate. */
export const ROUTING_RULE_MESSAGES = {
  added: "exception added successfully",
  addError: "error on exception creation",
  listError: TGID_EXCEPTION_MESSAGES.listError,
  duplicate: "This routing exception already exists",
  removed: "Routing exception removed",
  selectDnid: "Please select a dnid",
  selectMember: "Please select a member",
  selectOcean: "Please select an ocean",
  selectMtl: "Please select an mtl",
  notAMember: (member: number, dnid: number, les: number) =>
    `Member ${member} is not a member of dnid ${dnid} (LES ${les})`,
} as const;

const OceanSchema = z.enum(OCEANS, { error: `Ocean must be one of ${OCEANS.join(", ")}` })
  .meta({ id: "Ocean", description: "The ocean region the exception applies to" });
export type Ocean = z.infer<typeof OceanSchema>;

/** A form's ocean select: nothing chosen says so ('Please select an ocean'). */
const OceanChoiceSchema = z.enum(OCEANS, {
  error: (issue) =>
    issue.input === "" || issue.input == null
      ? ROUTING_RULE_MESSAGES.selectOcean
      : `Ocean must be one of ${OCEANS.join(", ")}`,
});

/** GET /rest/dnids/getOceans: the oceans a routing exception can name. */
export const OceansSchema = z.array(OceanSchema).meta({ id: "Oceans" });

export const RoutingMemberRuleSchema = z.object({
  tgid: TgidRefSchema.meta({ description: "The tgid the member's data is routed to" }),
  dnid: z.number().int(),
  les: z.number().int(),
  member: z.number().int(),
  ocean: OceanSchema,
}).meta({ id: "RoutingMemberRule" });
export type RoutingMemberRule = z.infer<typeof RoutingMemberRuleSchema>;

export const RoutingMemberRuleListSchema = z.array(RoutingMemberRuleSchema)
  .meta({ id: "RoutingMemberRuleList" });

/** GET /rest/tgid/listRoutingRulesByDnid?dnid&les&member */
export const RoutingRulesByDnidQuerySchema = z.object({
  dnid: dnidQuery,
  les: lesQuery,
  member: memberQuery,
});

/**
 * POST /rest/tgid/addDnidRoutingRules and /removeDnidRoutingRules: the spec's body,
 * `{tgidid, dnidid, dnidles, member, ocean}`.
 */
export const DnidRoutingRuleSchema = z.object({
  tgidid: TgidIdSchema.max(MAX_ID, { error: SELECT_TGID }).meta({
    description: "The tgid the data goes to ('Please, select a Tgid')",
  }),
  dnidid: bodyId("Dnid"),
  dnidles: bodyId("LES"),
  member: MemberSchema,
  ocean: OceanSchema,
}).meta({ id: "DnidRoutingRule" });
export type DnidRoutingRule = z.output<typeof DnidRoutingRuleSchema>;

/** The add form of the dialog: the picked tgid and the ocean (the member is the dialog's). */
export const RoutingRuleFormSchema = z.object({
  tgid: TgidChoiceSchema,
  ocean: OceanChoiceSchema,
});

// ---- mtl exceptions, and a tgid's exceptions (the tgid page) ----

export { ROUTING_DNID_SEARCH_LIMIT, TGID_EXCEPTION_MESSAGES };

const MTL_ID_MAX = 32;
const mtlId = (label: string) =>
  matching(requiredText(label, MTL_ID_MAX), /^\d+$/, formMessages.match(label));

export const RoutingMtlRuleSchema = z.object({
  tgid: TgidRefSchema.meta({ description: "The tgid the mtl's data is routed to" }),
  mtl: z.string().meta({ description: "The mtl (imn)" }),
  deviceId: z.number().int().nullable().meta({ description: "The terminal carrying the mtl" }),
  createdAt: z.string().meta({ format: "date-time" }),
}).meta({ id: "RoutingMtlRule" });
export type RoutingMtlRule = z.infer<typeof RoutingMtlRuleSchema>;
export const RoutingMtlRuleListSchema = z.array(RoutingMtlRuleSchema)
  .meta({ id: "RoutingMtlRuleList" });

/** POST /rest/tgid/addMtlRoutingRules and /removeMtlRoutingRule: the spec's `{tgidid, mtlid}`. */
export const MtlRoutingRuleSchema = z.object({
  tgidid: TgidIdSchema.max(MAX_ID, { error: SELECT_TGID }).meta({
    description: "The tgid the data goes to ('Please, select a Tgid')",
  }),
  mtlid: mtlId("Mtl").meta({ description: "The mtl (imn)", example: "436912345" }),
}).meta({ id: "MtlRoutingRule" });
export type MtlRoutingRule = z.output<typeof MtlRoutingRuleSchema>;

/** `?mtl` of GET /rest/tgid/listRoutingRulesByMtl. */
export const RoutingRulesByMtlQuerySchema = z.object({
  mtl: mtlId("Mtl").meta({
    description: "The mtl (imn)",
    example: "436912345",
    param: { in: "query" },
  }),
});

/** GET /rest/tgid/listRoutingRulesByTgid: the tgid's member and mtl exceptions. */
export const TgidRoutingRulesSchema = z.object({
  member: RoutingMemberRuleListSchema,
  mtl: RoutingMtlRuleListSchema,
}).meta({ id: "TgidRoutingRules" });
export type TgidRoutingRules = z.infer<typeof TgidRoutingRulesSchema>;

/** A picker's value: null (nothing chosen) and anything else fail with `message`. */
const chosen = <T extends z.ZodObject>(choice: T, message: string) =>
  choice.nullable().refine((v): v is z.output<T> => v !== null, { error: message });

/** A dnid chosen in the dialog's picker (null: 'Please select a dnid'). */
const selectDnid = ROUTING_RULE_MESSAGES.selectDnid;
const DnidChoiceSchema = chosen(
  z.object({ id: bodyId("Dnid"), les: bodyId("LES") }, { error: selectDnid }),
  selectDnid,
);

/** The member select's value: a member number as text ("" for none: 'Please select a member'). */
const MemberChoiceSchema = z.string({ error: ROUTING_RULE_MESSAGES.selectMember })
  .regex(/^\d{1,10}$/, { error: ROUTING_RULE_MESSAGES.selectMember })
  .transform(Number).pipe(MemberSchema);

/** An mtl chosen in the dialog's picker (null: 'Please select an mtl'); parsed: its imn. */
const selectMtl = ROUTING_RULE_MESSAGES.selectMtl;
const MtlChoiceSchema = chosen(z.object({ imn: mtlId("Mtl") }, { error: selectMtl }), selectMtl)
  .transform((v) => v.imn);

/**
 * The tgid page's create dialog: a member exception (a dnid chosen in its search, one of that
 * dnid's members, an ocean) or an mtl one (chosen in its search).
 */
export const TgidExceptionFormSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("member"),
    dnid: DnidChoiceSchema,
    member: MemberChoiceSchema,
    ocean: OceanChoiceSchema,
  }),
  z.object({ kind: z.literal("mtl"), mtl: MtlChoiceSchema }),
]);
