/**
 * Member routing exceptions (management-routing §3 "Routing exceptions", §7 Tgids): a dnid
 * member's data, for one ocean, routed to another tgid. The calls under /rest/tgid that list, add
 * and remove them per member, and GET /rest/dnids/getDnidRoutingData (every one of them). Shared
 * by the server and the status page's dialog.
 */
import { z } from "zod";
import { OCEANS } from "../enums.ts";
import { SELECT_TGID } from "./messages.ts";
import { bodyId, MAX_ID, TgidRefSchema } from "./common.ts";
import { memberQuery, MemberSchema, queryInt } from "./dnid_status.ts";
import { TgidChoiceSchema, TgidIdSchema } from "./tgids.ts";

/** The spec's toasts of the routing exception dialog, and the refusal of a duplicate. */
export const ROUTING_RULE_MESSAGES = {
  added: "exception added successfully",
  addError: "error on exception creation",
  listError: "Get routing rule list error",
  duplicate: "This routing exception already exists",
  removed: "Routing exception removed",
} as const;

export const OceanSchema = z.enum(OCEANS, { error: `Ocean must be one of ${OCEANS.join(", ")}` })
  .meta({ id: "Ocean", description: "The ocean region the exception applies to" });
export type Ocean = z.infer<typeof OceanSchema>;

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
  dnid: queryInt("Dnid", "The dnid's number", 1),
  les: queryInt("LES", "The dnid's LES", 1),
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
  ocean: OceanSchema,
});
