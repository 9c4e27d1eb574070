/**
 * Teams (portal-shell §3 and §7) and the Inmarsat C mtls of /rest/teams/getMtls and addMtl,
 * shared by the server and the islands' forms.
 */
import { z } from "zod";
import { DEFAULT_TEAM_RIGHTS, PROCESS_MODES, RIGHTS } from "../enums.ts";
import { formMessages } from "./messages.ts";
import { codeFilter, findRequestSchema, findResponseSchema, intFilter } from "./find.ts";
import {
  bodyId,
  codeList,
  matching,
  queryId,
  RefSchema,
  requiredText,
  RightsSchema,
  textFilter,
  trimmedLine,
} from "./common.ts";
import { CompanyChoiceSchema } from "./companies/companies.ts";
import {
  DetailDnidSchema,
  DetailEnidSchema,
  DetailTgidSchema,
  DetailUserSchema,
} from "./detail_lists.ts";

const TEAM_NAME_MAX = 100;
/** The answer to rights that are not one of the spec's values. */
export const UNKNOWN_RIGHTS = `Rights must be one of ${codeList(RIGHTS)}`;

const TeamNameSchema = requiredText("Name", TEAM_NAME_MAX).meta({
  description: `Unique within its company; trimmed, 1 to ${TEAM_NAME_MAX} characters`,
  example: "Fleet Operations",
});

const mtlInfoActive = z.boolean().meta({ description: "Mtl information is sent to the team" });
const mtlInfoFtp = z.boolean().meta({ description: "Mtl information is sent by FTP" });

/** The team dialog's fields; what POST /rest/teams/create takes as `team`. */
export const TeamCreateFieldsSchema = z.object({
  name: TeamNameSchema,
  company: CompanyChoiceSchema,
  rights: RightsSchema.default(DEFAULT_TEAM_RIGHTS).meta({
    description: `Default ${DEFAULT_TEAM_RIGHTS} (${RIGHTS[DEFAULT_TEAM_RIGHTS]})`,
  }),
  mtlInfoActive: mtlInfoActive.default(false),
  mtlInfoFtp: mtlInfoFtp.default(false),
}).meta({ id: "TeamCreateFields" });
export type TeamCreateFields = z.output<typeof TeamCreateFieldsSchema>;

export const TeamCreateSchema = z.object({ team: TeamCreateFieldsSchema })
  .meta({ id: "TeamCreate" });

/** POST /rest/teams/update's `team`: rights and the mtl flags keep their value when left out. */
const TeamUpdateFieldsSchema = z.object({
  id: bodyId("Id"),
  name: TeamNameSchema,
  company: CompanyChoiceSchema,
  rights: RightsSchema.optional().meta({ description: "Unchanged when left out" }),
  mtlInfoActive: mtlInfoActive.optional(),
  mtlInfoFtp: mtlInfoFtp.optional(),
}).meta({ id: "TeamUpdateFields" });
export type TeamUpdateFields = z.output<typeof TeamUpdateFieldsSchema>;

export const TeamUpdateSchema = z.object({ team: TeamUpdateFieldsSchema })
  .meta({ id: "TeamUpdate" });

export const TeamDeleteSchema = z.object({ teamId: bodyId("Team id") })
  .meta({ id: "TeamDelete" });

export const TeamIdQuerySchema = z.object({ id: queryId("Id", "The team's id") });
export const OpenPortsQuerySchema = z.object({ teamId: queryId("Team id", "The team's id") });

// ---- reads ----

export const TeamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company: RefSchema,
  rights: RightsSchema,
  mtlInfoActive: z.boolean(),
  mtlInfoFtp: z.boolean(),
}).meta({ id: "Team" });
export type Team = z.infer<typeof TeamSchema>;

export const TeamDetailsSchema = TeamSchema.extend({
  users: z.array(DetailUserSchema).meta({ description: "By login" }),
  tgids: z.array(DetailTgidSchema.extend({
    shared: z.boolean().meta({ description: "Shared with the team by another team (tgid_teams)" }),
  })).meta({ description: "Tgids it owns, then those shared with it; by id" }),
  enids: z.array(DetailEnidSchema).meta({ description: "Enids the team uses, by id and LES" }),
  dnids: z.array(DetailDnidSchema)
    .meta({ description: "Dnids allocated to the team, by id and LES" }),
}).meta({ id: "TeamDetails" });
export type TeamDetails = z.infer<typeof TeamDetailsSchema>;

const TeamRowSchema = TeamSchema.extend({
  userCount: z.number().int(),
  tgidCount: z.number().int().meta({ description: "Tgids the team owns" }),
}).meta({ id: "TeamRow" });
export type TeamRow = z.infer<typeof TeamRowSchema>;
export const TeamListSchema = z.array(TeamRowSchema).meta({ id: "TeamList" });

export const TeamDeletedSchema = z.object({ id: z.number().int(), name: z.string() })
  .meta({ id: "TeamDeleted" });

const OpenPortSchema = z.object({
  id: z.number().int().meta({ description: "The push process" }),
  hostname: z.string(),
  port: z.number().int(),
  mode: z.enum(PROCESS_MODES).meta({ description: "Delivery mode: D, P, F or W" }),
  protocol: z.string().nullable(),
}).meta({ id: "OpenPort" });
export const OpenPortListSchema = z.array(OpenPortSchema).meta({ id: "OpenPortList" });

// ---- mtls ----

/** An mtl as GET /rest/teams/getMtls lists it (the mtls resource's `Mtl` says more). */
const MtlSummarySchema = z.object({
  imn: z.string().meta({ description: "The Inmarsat mobile number, also the mtl's id" }),
  serial: z.string().nullable(),
  model: z.string().nullable(),
  isValid: z.boolean(),
  miniC: z.boolean(),
  deviceId: z.number().int().nullable().meta({ description: "Its terminal, if attached" }),
}).meta({ id: "MtlSummary" });
export type MtlSummary = z.infer<typeof MtlSummarySchema>;
export const MtlListSchema = z.array(MtlSummarySchema).meta({ id: "MtlList" });

const MTL_ID_MAX_DIGITS = 15;
const SERIAL_MAX = 64;
const mtlIdError = formMessages.match("Mtl id");

export const AddMtlSchema = z.object({
  mtlId: z.union([
    matching(trimmedLine("Mtl id"), new RegExp(`^\\d{1,${MTL_ID_MAX_DIGITS}}$`), mtlIdError),
    z.number({ error: mtlIdError }).int({ error: mtlIdError }).min(0, mtlIdError)
      .max(10 ** MTL_ID_MAX_DIGITS - 1, mtlIdError).transform(String),
  ], { error: mtlIdError })
    .meta({
      description: "The mtl (its imn): its digits, as text or a number",
      example: "436912345",
    }),
  sn: requiredText("Serial number", SERIAL_MAX).meta({
    description: "The serial number to record",
    example: "TT3026-001234",
  }),
}).meta({ id: "AddMtl" });
export type AddMtl = z.output<typeof AddMtlSchema>;

export const AddMtlResultSchema = MtlSummarySchema.extend({
  created: z.boolean().meta({ description: "The mtl was new (else its serial was replaced)" }),
}).meta({ id: "AddMtlResult" });

// ---- find ----

const TEAM_SORT_FIELDS = ["id", "name", "company", "rights"] as const;

const TeamFilterSchema = z.object({
  id: intFilter("Id").optional(),
  name: textFilter("Name"),
  company: textFilter("Company").meta({
    description: "The company's id (digits), else a part of its name (any case)",
  }),
  rights: codeFilter(RIGHTS, "Rights").optional(),
}).strict().meta({ id: "TeamFilter" });

export const TeamFindRequestSchema = findRequestSchema(
  "TeamFindRequest",
  TeamFilterSchema,
  TEAM_SORT_FIELDS,
  "name ascending",
);
export type TeamFindRequest = z.output<typeof TeamFindRequestSchema>;

export const TeamFindResponseSchema = findResponseSchema("TeamFindResponse", TeamRowSchema, "team");
export type TeamFindResponse = z.infer<typeof TeamFindResponseSchema>;

// ---- search ----

const SearchTeamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rights: RightsSchema,
  company: RefSchema,
}).meta({ id: "SearchTeam" });
export const SearchTeamListSchema = z.array(SearchTeamSchema).meta({ id: "SearchTeamList" });
